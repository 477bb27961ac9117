import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PlayWindowTests {
  typealias F = TimeFixture

  /// Noon UTC on 22 Nov 2026: with 30 days the window is 24 Oct to 22 Nov.
  let clock = TimeFixture.clock("2026-11-22T12:00:00Z", TimeFixture.utc)

  func played(_ text: String, completed: Bool = true, game: String = "wordle") -> GameResult {
    var r = GameResult(meta: F.meta("r-\(text)"), game: game, when: .instant(F.at(text)))
    r.completed = completed
    return r
  }

  /// Results at the given UTC hours (minute 10) on 20 Nov 2026.
  func hours(_ hs: [Int]) -> [GameResult] {
    hs.map { played("2026-11-20T\($0 < 10 ? "0" : "")\($0):10:00Z") }
  }

  func window(_ results: [GameResult], days: Int = 30) -> PlayWindow {
    PlayWindows.window(of: results, windowDays: days, clock: clock)
  }

  @Test func windowStarting22EndsAt23() {
    let w = window(hours([22, 22, 23, 8]))
    #expect(w.histogram[22] == 2)
    #expect(w.total == 4)
    #expect(
      w.best
        == BestPlayWindow(
          start: 22, end: 23, count: 3, coverage: 75, suggestedReminder: F.time("21:30")))
  }

  @Test func windowStarting23EndsAt0() {
    let w = window(hours([23, 23, 0, 0, 12]))
    #expect(
      w.best
        == BestPlayWindow(
          start: 23, end: 0, count: 4, coverage: 80, suggestedReminder: F.time("22:30")))
  }

  @Test func windowStarting0IsClampedTo22() {
    let w = window(hours([0, 0, 0, 1, 12]))
    #expect(
      w.best
        == BestPlayWindow(
          start: 0, end: 1, count: 4, coverage: 80, suggestedReminder: F.time("22:00")))
  }

  @Test func tiesGoToTheEarliestStart() {
    let w = window(hours([9, 10, 15, 16]))
    #expect(w.best?.start == 9)
    #expect(w.best?.coverage == 50)
    #expect(w.best?.suggestedReminder == F.time("08:30"))
    // 0-1 and 23-0 both hold two: 0 is earlier than 23.
    let wrap = window(hours([23, 0, 1]))
    #expect(wrap.best?.start == 0)
    #expect(wrap.best?.end == 1)
    #expect(wrap.best?.coverage == 67)
  }

  @Test func singleResult() {
    // One play at 14:xx: the windows 13-14 and 14-15 tie; 13 is earlier.
    let w = window(hours([14]))
    #expect(
      w.best
        == BestPlayWindow(
          start: 13, end: 14, count: 1, coverage: 100, suggestedReminder: F.time("12:30")))
  }

  @Test func coverageRoundsHalfUp() {
    // Eight plays three hours apart: every window holds one; 1/8 = 12.5% -> 13%.
    let w = window(hours([0, 3, 6, 9, 12, 15, 18, 21]))
    #expect(w.best?.start == 0)
    #expect(w.best?.coverage == 13)
    // 1/3 = 33.3% -> 33%.
    #expect(window(hours([2, 10, 18])).best?.coverage == 33)
  }

  @Test func resultsOlderThanTheWindowFailedAndDateOnlyAreLeftOut() {
    var results = [
      played("2026-10-23T23:59:00Z"),  // today - 30: outside
      played("2026-10-24T07:00:00Z"),  // today - 29: the first day inside
      played("2026-11-22T18:00:00Z"),  // later today: inside
      played("2026-11-21T09:00:00Z", completed: false),
    ]
    results.append(GameResult(meta: F.meta("d"), game: "wordle", when: .day(F.date("2026-11-21"))))
    let w = window(results)
    #expect(w.from == F.date("2026-10-24"))
    #expect(w.through == F.date("2026-11-22"))
    #expect(w.total == 2)
    #expect(w.histogram[7] == 1)
    #expect(w.histogram[18] == 1)
    #expect(w.histogram[23] == 0)
    #expect(w.histogram[9] == 0)
    #expect(window(results, days: 1).total == 1)
    #expect(window(results, days: 0).total == 0)
  }

  @Test func localHoursInTheSettingsZone() {
    // 22:30 UTC is 23:30 in Berlin in November, and 01:30 UTC on 25 Oct is 02:30 CET.
    let berlin = F.clock("2026-11-22T12:00:00+01:00")
    let w = PlayWindows.window(
      of: [played("2026-11-21T22:30:00Z"), played("2026-10-25T01:30:00Z")], windowDays: 30,
      clock: berlin)
    #expect(w.histogram[23] == 1)
    #expect(w.histogram[2] == 1)
    #expect(w.total == 2)
  }

  @Test func suggestionClamping() {
    let expected = [
      0: "22:00", 1: "06:00", 5: "06:00", 6: "06:00", 7: "06:30", 12: "11:30", 22: "21:30",
      23: "22:30",
    ]
    for (start, time) in expected {
      #expect(PlayWindows.suggestion(start) == F.time(time), "start \(start)")
    }
  }

  @Test func noDataNoSuggestion() {
    let w = window([])
    #expect(w.best == nil)
    #expect(w.total == 0)
    #expect(w.histogram == [Int](repeating: 0, count: 24))
    #expect(PlayWindows.best(of: []) == nil)
  }

  @Test func effectiveStreakReminder() {
    var s = Settings.StreakSettings()
    let data = window(hours([22, 22, 23]))
    let empty = window([])
    #expect(
      StreakReminder.effective(s, window: data)
        == StreakReminder(time: F.time("21:30"), source: .smart))
    #expect(
      StreakReminder.effective(s, window: empty)
        == StreakReminder(time: F.time("19:00"), source: .fixed))
    #expect(
      StreakReminder.effective(s, window: nil)
        == StreakReminder(time: F.time("19:00"), source: .fixed))
    s.smart = false
    #expect(
      StreakReminder.effective(s, window: data)
        == StreakReminder(time: F.time("19:00"), source: .fixed))
    // Smart never turns reminders on.
    s.reminders = false
    s.smart = true
    #expect(StreakReminder.effective(s, window: data) == nil)
    #expect(StreakReminder.effective(s, window: empty) == nil)
  }
}
