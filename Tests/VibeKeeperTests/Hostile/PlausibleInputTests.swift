import Foundation
import Testing

@testable import VibeKeeper

/// Plausible inputs that gave a silently wrong answer, each fixed: a lost score that kept
/// the streak, an alias lost beside a broken line, a list line priced on the wrong day, a
/// done list changed by `bought`, a puzzle logged twice, a reminder's start that moved.
@Suite struct PlausibleInputTests {
  /// A line scored `X/6` without `completed:` is a lost game: it breaks the streak, as the
  /// scores already counted it.
  @Test func aLostScoreBreaksTheStreak() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "results/2026/11.yml": """
      - {game: wordle, at: 2026-11-19T21:00, score: "3/6"}
      - {game: wordle, at: 2026-11-20T21:00, score: "X/6"}
      - {game: wordle, at: 2026-11-21T21:00, score: "4/6"}
      - {game: wordle, at: 2026-11-18T21:00, score: "X/6", completed: true}

      """,
    ]).household
    #expect(h.results.map(\.completed) == [true, false, true, true])
    let clock = LocalClock(
      now: utc("2026-11-22T09:00"), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    let streak = try #require(Streaks.streaks(in: h, clock: clock).first)
    #expect(streak.current == 1)
    #expect(streak.longest == 2)
    let scores = try #require(GameScoring.scores(of: "wordle", in: h.results, clock: clock))
    #expect(scores.failed == 2)
  }

  /// A broken line of a log leaves out its own entry, not an alias on another line whose
  /// anchor is fine.
  @Test func anAliasSurvivesABrokenLine() throws {
    let r = try load([
      "purchases/2026/11.yml": """
      - &milk {date: 2026-11-01, name: Milk, price: 1.50}
      - *milk
      - {date: 2026-11-04, name: Bread, price: 2.00

      """
    ])
    #expect(r.household.purchases.map(\.name) == ["Milk", "Milk"])
    #expect(r.household.purchases.map(\.id) == ["2026/11#1", "2026/11#2"])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.location.line) == [3], "\(lines(r))")
  }

  /// A line bought after its list was done is priced on the day it was bought.
  @Test func aLineBoughtAfterTheListWasDoneIsPricedOnItsDay() throws {
    let h = try load([
      "items/butter.md": "---\nname: Butter\n---\n",
      "prices/p.yml": """
      - {item: butter, date: 2026-11-10, price: 1.80}
      - {item: butter, date: 2026-11-16, price: 2.00}

      """,
      "shopping/l.md": """
      ---
      title: L
      completed: 2026-11-12
      items:
        - {item: butter, purchased: 2026-11-17}
        - {item: butter, quantity: 2}
      ---

      """,
    ]).household
    let list = try #require(
      ShoppingAnalysis.analyse(h, today: LocalDate(year: 2026, month: 11, day: 22)!).first)
    #expect(list.lines.map(\.estimate) == [Decimal(2), Decimal(string: "1.80")])
  }

  /// `bought --list` refuses a list that is done, and a purchase of more than the line
  /// asks for writes that quantity on the line.
  @Test func boughtRefusesADoneListAndWritesMoreOnTheLine() throws {
    let folder = try TempFolder([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "items/butter.md": "---\nname: Butter\n---\n",
      "shopping/open.md":
        "---\ntitle: Open\nitems:\n  - {item: butter, quantity: 2, estimate: 2.29}\n---\n",
      "shopping/done.md":
        "---\ntitle: Done\ncompleted: 2026-11-20\nitems:\n  - {item: butter, quantity: 2}\n---\n",
    ])
    defer { folder.cleanup() }
    let runner = ActionRunner(root: folder.url, displayRoot: "data")
    var onDone = BoughtAction(item: "butter")
    onDone.price = 2.10
    onDone.list = "done"
    #expect(throws: DataWriter.Problem.self) {
      try runner.run(onDone, now: "2026-11-22T10:00", dryRun: true, commit: false)
    }
    do {
      _ = try runner.run(onDone, now: "2026-11-22T10:00", dryRun: true, commit: false)
    } catch {
      #expect(error.description.contains("'Done' is done (2026-11-20)"), "\(error)")
    }
    var more = BoughtAction(item: "butter")
    more.price = 2.10
    more.quantity = 3
    more.list = "open"
    let plan = try runner.run(more, now: "2026-11-22T10:00", dryRun: true, commit: false).plan
    let list = try #require(plan.changes.first { $0.path == "shopping/open.md" })
    #expect(
      list.after.contains(
        "  - {item: butter, quantity: 3, estimate: 2.29, purchased: 2026-11-22, actual: 2.1}"),
      "\(list.after)")
    let purchase = try #require(plan.changes.first { $0.path.hasPrefix("purchases/") })
    #expect(purchase.after.contains("quantity: 3"))
  }

  /// Tomorrow's Mini, shared the evening before, is logged for its day: pasted again the
  /// next morning it is refused as already logged.
  @Test func tomorrowsPuzzleIsLoggedOnce() throws {
    let folder = try TempFolder([
      "vibekeeper.yml": "timezone: Europe/London\n",
      "games/crossword.md": "---\nname: The Mini\n---\n",
    ])
    defer { folder.cleanup() }
    let runner = ActionRunner(root: folder.url, displayRoot: "data")
    var played = PlayedAction()
    played.share = "I solved the 11/25/2026 New York Times Mini Crossword in 0:42!"
    let first = try runner.run(played, now: "2026-11-24T23:30", dryRun: false, commit: false)
    #expect(
      first.plan.changes.first?.after.hasSuffix(
        "\n- {game: crossword, date: 2026-11-25, score: \"0:42\"}\n") == true)
    #expect(throws: DataWriter.Problem.self) {
      try runner.run(played, now: "2026-11-25T10:00", dryRun: true, commit: false)
    }
  }

  /// A score that other YAML readers take for a number in another base is quoted.
  @Test func scoresInOtherBasesAreQuoted() {
    #expect(YAMLText.text("0x1F", flow: true) == "\"0x1F\"")
    #expect(YAMLText.text("0o17", flow: true) == "\"0o17\"")
    #expect(YAMLText.text("0b101", flow: true) == "\"0b101\"")
    #expect(YAMLText.text("4/6", flow: true) == "4/6")
  }

  /// A reminder's series start, once published, stays when its file is committed later.
  @Test func aPublishedSeriesStartStaysAfterTheCommit() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/London\n",
      "reminders/nostart.md":
        "---\ntitle: Stretch\nschedule: {time: \"09:00\", days: daily}\n---\n",
    ]).household
    func start(_ now: String, stamps: FeedStamps, previous: FeedState?) -> (FeedEvent?, FeedState) {
      let clock = LocalClock(
        now: NowOption.parse(now, timeZone: h.settings.timeZone) ?? Date(),
        timeZone: h.settings.timeZone)
      let feeds = Feeds(
        FeedInputs(household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: stamps),
        previous: previous)
      return (feeds.events.first { $0.kind == .reminder && $0.weekly != nil }, feeds.state)
    }
    let (first, state) = start("2026-11-20T10:00", stamps: FeedStamps(), previous: nil)
    #expect(first?.start.date == LocalDate(year: 2026, month: 11, day: 20))
    var commits = CommitTimes()
    commits.first["reminders/nostart.md"] = utc("2026-11-27T12:00")
    commits.latest["reminders/nostart.md"] = utc("2026-11-27T12:00")
    let (later, _) = start(
      "2026-11-28T10:00", stamps: FeedStamps(commits: commits), previous: state)
    #expect(later?.start == first?.start)
  }
}

