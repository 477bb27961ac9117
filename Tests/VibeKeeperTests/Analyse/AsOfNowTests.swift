import Foundation
import Testing

@testable import VibeKeeper

/// Every analysis answers as of "now": what the data records for a later moment (a report
/// run for an earlier day, a line written ahead) has not happened yet.
@Suite struct AsOfNowTests {
  static let settings = "timezone: Europe/Berlin\ncurrency: EUR\n"

  func analysis(_ files: [String: String], now: String) throws -> HouseholdAnalysis {
    let result = try load(["vibekeeper.yml": Self.settings].merging(files) { a, _ in a })
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(lines(result))")
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    let instant = try #require(NowOption.parse(now, timeZone: zone))
    return HouseholdAnalysis(result.household, clock: LocalClock(now: instant, timeZone: zone))
  }

  static let iron = """
    ---
    title: Iron
    created: 2026-11-16
    schedule: {time: "08:30", days: daily}
    ---
    """

  @Test func aDoseMarkedAfterNowHasNotHappened() throws {
    let files = [
      "reminders/iron.md": Self.iron,
      "doses/2026/11.yml":
        "- {reminder: iron, due: 2026-11-19T08:30, at: 2026-11-19T08:40, status: done}\n"
        + "- {reminder: iron, due: 2026-11-20T08:30, at: 2026-11-20T08:52, status: done}\n",
    ]
    let early = try #require(try analysis(files, now: "2026-11-20T08:00").reminders.first)
    #expect(!early.doneToday)
    #expect(early.today.map(\.state) == [.upcoming])
    #expect(early.adherence.done == 1)
    let late = try #require(try analysis(files, now: "2026-11-20T09:00").reminders.first)
    #expect(late.doneToday)
    #expect(late.adherence.done == 2)
  }

  /// A reminder's time changed: the doses marked for the old time still count for their
  /// days, they are not "missed".
  @Test func dosesDueAtAnEarlierTimeStillCount() throws {
    let files = [
      "reminders/iron.md": Self.iron.replacingOccurrences(of: "08:30", with: "09:00"),
      "doses/2026/11.yml":
        "- {reminder: iron, due: 2026-11-19T08:30, at: 2026-11-19T08:40, status: done}\n"
        + "- {reminder: iron, due: 2026-11-20T08:30, at: 2026-11-20T08:31, status: skipped}\n",
    ]
    let r = try #require(try analysis(files, now: "2026-11-20T12:00").reminders.first)
    #expect(r.adherence.done == 1)
    #expect(r.adherence.skipped == 1)
    #expect(r.adherence.missed == 3)  // 16, 17 and 18 November
  }

  @Test func thePantryIsAsOfToday() throws {
    let files = [
      "items/milk.md": "---\nname: Milk\n---\n",
      "items/cheese.md": "---\nname: Cheese\n---\n",
      "purchases/2026/11.yml":
        "- {date: 2026-11-14, item: cheese, price: 3.99, expires: 2026-12-01, used: 2026-11-21}\n"
        + "- {date: 2026-11-17, item: milk, price: 1.19, expires: 2026-11-25}\n",
    ]
    let before = try analysis(files, now: "2026-11-15T12:00").pantry
    #expect(before.entries.map(\.itemID) == ["cheese"])
    let after = try analysis(files, now: "2026-11-22T12:00").pantry
    #expect(after.entries.map(\.itemID) == ["milk"])
    #expect(after.waste.used == 1)
    #expect(before.waste.used == 0)
  }

  @Test func aResultLaterTodayIsNotPlayedYet() throws {
    let files = [
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "results/2026/11.yml":
        "- {game: wordle, at: 2026-11-21T08:05, score: 3/6}\n"
        + "- {game: wordle, at: 2026-11-22T08:05, score: 4/6}\n",
    ]
    let early = try #require(try analysis(files, now: "2026-11-22T06:00").streaks.first)
    #expect(!early.playedToday)
    #expect(early.current == 1)
    #expect(early.atRisk)
    let late = try #require(try analysis(files, now: "2026-11-22T09:00").streaks.first)
    #expect(late.playedToday)
    #expect(late.current == 2)
  }

