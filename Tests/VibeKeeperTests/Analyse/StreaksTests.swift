import Foundation
import Testing

@testable import VibeKeeper

@Suite struct StreaksTests {
  typealias F = TimeFixture

  let game = Game(meta: TimeFixture.meta("wordle"), name: "Wordle")

  func onDay(_ date: String, completed: Bool = true, game: String = "wordle") -> GameResult {
    var r = GameResult(meta: F.meta("r-\(date)"), game: game, when: .day(F.date(date)))
    r.completed = completed
    return r
  }

  func atInstant(_ text: String, game: String = "wordle") -> GameResult {
    GameResult(meta: F.meta("r-\(text)"), game: game, when: .instant(F.at(text)))
  }

  func days(_ from: String, _ count: Int) -> [GameResult] {
    (0..<count).map { onDay(F.date(from).adding(days: $0).description) }
  }

  let evening = TimeFixture.clock("2026-11-22T20:00:00+01:00")

  @Test func currentCountsFromYesterdayAndIsAtRisk() {
    let s = Streaks.streak(of: game, in: days("2026-11-18", 4), clock: evening)
    #expect(s.current == 4)
    #expect(s.longest == 4)
    #expect(!s.playedToday)
    #expect(s.atRisk)
    #expect(s.lastPlayed == F.date("2026-11-21"))
    #expect(s.milestones == [StreakMilestone(days: 3, reached: F.date("2026-11-20"))])
    #expect(s.nextMilestone == 7)
  }

  @Test func playedTodayIsNotAtRisk() {
    let s = Streaks.streak(of: game, in: days("2026-11-18", 5), clock: evening)
    #expect(s.current == 5)
    #expect(s.playedToday)
    #expect(!s.atRisk)
  }