extension PlausibleInputTests {
  /// A line without `due` written the morning after a one-time reminder answers it (it has
  /// one occurrence), in the status and in the feed; one written the day before does not.
  @Test func aLateLineAnswersAOneTimeReminder() throws {
    let files = [
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/c.md": "---\ntitle: Once\nat: 2026-11-20T08:00\n---\n",
    ]
    func status(_ doses: String) throws -> ReminderStatus? {
      var all = files
      all["doses/2026/11.yml"] = doses
      let h = try load(all).household
      let clock = LocalClock(
        now: utc("2026-11-22T09:00"), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
      return HealthReminders.statuses(in: h, clock: clock).first
    }
    #expect(try status("- {reminder: c, at: 2026-11-21T07:00}\n")?.overdue == false)
    #expect(try status("- {reminder: c, at: 2026-11-19T07:00}\n")?.overdue == true)
  }
}

extension PlausibleInputTests {
  /// The dashboard's globals for `files` at `now` (Berlin).
  static func dashboard(_ files: [String: String], now: String) throws -> [String: TemplateValue] {
    let h = try load(files).household
    let clock = LocalClock(
      now: NowOption.parse(now, timeZone: h.settings.timeZone) ?? Date(),
      timeZone: h.settings.timeZone)
    let analysis = HouseholdAnalysis(h, clock: clock)
    let values = SiteValues(
      household: h, analysis: analysis, links: Permalinks(h), markdown: MarkdownOptions(),
      mediaSizes: [:])
    guard case .dictionary(let d)? = SiteModel(values: values).globals["dashboard"] else {
      return [:]
    }
    return d
  }

