import Foundation
import Testing

@testable import VibeKeeper

@Suite struct LoaderKindsTests {
  @Test func contactsWithBirthdaysAndNames() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: eur\n",
      "contacts/family/Mom.md":
        "---\nname: Ana Silva\nbirthday: 1960-02-29\nleap_birthday: mar1\nrelationship: mom\ntags: [family, tea]\n---\nLoves *tea*.\n",
      "contacts/sam.md": "---\nfirst_name: Sam\nlast_name: Lee\nbirthday: --04-17\n---\n",
    ])
    #expect(lines(r) == [])
    let h = r.household
    #expect(h.settings.currency == "EUR")
    #expect(h.settings.timeZone.identifier == "Europe/Berlin")
    #expect(h.contacts.map(\.id) == ["family/mom", "sam"])
    let mom = h.contacts[0]
    #expect(mom.name == "Ana Silva")
    #expect(mom.birthday == Birthday(month: 2, day: 29, year: 1960))
    #expect(mom.leapBirthday == .mar1)
    #expect(mom.tags == ["family", "tea"])
    #expect(mom.notes == "Loves *tea*.\n")
    #expect(h.contacts[1].name == "Sam Lee")
    #expect(h.contacts[1].birthday == Birthday(month: 4, day: 17, year: nil))
  }

  @Test func occasionsGiftsAndReferences() throws {
    let r = try load([
      "contacts/sam.md": "---\nname: Sam\n---\n",
      "occasions/party.md": "---\ntitle: Housewarming\ndate: 2026-12-12\ncontact: Sam\n---\n",
      "occasions/xmas.yml": "title: Christmas Eve\ndate: 2020-12-24\nrecurring: true\n",
      "gifts/game.md": """
      ---
      idea: Board game
      recipient: sam
      occasion: party
      price: 34.99
      currency: usd
      status: purchased
      purchased: 2026-11-20
      url: https://shop.example/game
      photo: media/gifts/game.png
      tags: games, fun
      created: 2026-11-01
      updated: 2026-11-21
      ---
      A *cooperative* one.
      """,
    ])
    #expect(lines(r) == [])
    let h = r.household
    #expect(h.occasions.map(\.id) == ["party", "xmas"])
    #expect(h.occasions[0].contact == "sam")
    #expect(h.occasions[0].recurring == false)
    #expect(h.occasions[1].recurring == true)
    let g = try #require(h.gifts.first)
    #expect(g.title == "Board game")
    #expect(g.recipient == "sam")
    #expect(g.occasion == "party")
    #expect(g.price == Decimal(string: "34.99"))
    #expect(g.currency == "USD")
    #expect(g.status == .purchased)
    #expect(g.purchased == LocalDate(iso: "2026-11-20"))
    #expect(g.url == "https://shop.example/game")
    #expect(g.photo == "media/gifts/game.png")
    #expect(g.tags == ["games", "fun"])
    #expect(g.created == LocalDate(iso: "2026-11-01"))
    #expect(g.meta.updated == LocalDate(iso: "2026-11-21"))
    #expect(g.description == "A *cooperative* one.")
  }

  @Test func remindersOnceAndWeekly() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/meds.md": """
      ---
      title: Vitamin D
      category: medication
      note: with breakfast
      schedule:
        time: "08:30"
        days: [mon, Wednesday, 6]
        starts: 2026-01-05
        until: 2027-04-30
      done: 2026-11-22
      ---
      """,
      "reminders/daily.yml":
        "title: Stretch\nschedule: {time: \"21:00\", days: daily}\nenabled: false\n",
      "reminders/checkup.yml": "title: Dentist\ncategory: checkup\nat: 2026-12-03T14:15\n",
      "reminders/utc.yml": "title: Call\nat: 2026-07-01T06:00Z\n",
    ])
    #expect(lines(r) == [])
    let h = r.household
    let meds = try #require(h.reminders.first { $0.id == "meds" })
    #expect(meds.category == .medication)
    #expect(meds.note == "with breakfast")
    #expect(meds.done == LocalDate(iso: "2026-11-22"))
    guard case .weekly(let w) = meds.schedule else {
      Issue.record("expected weekly")
      return
    }
    #expect(w.time == TimeOfDay(hour: 8, minute: 30))
    #expect(w.days == [.monday, .wednesday, .friday])
    #expect(w.starts == LocalDate(iso: "2026-01-05"))
    #expect(w.until == LocalDate(iso: "2027-04-30"))
    let daily = try #require(h.reminders.first { $0.id == "daily" })
    #expect(daily.enabled == false)
    if case .weekly(let d) = daily.schedule { #expect(d.isDaily) } else { Issue.record("weekly") }
    let checkup = try #require(h.reminders.first { $0.id == "checkup" })
    #expect(
      checkup.schedule == .once(LocalDate(iso: "2026-12-03")!, TimeOfDay(hour: 14, minute: 15)!))
    // 06:00Z on 1 July is 08:00 in Berlin (CEST).
    let call = try #require(h.reminders.first { $0.id == "utc" })
    #expect(call.schedule == .once(LocalDate(iso: "2026-07-01")!, TimeOfDay(hour: 8, minute: 0)!))
  }

  @Test func budgetsPurchasesItemsPrices() throws {
    let r = try load([
      "budgets/nov.md":
        "---\ntitle: November\namount: 1200\nstart: 2026-11-01\nend: 2026-11-30\ncategories:\n  Groceries: 450.50\n  household: 120\n---\n",
      "budgets/gifts.yml":
        "title: Gifts Q4\namount: 400\nstart: 2026-10-01\nend: 2026-12-31\nscope: gifts\nactive: no\n",
      "items/oat-milk.md":
        "---\nname: Oat milk\nbrand: Oatly\ncategory: Groceries\nunit: l\n---\nBarista edition.\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, item: oat-milk, price: 1.95, quantity: 2, store: Rewe, expires: 2026-11-30}
      - {date: 2026-11-03, name: Candles, price: 4, category: Household, used: 2026-11-10, total: 4.00}
      """,
      "prices/oat.yml": "- {item: oat-milk, date: 2026-11-05, price: 1.79, store: Aldi}\n",
    ])
    #expect(lines(r) == [])
    let h = r.household
    #expect(h.budgets.map(\.id) == ["gifts", "nov"])
    let nov = h.budgets[1]
    #expect(nov.amount == 1200)
    #expect(nov.scope == .all)
    #expect(
      nov.categories.map { "\($0.category) \($0.amount) \($0.location?.description ?? "")" } == [
        "groceries 450.5 data/budgets/nov.md:7:3", "household 120 data/budgets/nov.md:8:3",
      ])
    #expect(h.budgets[0].scope == .gifts)
    #expect(h.budgets[0].active == false)
    #expect(h.purchases.map(\.id) == ["2026/11#1", "2026/11#2"])
    let milk = h.purchases[0]
    #expect(milk.item == "oat-milk")
    #expect(milk.total == Decimal(string: "3.90"))
    #expect(milk.expires == LocalDate(iso: "2026-11-30"))
    #expect(h.category(of: milk) == "groceries")
    #expect(h.category(of: h.purchases[1]) == "household")
    #expect(h.purchases[1].used == LocalDate(iso: "2026-11-10"))
    #expect(h.items[0].brand == "Oatly")
    #expect(h.items[0].unit == "l")
    #expect(h.prices[0].price == Decimal(string: "1.79"))
    #expect(h.prices[0].store == "Aldi")
  }

  @Test func shoppingGamesResults() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "items/milk.yml": "name: Milk\n",
      "shopping/weekly.md": """
      ---
      title: Weekly
      budget: 40
      completed: false
      items:
        - {item: milk, quantity: 2, estimate: 1.10}
        - name: Bread
          purchased: 2026-11-21
          actual: 2.80
        - Apples
        - {item: milk}
      ---
      """,
      "games/wordle.md": "---\nname: Wordle\nurl: https://www.nytimes.com/games/wordle\n---\n",
      "results/w.yml": """
      - {game: wordle, at: 2026-11-21T23:30Z, score: 4/6}
      - {game: wordle, date: 2026-11-20, completed: false}
      """,
    ])
    #expect(
      lines(r) == [
        "data/shopping/weekly.md:11:5: warning: 'milk' is listed twice; the quantities are added (2 + 1)"
      ])
    let list = try #require(r.household.shopping.first)
    #expect(list.budget == 40)
    #expect(list.completed == .no)
    #expect(list.entries.count == 3)
    #expect(list.entries[0].quantity == 3)
    #expect(list.entries[0].estimate == Decimal(string: "1.10"))
    #expect(list.entries[1].purchased == .on(LocalDate(iso: "2026-11-21")!))
    #expect(list.entries[1].actual == Decimal(string: "2.80"))
    #expect(list.entries[2].name == "Apples")
    let results = r.household.results
    #expect(results[0].game == "wordle")
    #expect(results[0].score == "4/6")
    // 23:30 UTC on 21 November is 00:30 on 22 November in Berlin.
    let berlin = LocalClock(now: Date(), timeZone: TimeZone(identifier: "Europe/Berlin")!)
    #expect(results[0].when.localDate(in: berlin) == LocalDate(iso: "2026-11-22"))
    #expect(results[1].completed == false)
    #expect(results[1].when == .day(LocalDate(iso: "2026-11-20")!))
  }

  @Test func emptyFolderLoadsNothing() throws {
    let r = try load([:])
    #expect(r.diagnostics.isEmpty)
    #expect(r.household.recordCount == 0)
    #expect(r.household.settings.timeZone.secondsFromGMT() == 0)
    #expect(r.household.settings.currency == "USD")
  }

  @Test func settingsDottedAndNested() throws {
    let r = try load([
      "vibekeeper.yml": """
      title: Home
      base_url: https://home.example.org
      occasions: {horizon_days: 45, lead_days: 10, reminder_time: "08:00"}
      streaks.reminders: false
      streaks:
        smart: false
        window_days: 14
      budgets: {alert_percent: 75.5}
      pantry: {warn_days: 3}
      markdown: {unsafe_html: true}
      """
    ])
    #expect(lines(r) == [])
    let s = r.household.settings
    #expect(s.title == "Home")
    #expect(s.baseURL == "https://home.example.org/")
    #expect(s.occasions.horizonDays == 45)
    #expect(s.occasions.leadDays == 10)
    #expect(s.occasions.reminderTime == TimeOfDay(hour: 8, minute: 0))
    #expect(s.streaks.reminders == false)
    #expect(s.streaks.smart == false)
    #expect(s.streaks.windowDays == 14)
    #expect(s.budgets.alertPercent == Decimal(string: "75.5"))
    #expect(s.pantry.warnDays == 3)
    #expect(s.markdown.unsafeHTML == true)
  }
}
