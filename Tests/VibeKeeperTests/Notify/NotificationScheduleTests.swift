import Foundation
import Testing

@testable import VibeKeeper

/// Which notices are due when: local times across DST changes, answered doses, the missed
/// follow-up, streaks per player, occasions' lead days, budgets and food.
@Suite struct NotificationScheduleTests {
  static let settings = """
    timezone: Europe/Berlin
    currency: EUR
    occasions: {lead_days: 7, reminder_time: "09:00"}
    streaks: {reminders: true, smart: false, reminder_time: "20:00"}
    notify: {missed_after: 30, time: "08:30"}
    """

  static func household(_ extra: [String: String] = [:]) throws -> Household {
    var files = [
      "vibekeeper.yml": settings,
      "reminders/vitamin-d.md": """
      ---
      title: Vitamin D
      category: medication
      note: with breakfast
      schedule: {time: "08:00", days: daily}
      notify: [ana]
      ---
      """,
    ]
    for (k, v) in extra { files[k] = v }
    let result = try load(files)
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(lines(result))")
    return result.household
  }

  static func clock(_ local: String) -> LocalClock {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    return LocalClock(now: NowOption.parse(local, timeZone: zone)!, timeZone: zone)
  }

  static func due(_ h: Household, _ local: String, ahead: TimeInterval = 0) -> [Notice] {
    let c = clock(local)
    return NotificationSchedule.notices(in: h, clock: c, through: c.now + ahead)
  }

  @Test func doseAtItsLocalTimeOnBothSidesOfEachDSTChange() throws {
    let h = try Self.household()
    // 29 March 2026: clocks go forward at 02:00; 25 October: back at 03:00.
    for (day, utcHour) in [
      ("2026-03-28", "07"), ("2026-03-29", "06"), ("2026-10-24", "06"), ("2026-10-25", "07"),
    ] {
      #expect(Self.due(h, "\(day)T07:59").filter { $0.kind == .doses }.isEmpty)
      let notices = Self.due(h, "\(day)T08:00").filter { $0.kind == .doses }
      #expect(notices.map(\.key) == ["dose/vitamin-d/\(day)T08:00"])
      #expect(notices.first?.moment == utc("\(day)T\(utcHour):00"))
      #expect(notices.first?.title == "Vitamin D")
      #expect(notices.first?.message == "Due at 08:00. with breakfast")
      #expect(notices.first?.people == ["ana"])
      #expect(notices.first?.actions.map(\.label) == ["Taken", "Skip"])
    }
  }