  /// A one-time reminder due earlier today and not done is overdue, and listed (and
  /// counted) there alone, not also under today.
  @Test func anOverdueReminderIsCountedOnce() throws {
    let d = try Self.dashboard(
      [
        "vibekeeper.yml": "timezone: Europe/Berlin\n",
        "reminders/pickup.md": "---\ntitle: Pharmacy pickup\nat: 2026-11-22T09:00\n---\n",
        "reminders/pill.md":
          "---\ntitle: Pill\ncreated: 2026-11-01\nschedule: {time: \"20:00\", days: daily}\n---\n",
      ], now: "2026-11-22T10:00")
    func ids(_ name: String) -> [String] {
      guard case .array(let list)? = d[name] else { return [] }
      return list.compactMap { $0.member("id")?.stringValue }
    }
    #expect(ids("reminders_overdue") == ["pickup"])
    #expect(ids("reminders_today") == ["pill"])
  }

  /// A superseded budget says so wherever its state is shown (list, card, its page).
  @Test func aSupersededBudgetSaysSo() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "data/budgets/dec.yml":
        "title: December\namount: 300\nstart: 2026-12-01\nend: 2026-12-31\nscope: groceries\n",
      "data/budgets/dec-jan.yml":
        "title: Dec-Jan\namount: 500\nstart: 2026-12-15\nend: 2027-01-14\nscope: groceries\n",
    ])
    defer { folder.cleanup() }
    let output = folder.url.appendingPathComponent("site")
    let build = SiteBuild(
      data: folder.url.appendingPathComponent("data"), dataDisplay: "data", templates: nil,
      templatesDisplay: nil, output: output)
    let outcome = build.run { LocalClock(now: utc("2026-12-20T09:00"), timeZone: $0.timeZone) }
    #expect(outcome.failure == nil)
    let page = try String(
      contentsOf: output.appendingPathComponent("budgets/dec.html"), encoding: .utf8)
    #expect(page.contains(">superseded<"), "\(page)")
    let list = try String(
      contentsOf: output.appendingPathComponent("budgets/index.html"), encoding: .utf8)
    #expect(list.components(separatedBy: ">superseded<").count == 2)
  }
}