  /// A game's scores leave out the results after "now", even later the same day, as its
  /// streak does: at 23:30 the lost game of 23:45 and the won one of 23:50 are not played.
  @Test func scoresLeaveOutResultsLaterThanNow() throws {
    let result = try load([
      "vibekeeper.yml": Self.settings,
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "results/2026/02.yml":
        "- {game: wordle, at: 2026-02-27T20:00, score: 3/6}\n"
        + "- {game: wordle, at: 2026-02-28T23:45, score: X/6, completed: false}\n"
        + "- {game: wordle, at: 2026-02-28T23:50, score: 2/6}\n",
    ])
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(lines(result))")
    let h = result.household
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    let now = try #require(NowOption.parse("2026-02-28T23:30", timeZone: zone))
    let clock = LocalClock(now: now, timeZone: zone)
    let a = HouseholdAnalysis(h, clock: clock)
    let streak = try #require(a.streaks.first)
    #expect(!streak.playedToday)
    let s = try #require(GameScoring.scores(of: "wordle", in: h.results, clock: clock))
    #expect(s.distribution == [0, 0, 1, 0, 0, 0])
    #expect(s.failed == 0)
    #expect(s.mean == 3)
    #expect(s.failedDays.isEmpty)
    // The report reads the same scores.
    let json = Reports.streaks(h, analysis: a).json.serialized(pretty: false)
    #expect(
      json.contains(#""scores":{"out_of":6,"distribution":[0,0,1,0,0,0],"failed":0,"mean":3.00}"#),
      "\(json)")
    // Once both have happened, both count.
    let late = try #require(NowOption.parse("2026-02-28T23:55", timeZone: zone))
    let after = try #require(
      GameScoring.scores(of: "wordle", in: h.results, clock: LocalClock(now: late, timeZone: zone)))
    #expect(after.distribution == [0, 1, 1, 0, 0, 0])
    #expect(after.failed == 1)
    #expect(after.mean == Decimal(5) / 2)
  }

  @Test func aShoppingLineBoughtLaterIsStillToBuy() throws {
    let files = [
      "items/milk.md": "---\nname: Milk\n---\n",
      "shopping/weekend.md":
        "---\ntitle: Weekend\nitems:\n  - {item: milk, quantity: 2, estimate: 1.20, purchased: 2026-11-25, actual: 1.10}\n---\n",
    ]
    let list = try #require(try analysis(files, now: "2026-11-22T10:00").shopping.first)
    #expect(list.spent == 0)
    #expect(list.remaining.count == 1)
    let later = try #require(try analysis(files, now: "2026-11-26T10:00").shopping.first)
    #expect(later.spent == Decimal(string: "2.20"))
  }

  /// A gift budget counts what was bought: an idea with a `purchased:` date is not spent.
  @Test func aGiftIdeaIsNotSpent() throws {
    let files = [
      "contacts/ann.md": "---\nname: Ann\nbirthday: --12-01\n---\n",
      "gifts/a.md":
        "---\ntitle: A\nfor: ann\nprice: 53\nstatus: purchased\npurchased: 2026-11-10\n---\n",
      "gifts/e.md":
        "---\ntitle: E\nfor: ann\nprice: 50\nstatus: idea\npurchased: 2026-11-11\n---\n",
      "budgets/gifts.yml":
        "title: Gifts\namount: 200\nscope: gifts\nstart: 2026-11-01\nend: 2026-11-30\n",
    ]
    let budget = try #require(try analysis(files, now: "2026-11-22T10:00").budgets.summaries.first)
    #expect(budget.spent == 53)
  }

  /// A dose marked for a moment still ahead (an edit `serve` builds at its last "now")
  /// changes what is shown at that moment: the next change is then.
  @Test func aLaterMarkIsTheNextChange() throws {
    let files = [
      "reminders/iron.md": Self.iron,
      "doses/2026/11.yml":
        "- {reminder: iron, due: 2026-11-20T08:30, at: 2026-11-20T08:31, status: done}\n",
    ]
    let a = try analysis(files, now: "2026-11-20T08:30:30")
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    #expect(NextChange.after(a) == NowOption.parse("2026-11-20T08:31", timeZone: zone))
  }
}