  @Test func missedFollowUpTakesOverAndAnsweredDosesAreQuiet() throws {
    let h = try Self.household()
    // At 08:29 the dose notice is current; at 08:30 the missed one replaces it.
    #expect(Self.due(h, "2026-11-24T08:29").map(\.key) == ["dose/vitamin-d/2026-11-24T08:00"])
    let late = Self.due(h, "2026-11-24T08:31").filter { $0.kind == .doses || $0.kind == .missed }
    #expect(late.map(\.key) == ["missed/vitamin-d/2026-11-24T08:00"])
    #expect(late.first?.title == "Missed: Vitamin D")
    // The missed notice lasts to the end of the day, not into the next one.
    #expect(
      Self.due(h, "2026-11-24T23:59").contains { $0.key.hasPrefix("missed/vitamin-d/2026-11-24") })
    #expect(!Self.due(h, "2026-11-25T07:00").contains { $0.key.hasPrefix("missed/") })
    // A dose line answers it: nothing is due.
    let answered = try Self.household([
      "doses/2026/11.yml":
        "- {reminder: vitamin-d, due: 2026-11-24T08:00, at: 2026-11-24T08:02}\n"
    ])
    #expect(Self.due(answered, "2026-11-24T08:31").filter { $0.kind == .missed }.isEmpty)
    // A line without `due` answers the day's first open occurrence.
    let undated = try Self.household([
      "doses/2026/11.yml": "- {reminder: vitamin-d, at: 2026-11-24T07:50}\n"
    ])
    #expect(Self.due(undated, "2026-11-24T08:31").filter { $0.kind == .missed }.isEmpty)
  }

  @Test func missedOffKeepsTheDoseNoticeTwoHours() throws {
    let h = try Self.household([
      "vibekeeper.yml": Self.settings.replacingOccurrences(
        of: "missed_after: 30", with: "missed_after: 0")
    ])
    #expect(Self.due(h, "2026-11-24T09:59").map(\.key) == ["dose/vitamin-d/2026-11-24T08:00"])
    #expect(Self.due(h, "2026-11-24T10:00").filter { $0.kind == .doses }.isEmpty)
    #expect(Self.due(h, "2026-11-24T12:00").filter { $0.kind == .missed }.isEmpty)
  }

  @Test func doseAtMidnightAndOnTwentyNinthFebruary() throws {
    let h = try Self.household([
      "reminders/vitamin-d.md": """
      ---
      title: Night tablet
      schedule: {time: "23:50", days: daily}
      ---
      """
    ])
    // The missed follow-up of a 23:50 dose falls on the next day, at 00:20.
    let notices = Self.due(h, "2028-02-29T00:25").filter { $0.kind == .missed }
    #expect(notices.map(\.key) == ["missed/vitamin-d/2028-02-28T23:50"])
    #expect(Self.due(h, "2028-02-29T23:50").map(\.key) == ["dose/vitamin-d/2028-02-29T23:50"])
  }

  @Test func streakNudgesPerPlayerAtTheReminderTime() throws {
    let h = try Self.household([
      "games/wordle.md": "---\nname: Wordle\nurl: https://www.nytimes.com/games/wordle\n---\n",
      "results/2026/11.yml": """
      - {game: wordle, at: 2026-11-22T08:00, player: ana}
      - {game: wordle, at: 2026-11-23T08:00, player: ana}
      - {game: wordle, at: 2026-11-23T08:10, player: ben}
      - {game: wordle, at: 2026-11-24T07:00, player: ben}
      """,
    ])
    #expect(Self.due(h, "2026-11-24T19:59").filter { $0.kind == .streaks }.isEmpty)
    let nudges = Self.due(h, "2026-11-24T20:00").filter { $0.kind == .streaks }
    #expect(nudges.map(\.key) == ["streak/wordle/ana/2026-11-24"])
    #expect(nudges.first?.title == "Wordle: keep your 2-day streak, ana")
    #expect(nudges.first?.people == ["ana"])
    #expect(nudges.first?.opens == "https://www.nytimes.com/games/wordle")
    #expect(nudges.first?.actions.first?.action == .played(game: "wordle", player: "ana"))
    #expect(Self.due(h, "2026-11-25T00:00").filter { $0.kind == .streaks }.isEmpty)
  }

  @Test func occasionLeadDaysAcrossTheYearEnd() throws {
    let h = try Self.household([
      "contacts/mum.md": "---\nname: Mum\nbirthday: 1966-01-03\n---\n"
    ])
    let c = Self.clock("2026-12-27T08:00")
    let keys = NotificationSchedule.notices(in: h, clock: c, through: c.now + 8 * 86_400)
      .filter { $0.kind == .occasions }
    #expect(
      keys.map(\.key) == [
        "occasion/birthday/contact-mum/2027-01-03/7", "occasion/birthday/contact-mum/2027-01-03/1",
        "occasion/birthday/contact-mum/2027-01-03/0",
      ] || keys.count == 3)
    #expect(
      keys.map(\.title) == [
        "Mum's birthday in 7 days", "Mum's birthday tomorrow", "Mum's birthday today",
      ])
    #expect(keys.first?.moment == utc("2026-12-27T08:00"))
    #expect(keys.first?.message.contains("turns 61") == true)
  }

  @Test func budgetAlertThenOverAndFoodExpiringGoOutFromNotifyTime() throws {
    let h = try Self.household([
      "budgets/november.md":
        "---\ntitle: Groceries\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, name: Milk, price: 85, expires: 2026-11-25}
      - {date: 2026-11-03, name: Cheese, price: 1, expires: 2026-11-26}
      """,
    ])
    #expect(
      Self.due(h, "2026-11-24T08:29").filter { $0.kind == .budgets || $0.kind == .pantry }.isEmpty)
    let due = Self.due(h, "2026-11-24T08:30")
    #expect(due.filter { $0.kind == .budgets }.map(\.title) == ["Groceries: 86% used"])
    #expect(
      due.filter { $0.kind == .budgets }.first?.message
        == "86.00 of 100.00 EUR spent; 14.00 left for 6 days.")
    #expect(
      due.filter { $0.kind == .pantry }.map(\.title) == [
        "Milk expires tomorrow", "Cheese expires in 2 days",
      ])
    #expect(Set(due.filter { $0.kind == .pantry }.compactMap(\.group)) == ["pantry"])
    let over = try Self.household([
      "budgets/november.md":
        "---\ntitle: Groceries\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
      "purchases/2026/11.yml": "- {date: 2026-11-02, name: Milk, price: 120}\n",
    ])
    let budget = Self.due(over, "2026-11-24T12:00").filter { $0.kind == .budgets }
    #expect(budget.map(\.key) == ["budget/november/over"])
    #expect(budget.first?.title == "Over budget: Groceries")
  }

  /// An occasion's notice is current from its reminder point to the end of that day: a
  /// run a minute (or hours) after `occasions.reminder_time` still sends it.
  @Test func occasionNoticeStaysCurrentToTheEndOfItsDay() throws {
    let h = try Self.household([
      "contacts/mum.md": "---\nname: Mum\nbirthday: 1966-12-03\n---\n"
    ])
    for local in ["2026-11-26T09:00", "2026-11-26T09:01", "2026-11-26T13:30", "2026-11-26T23:59"] {
      #expect(
        Self.due(h, local).filter { $0.kind == .occasions }.map(\.key) == [
          "occasion/birthday/mum/2026-12-03/7"
        ], "\(local)")
    }
    #expect(Self.due(h, "2026-11-26T08:59").filter { $0.kind == .occasions }.isEmpty)
    #expect(Self.due(h, "2026-11-27T00:00").filter { $0.kind == .occasions }.isEmpty)
    // The day before and the day itself, late in the day.
    #expect(
      Self.due(h, "2026-12-02T22:00").filter { $0.kind == .occasions }.map(\.title) == [
        "Mum's birthday tomorrow"
      ])
    #expect(
      Self.due(h, "2026-12-03T18:00").filter { $0.kind == .occasions }.map(\.title) == [
        "Mum's birthday today"
      ])
  }

  /// A budget notice shows money in the currency's minor unit, as the site does.
  @Test func budgetNoticeInTheCurrencysMinorUnit() throws {
    let h = try Self.household([
      "budgets/yen.md": """
      ---
      title: Tokyo
      amount: 23000
      currency: JPY
      start: 2026-11-01
      end: 2026-11-30
      ---
      """,
      "budgets/kwd.md": """
      ---
      title: Kuwait
      amount: 100.500
      currency: KWD
      start: 2026-11-01
      end: 2026-11-30
      ---
      """,
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, name: Hotel, price: 23233.5, currency: JPY}
      - {date: 2026-11-03, name: Souk, price: 92.346, currency: KWD}
      """,
    ])
    let budgets = Self.due(h, "2026-11-24T09:00").filter { $0.kind == .budgets }
    #expect(
      budgets.map(\.message).sorted() == [
        "23234 of 23000 JPY spent; 234 over.",
        "92.346 of 100.500 KWD spent; 8.154 left for 6 days.",
      ])
  }

  /// A pantry notice is named by what was bought when: a purchase line added above it
  /// (a receipt entered late) does not make it a new notice.
  @Test func pantryNoticeKeepsItsKeyWhenALineIsAddedAbove() throws {
    let before = try Self.household([
      "purchases/2026/11.yml": "- {date: 2026-11-20, name: Eggs, price: 3, expires: 2026-11-25}\n"
    ])
    let after = try Self.household([
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, name: Tea, price: 4}
      - {date: 2026-11-20, name: Eggs, price: 3, expires: 2026-11-25}
      """
    ])
    let keys = { (h: Household) in
      Self.due(h, "2026-11-24T09:00").filter { $0.kind == .pantry }.map(\.key)
    }
    #expect(keys(before) == ["pantry/2026-11-25/eggs/2026-11-20"])
    #expect(keys(after) == keys(before))
  }
}