extension PlausibleInputTests {
  /// A base address with a space is encoded, one with a query or fragment refused (a feed
  /// path after `#` is no path): every address made from it opens on a phone.
  @Test func aBaseAddressMakesAddressesThatOpen() throws {
    #expect(
      try BaseAddress.parse("https://home.example.org/a b").get()
        == "https://home.example.org/a%20b/")
    #expect(try BaseAddress.parse("http://nas.local:8080").get() == "http://nas.local:8080/")
    #expect(try BaseAddress.parse("https://x.org/caf%C3%A9/").get() == "https://x.org/caf%C3%A9/")
    for bad in [
      "https://home.example.org/a/#x", "https://h.org/?a=1", "home.example.org", "https:///a",
    ] {
      #expect(throws: BaseAddress.Problem.self) { try BaseAddress.parse(bad).get() }
    }
    let r = try load(["vibekeeper.yml": "timezone: UTC\nbase_url: \"https://h.org/#x\"\n"])
    #expect(r.household.settings.baseURL == nil)
    #expect(
      lines(r).first?.contains("'base_url' must not have a query (?) or a fragment (#)") == true)
  }
}

extension PlausibleInputTests {
  /// `notify` at an earlier "now" does not take a dose marked later as taken, and a late
  /// line without `due` answers a one-time reminder, as the reports say.
  @Test func notifyCountsOnlyDosesMarkedByNow() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/London\n",
      "reminders/pill.md":
        "---\ntitle: Pill\ncreated: 2026-10-01\nschedule: {time: \"22:00\", days: daily}\n---\n",
      "doses/2026/10.yml": "- {reminder: pill, due: 2026-10-24T22:00, at: 2026-10-24T22:05}\n",
    ]).household
    let zone = h.settings.timeZone
    let clock = LocalClock(
      now: NowOption.parse("2026-10-24T20:00", timeZone: zone) ?? Date(), timeZone: zone)
    let keys = NotificationSchedule.notices(
      in: h, clock: clock, through: clock.now.addingTimeInterval(6 * 3_600)
    ).map(\.key)
    #expect(keys.contains { $0.hasPrefix("dose/pill/") }, "\(keys)")
  }
}

extension PlausibleInputTests {
  /// A mail's body has no control character from the data and no line over 998 bytes.
  @Test func aMailBodyIsCleanAndItsLinesShort() {
    let text = EmailFormat.bodyText(
      "I1 \u{1B}[31mRED\u{7} bs\u{8}\n" + String(repeating: "wörd ", count: 400)
        + String(repeating: "x", count: 2_000))
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.hasPrefix("I1  [31mRED  bs \n"))
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.utf8.count <= EmailFormat.bodyLineBytes })
    #expect(lines.joined().replacingOccurrences(of: " ", with: "").count == 2_000 + 400 * 4 + 11)
  }
}

extension PlausibleInputTests {
  /// A month log made read-only is not written (nothing is, of the whole action); one
  /// owned by another user keeps its owner when root writes it.
  @Test func theWriterRespectsReadOnlyFilesAndOwners() throws {
    let folder = try TempFolder([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "purchases/2026/11.yml": "- {date: 2026-11-01, name: Milk, price: 1.50}\n",
    ])
    defer { folder.cleanup() }
    let log = folder.url.appendingPathComponent("purchases/2026/11.yml").path
    chmod(log, 0o444)
    let runner = ActionRunner(root: folder.url, displayRoot: "data")
    var bought = BoughtAction(item: "Tea")
    bought.oneOff = true
    bought.price = 2.5
    #expect(throws: DataWriter.Problem.self) {
      try runner.run(bought, now: "2026-11-22T10:00", dryRun: false, commit: false)
    }
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == "- {date: 2026-11-01, name: Milk, price: 1.50}\n")
    chmod(log, 0o640)
    guard geteuid() == 0 else { return }
    chown(log, 65_534, 65_534)
    _ = try runner.run(bought, now: "2026-11-22T10:00", dryRun: false, commit: false)
    let info = try FileManager.default.attributesOfItem(atPath: log)
    #expect(info[.ownerAccountID] as? Int == 65_534)
    #expect(info[.posixPermissions] as? Int == 0o640)
    #expect(try String(contentsOfFile: log, encoding: .utf8).contains("Tea"))
  }
}