  /// A failed result does not count as played; one today ends the streak there (Wordle
  /// cannot be played again): no current streak, nothing at risk, the longest kept.
  @Test func failedResultsDoNotCount() {
    let results = days("2026-11-18", 4) + [onDay("2026-11-22", completed: false)]
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.current == 0)
    #expect(s.longest == 4)
    #expect(!s.playedToday)
    #expect(!s.atRisk)
    // Lost yesterday, not played today: yesterday's loss already ended it.
    let yesterday = Streaks.streak(
      of: game, in: days("2026-11-17", 4) + [onDay("2026-11-21", completed: false)],
      clock: evening)
    #expect(yesterday.current == 0 && !yesterday.atRisk)
    let onlyFailed = Streaks.streak(
      of: game, in: [onDay("2026-11-22", completed: false)], clock: evening)
    #expect(onlyFailed.current == 0)
    #expect(onlyFailed.longest == 0)
    #expect(!onlyFailed.atRisk)
  }

  /// Ana played today, Zoë has not: the game is played, but Zoë's streak is at risk, and
  /// the game counts as at risk wherever anyone's is (dashboard, feed, report).
  @Test func aPlayersStreakAtRiskIsTheGames() {
    func by(_ player: String, _ date: String) -> GameResult {
      var r = GameResult(
        meta: F.meta("\(player)-\(date)"), game: "wordle", when: .day(F.date(date)))
      r.player = player
      return r
    }
    let results =
      ["2026-11-20", "2026-11-21", "2026-11-22"].map { by("Ana", $0) }
      + ["2026-11-20", "2026-11-21"].map { by("Zoë", $0) }
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.playedToday && !s.atRisk)
    #expect(s.playersAtRisk.map(\.player) == ["Zoë"])
    #expect(s.anyoneAtRisk)
  }

  @Test func brokenStreakKeepsLongestAndMilestoneDates() {
    let results = days("2026-11-10", 7) + days("2026-11-20", 3)
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.current == 3)
    #expect(s.longest == 7)
    #expect(
      s.milestones == [
        StreakMilestone(days: 3, reached: F.date("2026-11-12")),
        StreakMilestone(days: 7, reached: F.date("2026-11-16")),
      ])
    #expect(s.nextMilestone == 7)
  }

  @Test func milestoneDateIsTheFirstTimeReached() {
    // A 3-day run in January, then a 10-day run in February: 3 was first reached in January.
    let results = days("2026-01-01", 3) + days("2026-02-01", 10)
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.current == 0)
    #expect(s.longest == 10)
    #expect(!s.atRisk)
    #expect(
      s.milestones == [
        StreakMilestone(days: 3, reached: F.date("2026-01-03")),
        StreakMilestone(days: 7, reached: F.date("2026-02-07")),
      ])
    #expect(s.nextMilestone == 3)
  }

  @Test func streakAcrossMidnight() {
    let results = [atInstant("2026-11-20T23:50:00+01:00"), atInstant("2026-11-21T00:10:00+01:00")]
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.current == 2)
    #expect(s.atRisk)
  }

  @Test func localDateDiffersFromUTCDate() {
    // 23:30 UTC is 00:30 the next day in Berlin.
    let results = [atInstant("2026-11-20T23:30:00Z"), atInstant("2026-11-21T23:30:00Z")]
    let berlin = Streaks.streak(of: game, in: results, clock: evening)
    #expect(berlin.playedToday)
    #expect(berlin.current == 2)
    #expect(berlin.lastPlayed == F.date("2026-11-22"))
    let utc = Streaks.streak(of: game, in: results, clock: F.clock("2026-11-22T20:00:00Z", F.utc))
    #expect(!utc.playedToday)
    #expect(utc.atRisk)
    #expect(utc.current == 2)
    #expect(utc.lastPlayed == F.date("2026-11-21"))
  }

  @Test func streakAcrossDSTChanges() {
    // Autumn: the night of 24-25 Oct has 25 hours; late-evening and just-after-midnight plays.
    let autumn = [
      atInstant("2026-10-24T00:30:00+02:00"), atInstant("2026-10-25T00:30:00+02:00"),
      atInstant("2026-10-26T00:10:00+01:00"),
    ]
    let a = Streaks.streak(of: game, in: autumn, clock: F.clock("2026-10-26T23:00:00+01:00"))
    #expect(a.current == 3)
    #expect(a.playedToday)
    #expect(a.milestones == [StreakMilestone(days: 3, reached: F.date("2026-10-26"))])
    // Spring: the night of 28-29 Mar has 23 hours.
    let spring = [
      atInstant("2026-03-28T23:45:00+01:00"), atInstant("2026-03-29T23:45:00+02:00"),
      atInstant("2026-03-30T23:45:00+02:00"),
    ]
    let s = Streaks.streak(of: game, in: spring, clock: F.clock("2026-03-31T09:00:00+02:00"))
    #expect(s.current == 3)
    #expect(s.atRisk)
  }

  @Test func duplicatesFutureDaysAndOtherGames() {
    let results =
      days("2026-11-20", 3) + [
        onDay("2026-11-22"), onDay("2026-11-23"), onDay("2026-11-24"),
        onDay("2026-11-19", game: "crossword"),
      ]
    let s = Streaks.streak(of: game, in: results, clock: evening)
    #expect(s.current == 3)
    #expect(s.longest == 3)
    #expect(s.lastPlayed == F.date("2026-11-22"))
  }

  @Test func emptyData() {
    let s = Streaks.streak(of: game, in: [], clock: evening)
    #expect(s.current == 0)
    #expect(s.longest == 0)
    #expect(!s.playedToday)
    #expect(!s.atRisk)
    #expect(s.milestones.isEmpty)
    #expect(s.lastPlayed == nil)
    #expect(s.nextMilestone == 3)
    #expect(Streaks.streaks(in: Household(), clock: evening).isEmpty)
  }

  @Test func longRunReachesEveryMilestone() {
    let s = Streaks.streak(of: game, in: days("2025-11-23", 365), clock: evening)
    #expect(s.current == 365)
    #expect(s.milestones.map(\.days) == Streaks.milestones)
    #expect(s.milestones.last?.reached == F.date("2026-11-22"))
    #expect(s.nextMilestone == nil)
  }
}
