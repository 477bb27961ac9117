import Foundation
import Testing

@testable import VibeKeeper

/// Inputs that gave a wrong figure without a word (issue 15), now diagnostics.
@Suite struct SilentWrongTests {
  @Test func aDecimalCommaIsAnErrorAndTheRecordIsNeverCounted() throws {
    let r = try load([
      "purchases/2026/11.yml":
        "- {date: 2026-11-20, name: Apples, price: 1,65}\n- {date: 2026-11-21, name: Pears, price: 2.10}\n",
      "shopping/list.md": "---\ntitle: Weekly\nitems:\n  - {name: Eggs, estimate: 2,49}\n---\n",
    ])
    #expect(
      r.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/purchases/2026/11.yml:1:43: 'price' is written with a decimal comma: '1,65'",
        "data/shopping/list.md:4:28: 'estimate' is written with a decimal comma: '2,49'",
      ])
    #expect(r.diagnostics.first?.hint == "write decimals with a point: `price: 1.65`")
    #expect(r.household.purchases.map(\.name) == ["Pears"])
    #expect(r.household.shopping.isEmpty)
  }

  /// Any error, not only a decimal comma, leaves its record out of every figure: a wrong
  /// type, an impossible date, a name of no record. A record that only names one left out
  /// for its own error keeps itself and loses the link (a note says why).
  @Test func aRecordWithAnyErrorIsNeverCounted() throws {
    let r = try load([
      "budgets/nov.md":
        "---\ntitle: November\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
      "items/milk.md": "---\nname: [Milk, Oat]\n---\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-20, name: Apples, price: 3, quantity: two}
      - {date: 2026-11-31, name: Pears, price: 4}
      - {date: 2026-11-21, item: milk-x, price: 5}
      - {date: 2026-11-22, item: milk, price: 6}
      - {date: 2026-11-23, name: Bread, price: 7}

      """,
    ])
    #expect(r.household.purchases.map(\.price) == [6, 7])
    #expect(r.household.purchases.first?.item == nil)  // milk itself had an error
    #expect(r.household.purchases.first?.name == "milk")
    #expect(r.diagnostics.contains { $0.severity == .note && $0.message.contains("left out") })
    let budget = try #require(r.household.budgets.first)
    let spent = BudgetSpending.entries(for: budget, in: r.household).reduce(Decimal(0)) {
      $0 + $1.money.amount
    }
    #expect(spent == 13)
  }

  /// Scope `groceries` with categories produce, dairy and meat counted almost nothing
  /// without a word: each category the scope can never count is a warning at its name.
  @Test func aCategoryTheScopeCanNeverCountIsAWarning() throws {
    let r = try load([
      "budgets/food.md": """
      ---
      title: Food
      amount: 300
      start: 2026-11-01
      end: 2026-11-30
      scope: groceries
      categories: {produce: 100, dairy: 50, groceries: 150}
      ---

      """
    ])
    let h = r.household
    let clock = LocalClock(now: utc("2026-11-20T12:00"), timeZone: .gmt)
    let warnings = HouseholdAnalysis(h, clock: clock).diagnostics.map {
      "\($0.location): \($0.message)"
    }
    #expect(
      warnings == [
        "data/budgets/food.md:7:14: category 'produce' of budget 'food' can never count anything: the budget's scope is 'groceries', so it counts only that category",
        "data/budgets/food.md:7:28: category 'dairy' of budget 'food' can never count anything: the budget's scope is 'groceries', so it counts only that category",
      ])
  }

  /// "gifts" is one thing: a gifts budget counts the gift records bought in the period and
  /// the purchases whose category is gifts; an `all` budget counts every purchase.
  @Test func giftsMeansOneThing() throws {
    let r = try load([
      "budgets/gifts.md":
        "---\ntitle: Gifts\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\nscope: gifts\n---\n",
      "budgets/all.md":
        "---\ntitle: All\namount: 500\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
      "gifts/scarf.md": "---\ntitle: Scarf\nprice: 30\npurchased: 2026-11-10\n---\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-12, name: Card, price: 4, category: Gifts}
      - {date: 2026-11-13, name: Bread, price: 3, category: groceries}

      """,
    ])
    let a = BudgetAnalysis.analyse(r.household, today: LocalDate(year: 2026, month: 11, day: 20)!)
    let spent = Dictionary(uniqueKeysWithValues: a.summaries.map { ($0.budget.id, $0.spent) })
    #expect(spent["gifts"] == 34)
    #expect(spent["all"] == 7)
  }

  /// Three days into a 92-day gift budget a straight line said "heading for €1,011": the
  /// projection waits for a quarter of the period and says what it rests on.
  @Test func noProjectionTooEarly() throws {
    var h = Household()
    h.budgets = [MoneyFixture.budget("q4", "2026-10-01", "2026-12-31", amount: "400")]
    h.purchases = [MoneyFixture.purchase("p", "2026-10-02", "33")]
    func summary(_ day: String) throws -> BudgetSummary {
      try #require(BudgetAnalysis.analyse(h, today: MoneyFixture.day(day)).summaries.first)
    }
    let early = try summary("2026-10-03")
    #expect(early.projectedTotal == nil)
    #expect(early.projectionBasis == "too early: it needs 23 of the 92 days")
    #expect(early.onTrack)
    let later = try summary("2026-10-23")
    #expect(later.projectedTotal == 132)
    #expect(later.projectionBasis == "the pace of the 23 days so far (of 92)")
    #expect(try summary("2027-01-05").projectedTotal == 33)
    #expect(BudgetAnalysis.projectionDays(7) == 3)
    #expect(BudgetAnalysis.projectionDays(2) == 2)
    #expect(BudgetAnalysis.projectionDays(30) == 8)
  }

  /// "Halloween · 6 years", "Gift for Leo: Leo's school play", Mum's birthday showing her
  /// Christmas ideas, a gift bought (with a date, no status) shown as an idea.
  @Test func occasionsCountYearsAndTakeGiftsOnlyWhenTheyShould() throws {
    let r = try load([
      "contacts/mum.md": "---\nname: Mum\nbirthday: 1960-11-30\n---\n",
      "contacts/leo.md": "---\nname: Leo\n---\n",
      "occasions/halloween.md": "---\ntitle: Halloween\ndate: 2020-10-31\nrecurring: yearly\n---\n",
      "occasions/xmas.md": "---\ntitle: Christmas Eve\ndate: 2020-12-24\nrecurring: yearly\n---\n",
      "occasions/play.md": "---\ntitle: Leo's school play\ndate: 2026-12-10\ncontact: leo\n---\n",
      "occasions/club.md":
        "---\ntitle: Choir jubilee\ndate: 2001-12-05\nrecurring: yearly\ntype: anniversary\ngifts: false\n---\n",
      "gifts/scarf.md": "---\ntitle: Scarf\nfor: mum\noccasion: xmas\n---\n",
      "gifts/tea.md":
        "---\ntitle: Tea\nfor: mum\noccasion: birthday\npurchased: 2026-11-20\nprice: 8\n---\n",
      "gifts/pen.md": "---\ntitle: Pen\nfor: mum\noccasion: birthday\nstatus: purchased\n---\n",
      "gifts/book.md": "---\ntitle: Book\nfor: mum\n---\n",
      "gifts/mug.md": "---\ntitle: Mug\nfor: mum\ngiven: 2026-10-01\n---\n",
    ])
    let h = r.household
    // `given:` alone means given (not an idea still to buy).
    #expect(h.gifts.first { $0.id == "mug" }?.status == .given)
    let clock = LocalClock(now: utc("2026-11-25T12:00"), timeZone: .gmt)
    let analysis = HouseholdAnalysis(h, clock: clock)
    // A bought gift with no day: a warning, since no budget can count it.
    #expect(
      analysis.diagnostics.map(\.message) == [
        "gift 'mug' is given but has no 'purchased' date, so no budget counts it",
        "gift 'pen' is purchased but has no 'purchased' date, so no budget counts it",
      ])
    // `purchased:` alone means purchased, everywhere.
    #expect(h.gifts.first { $0.id == "tea" }?.status == .purchased)
    var settings = h.settings
    settings.occasions.horizonDays = 40
    var wide = h
    wide.settings = settings
    let upcoming = Dictionary(
      uniqueKeysWithValues: UpcomingOccasions.upcoming(in: wide, clock: clock).map { ($0.id, $0) })
    let mum = try #require(upcoming["mum"])
    #expect(mum.gifts.map(\.id) == ["book"])  // not her Christmas scarf
    #expect(mum.bought.map(\.id) == ["pen", "tea"])  // not the mug, given for no occasion
    let xmas = try #require(upcoming["xmas"])
    #expect(xmas.years == nil)
    #expect(xmas.takesGifts)  // a gift names it
    #expect(xmas.gifts.map(\.id) == ["scarf"])
    let play = try #require(upcoming["play"])
    #expect(!play.takesGifts)
    #expect(play.gifts.isEmpty)
    let club = try #require(upcoming["club"])
    #expect(club.years == 25)
    #expect(!club.takesGifts)
    // The feed: no years on holidays, no gift event for the play or the choir.
    let feeds = Feeds(
      FeedInputs(household: h, analysis: analysis, stamps: FeedStamps()),
      previous: nil)
    let summaries = feeds.events.map(\.summary)
    #expect(summaries.contains("Halloween"))
    #expect(!summaries.contains { $0.hasPrefix("Halloween (") })
    #expect(summaries.contains("Choir jubilee (25 years)"))
    #expect(
      !summaries.contains { $0.contains("school play in") || $0.contains("Choir jubilee in") })
    #expect(summaries.contains("Christmas Eve in 7 days"))
  }

  /// Spent 12.00 of a 10.00 list said over_budget false; a completed list's estimates moved
  /// with later prices; the report's "Paid" was the unit price, the site's the line total.
  @Test func shoppingCountsWhatWasPaidAndFreezesWhenDone() throws {
    let files = [
      "items/milk.md": "---\nname: Milk\n---\n",
      "prices/p.yml": """
      - {date: 2026-11-01, item: milk, price: 1.00}
      - {date: 2026-11-20, item: milk, price: 2.00}

      """,
      "shopping/open.md": """
      ---
      title: Open
      budget: 10
      items:
        - {name: Cheese, quantity: 2, estimate: 3, purchased: true, actual: 6}
        - {name: Bread, estimate: 2}
      ---

      """,
      "shopping/done.md": """
      ---
      title: Done
      completed: 2026-11-10
      items:
        - {item: milk, quantity: 3, purchased: 2026-11-10}
      ---

      """,
    ]
    let r = try load(files)
    #expect(r.diagnostics.isEmpty)
    let today = LocalDate(year: 2026, month: 11, day: 24)!
    let lists = Dictionary(
      uniqueKeysWithValues: ShoppingAnalysis.analyse(r.household, today: today).map {
        ($0.list.id, $0)
      })
    let open = try #require(lists["open"])
    #expect(open.spent == 12)
    #expect(open.expectedTotal == 14)
    #expect(open.overBudget)
    #expect(open.budgetLeft == -4)
    let done = try #require(lists["done"])
    #expect(done.pricesAsOf == LocalDate(year: 2026, month: 11, day: 10))
    #expect(done.lines.first?.estimate == 1)  // the price of the day, not the later 2.00
    #expect(done.spent == 3)
    // The report's "Paid" is the line total, as on the site.
    let clock = LocalClock(now: utc("2026-11-24T12:00"), timeZone: .gmt)
    let report = Reports.shopping(
      r.household, analysis: HouseholdAnalysis(r.household, clock: clock))
    let text = report.tables.first { $0.title == "Open" }?.rows.first ?? []
    #expect(text.last == Currency.format(12, code: r.household.settings.currency))
  }

  /// A repeating reminder with no `starts`, no git and no `created` began in 2000: 26
  /// years of past doses in every subscribed calendar. It begins the day it is first
  /// published and stays there; `created` or git's first commit come first when known.
  @Test func aReminderSeriesNeverStartsInThePast() throws {
    let files = [
      "reminders/pills.md": "---\ntitle: Pills\nschedule: {time: \"08:00\", days: daily}\n---\n",
      "reminders/drops.md":
        "---\ntitle: Drops\ncreated: 2026-10-05\nschedule: {time: \"09:00\", days: [mon]}\n---\n",
    ]
    let h = try load(files).household
    func feeds(_ now: String, _ previous: FeedState?, commits: CommitTimes = CommitTimes()) -> Feeds
    {
      let clock = LocalClock(now: utc(now), timeZone: .gmt)
      return Feeds(
        FeedInputs(
          household: h, analysis: HouseholdAnalysis(h, clock: clock),
          stamps: FeedStamps(commits: commits)),
        previous: previous)
    }
    func starts(_ f: Feeds) -> [String: String] {
      Dictionary(uniqueKeysWithValues: f.events.map { ($0.id, $0.start.date.description) })
    }
    let first = feeds("2026-11-22T10:00", nil)
    #expect(starts(first) == ["pills": "2026-11-22", "drops": "2026-10-05"])
    // A week later, from the same output folder: nothing moved, SEQUENCE stays 0.
    let later = feeds("2026-11-29T10:00", first.state)
    #expect(starts(later) == starts(first))
    #expect(later.events.allSatisfy { $0.sequence == 0 })
    // In git, the day the file first appeared.
    var commits = CommitTimes()
    commits.latest["reminders/pills.md"] = utc("2026-11-20T10:00")
    commits.first["reminders/pills.md"] = utc("2026-09-01T10:00")
    #expect(starts(feeds("2026-11-22T10:00", nil, commits: commits))["pills"] == "2026-09-01")
  }

  /// "N things need attention" left out budget alerts and counted pantry rows that
  /// expired months ago.
  @Test func theAttentionCountHasBudgetAlertsAndNoStalePantry() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: UTC\n",
      "data/budgets/nov.md":
        "---\ntitle: November\namount: 10\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
      "data/purchases/2026/11.yml": """
      - {date: 2026-11-02, name: Cheese, price: 9, expires: 2026-11-20}
      - {date: 2026-08-02, name: Yoghurt, price: 1, expires: 2026-08-10}

      """,
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-22"], cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    let index = try String(
      contentsOf: folder.url.appendingPathComponent("_site/index.html"), encoding: .utf8)
    // The budget at its alert and the cheese expired two days ago; not the yoghurt.
    #expect(index.contains("2 things need attention."), "\(index.prefix(2000))")
    #expect(index.contains("Cheese"))
    #expect(!index.contains("Yoghurt"))
    let h = try load([
      "purchases/p.yml": "- {date: 2026-08-02, name: Y, price: 1, expires: 2026-08-10}\n"
    ])
    .household
    let pantry = Pantry.analyse(h, today: LocalDate(year: 2026, month: 8, day: 17)!)
    #expect(pantry.entries.count == 1)  // 7 days after: still shown
    let later = Pantry.analyse(h, today: LocalDate(year: 2026, month: 8, day: 18)!)
    #expect(later.entries.isEmpty)
    #expect(later.expiredUnused.map(\.name) == ["Y"])
    // The waste over the last 30 days: used, thrown away, expired unused.
    let mixed = try load([
      "purchases/p.yml": """
      - {date: 2026-11-01, name: A, price: 2, expires: 2026-11-10, used: 2026-11-05}
      - {date: 2026-11-01, name: B, price: 3, expires: 2026-11-10, used: 2026-11-06, wasted: true}
      - {date: 2026-11-01, name: C, price: 4, expires: 2026-11-12}
      - {date: 2026-11-01, name: D, price: 5, expires: 2026-12-12}

      """
    ]).household
    let waste = Pantry.waste(mixed, today: LocalDate(year: 2026, month: 11, day: 20)!)
    #expect((waste.used, waste.wasted, waste.expiredUnused) == (1, 1, 1))
    #expect(waste.lostValue == 7)
    #expect(DecimalFormat.plain(waste.percentLost ?? 0, places: 0) == "67")
  }

  /// A reminder time in a DST gap or overlap was published as written and calendars put it
  /// an hour apart without a word: `check` warns, on the days it fires only.
  @Test func aReminderInADSTChangeIsAWarning() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/gap.md": "---\ntitle: Gap\nschedule: {time: \"02:30\", days: daily}\n---\n",
      "reminders/twice.md": "---\ntitle: Twice\nschedule: {time: \"02:15\", days: [sun]}\n---\n",
      "reminders/monday.md": "---\ntitle: Mon\nschedule: {time: \"02:30\", days: [mon]}\n---\n",
      "reminders/fine.md": "---\ntitle: Fine\nschedule: {time: \"03:00\", days: daily}\n---\n",
      "reminders/once.md": "---\ntitle: Once\nat: 2027-03-28T02:00\n---\n",
    ])
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    // 1 October 2026: the October change (25th) and the March one (28 March 2027) ahead.
    let clock = LocalClock(now: utc("2026-10-01T10:00"), timeZone: berlin)
    let warnings = ReminderTimeChecks.diagnostics(r.household, clock: clock).map(\.message)
    #expect(
      warnings == [
        "reminder 'gap' at 02:30 happens twice on 2026-10-25 in Europe/Berlin (the clocks go back and 02:00–03:00 is passed twice)",
        "reminder 'once' at 02:00 falls in the hour the clocks skip on 2027-03-28 in Europe/Berlin (02:00–03:00 does not exist that day)",
        "reminder 'twice' at 02:15 happens twice on 2026-10-25 in Europe/Berlin (the clocks go back and 02:00–03:00 is passed twice)",
      ])
    let hint = ReminderTimeChecks.diagnostics(r.household, clock: clock)[1].hint ?? ""
    #expect(hint.contains("most calendars show it at 03:00"))
    // In UTC there is no change at all.
    #expect(
      ReminderTimeChecks.diagnostics(
        r.household, clock: LocalClock(now: utc("2026-10-01T10:00"), timeZone: .gmt)
      ).isEmpty)
  }

  @Test func anInactiveGameIsNeverAtRisk() {
    var game = Game(meta: TimeFixture.meta("wordle"), name: "Wordle")
    game.active = false
    let clock = LocalClock(now: utc("2026-11-22T18:00"), timeZone: .gmt)
    let yesterday = GameResult(
      meta: TimeFixture.meta("r1"), game: "wordle",
      when: .day(LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)))
    let streak = Streaks.streak(of: game, in: [yesterday], clock: clock)
    #expect(streak.current == 1)
    #expect(!streak.atRisk)
    game.active = true
    #expect(Streaks.streak(of: game, in: [yesterday], clock: clock).atRisk)
  }

  @Test func anOverlapTieSaysWhyTheWinnerWins() {
    func budget(_ id: String) -> Budget {
      Budget(
        meta: TimeFixture.meta(id), title: id, amount: 10, currency: "EUR",
        start: LocalDate(year: 2026, month: 11, day: 1) ?? LocalDate(dayNumber: 0),
        end: LocalDate(year: 2026, month: 11, day: 30) ?? LocalDate(dayNumber: 0))
    }
    let warning = BudgetOverlap.detect([budget("a"), budget("b")]).warnings.first?.message ?? ""
    #expect(warning.contains("'b' starts the same day and its id sorts later, so it wins"))
    #expect(!warning.contains("starts later"))
  }

  @Test func aUTCFeedSaysUTC() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: UTC\n",
      "data/reminders/a.md": "---\ntitle: Pills\nschedule: {time: \"08:00\", days: daily}\n---\n",
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-22"], cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    let feed = try String(
      contentsOf: folder.url.appendingPathComponent("_site/reminders.ics"), encoding: .utf8)
    #expect(feed.contains("X-WR-TIMEZONE:UTC\r\n"), "\(feed.prefix(400))")
    #expect(!feed.contains("X-WR-TIMEZONE:GMT"))
  }
}

/// A gift handed over before its occasion is what was got for it: the occasion shows it
/// with what was bought, never "no gift ideas yet"; a gift bought after an occurrence is not
/// there for it.
@Suite struct EarlyGivenGiftTests {
  @Test func aGiftGivenEarlyStillCoversItsOccasion() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "contacts/dora.md": "---\nname: Dora\nbirthday: 1985-01-01\n---\n",
      "gifts/socks.md":
        "---\ntitle: Socks\nfor: dora\noccasion: birthday\nprice: 10\npurchased: 2026-12-04\ngiven: 2026-12-10\n---\n",
    ]).household
    let clock = TimeFixture.clock("2026-12-24T10:00:00+01:00")
    let dora = try #require(
      UpcomingOccasions.upcoming(in: h, clock: clock).first { $0.id == "dora" })
    #expect(dora.bought.map(\.id) == ["socks"])
    let index = OccasionGifts.Index(h.gifts)
    // The birthday of 2026 came before the socks were bought.
    #expect(
      OccasionGifts.forBirthday(of: "dora", in: index, on: LocalDate(iso: "2026-01-01"))
        .bought.isEmpty)
  }
}