extension PlausibleInputTests {
  /// `new` takes a record's name where it names one: a dose's reminder, a list's items.
  @Test func newTakesNamesForReferences() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "items/oat-milk.md": "---\nname: Oat milk\n---\n",
      "reminders/vitamin-d.md":
        "---\ntitle: Vitamin D\nschedule: {time: \"08:00\", days: daily}\n---\n",
    ]).household
    let day = LocalDate(year: 2026, month: 11, day: 22)!
    let list = try RecordDraft.make(
      kind: .shopping, title: "Weekend", fields: [("items", "Oat milk, Flour")],
      settings: h.settings, today: day, household: h
    ).get()
    #expect(list.text.contains("items:\n  - item: oat-milk\n  - name: Flour\n"), "\(list.text)")
    let dose = try RecordDraft.make(
      kind: .doses, title: "Vitamin D", fields: [], settings: h.settings, today: day,
      household: h
    ).get()
    #expect(dose.values["reminder"] == "vitamin-d")
  }
}

extension PlausibleInputTests {
  /// When a reminder's time changes, its series' SEQUENCE goes up, and so does that of
  /// the doses marked on it: an override is never behind its series.
  @Test func anOverrideIsNeverBehindItsSeries() throws {
    let clock = LocalClock(now: utc("2026-11-22T10:00"), timeZone: .gmt)
    let format = ICSFormat(clock: clock)
    let day = LocalDate(year: 2026, month: 11, day: 20)!
    var series = FeedEvent(
      kind: .reminder, id: "r", uid: "r@x", summary: "Pill", description: "",
      start: .timed(day, TimeOfDay(hour: 13, minute: 0)!), stamp: FeedStamps.fixed)
    series.weekly = FeedEvent.Weekly(days: [], until: nil)
    var done = series
    done.weekly = nil
    done.recurrence = series.start
    let (_, first) = FeedSequence.apply([series, done], previous: nil, format: format)
    series.start = .timed(day, TimeOfDay(hour: 13, minute: 30)!)
    let (events, state) = FeedSequence.apply([series, done], previous: first, format: format)
    #expect(events.map(\.sequence) == [1, 1])
    let (again, _) = FeedSequence.apply([series, done], previous: state, format: format)
    #expect(again.map(\.sequence) == [1, 1])
  }
}

extension PlausibleInputTests {
  /// `--commit` on a detached HEAD says the commit is on no branch.
  @Test func aCommitOnADetachedHeadSaysSo() throws {
    let folder = try TempFolder(["a.txt": "a\n"])
    defer { folder.cleanup() }
    let setup = [
      ["init", "-q"], ["config", "user.email", "t@example.org"], ["config", "user.name", "T"],
      ["add", "a.txt"], ["commit", "-q", "-m", "a"], ["checkout", "-q", "--detach"],
    ]
    for args in setup { #expect(GitCommit.run(args, in: folder.url).status == 0, "\(args)") }
    try folder.write("a.txt", Data("b\n".utf8))
    let made = try GitCommit.commit(paths: ["a.txt"], message: "b", in: folder.url)
    #expect(made.contains("detached HEAD"), "\(made)")
  }
}

extension PlausibleInputTests {
  /// A share text cut short is said to be one, not "no share text of a game".
  @Test func aCutShareIsToldApart() {
    #expect(ShareText.lookalike("Wordle 1,621 4/6*\n\n⬛🟨⬛⬛⬛\n") == "Wordle")
    #expect(ShareText.lookalike("🙂 Daily Quordle 1576\n") == "Quordle")
    #expect(ShareText.lookalike("hello world") == nil)
    #expect(ShareText.lookalike("Wordlebot says hi") == nil)
  }
}
