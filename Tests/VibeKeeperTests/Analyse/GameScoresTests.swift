import Foundation
import Testing

@testable import VibeKeeper

/// Scores, players and the streak reminder of the games.
@Suite struct GameScoresTests {
  let files = [
    "vibekeeper.yml": "timezone: UTC\nstreaks:\n  reminders: true\n  smart: true\n",
    "games/wordle.md": "---\nname: Wordle\n---\n",
    "games/mini.md": "---\nname: The Mini\n---\n",
    "results/2026/11.yml": """
    - {game: wordle, at: 2026-11-20T07:10, puzzle: 1616, score: 3/6, player: ana}
    - {game: wordle, at: 2026-11-21T07:15, puzzle: 1617, score: 4/6*, player: ana}
    - {game: wordle, at: 2026-11-22T07:05, puzzle: 1618, score: X/6, completed: false, player: ana}
    - {game: wordle, at: 2026-11-21T21:00, puzzle: 1617, score: 4/6, player: ben}
    - {game: wordle, at: 2026-11-22T21:10, puzzle: 1618, score: 6/6, player: ben}
    - {game: mini, at: 2026-11-22T22:40, score: "0:42"}

    """,
  ]

  @Test func guessesAndLostDays() throws {
    let h = try load(files).household
    let clock = LocalClock(now: utc("2026-11-23T12:00"), timeZone: .gmt)
    let s = try #require(GameScoring.scores(of: "wordle", in: h.results, clock: clock))
    #expect(s.outOf == 6)
    #expect(s.distribution == [0, 0, 1, 2, 0, 1])
    #expect(s.failed == 1)
    #expect(s.mean == Decimal(17) / 4)
    // 22 Nov: ana lost, ben won: the day is not lost.
    #expect(s.failedDays.isEmpty)
    #expect(GameScoring.scores(of: "mini", in: h.results, clock: clock) == nil)
    #expect(GameScoring.guesses("X/6")?.taken == nil)
    #expect(GameScoring.guesses("7/6") == nil)
    #expect(GameScoring.guesses("1:42") == nil)
  }

  /// A score no game gives is said at its line, and counts for the streak only.
  @Test func anImpossibleScoreIsSaid() throws {
    var bad = files
    bad["results/2026/11.yml"] = """
      - {game: wordle, date: 2026-11-20, score: 7/6}
      - {game: wordle, date: 2026-11-21, score: "0/6"}
      - {game: wordle, date: 2026-11-22, score: "3 / 0"}
      - {game: wordle, date: 2026-11-23, score: "4/6*"}
      - {game: mini, date: 2026-11-23, score: "1:42"}

      """
    let loaded = try load(bad)
    let said = loaded.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    #expect(
      said == [
        "1:43 'score' 7/6 takes more guesses than the game has (6), so the scores leave it out",
        "2:43 'score' 0/6 takes no guess, so the scores leave it out",
        "3:43 'score' 3 / 0 is out of 0 guesses, which no game gives, so the scores leave it out",
      ])
    #expect(loaded.household.results.count == 5)
    #expect(GameScoring.impossible("X/6") == nil)
    // Spaces around the slash read the same as none.
    #expect(GameScoring.guesses("3 / 6")?.taken == 3)
    #expect(GameScoring.guesses("X / 6").map { $0.taken == nil } == true)
    #expect(GameScoring.impossible("6/6*") == nil)
  }

  @Test func eachPlayerHasStreaks() throws {
    let h = try load(files).household
    let clock = LocalClock(now: utc("2026-11-23T12:00"), timeZone: .gmt)
    let wordle = try #require(Streaks.streaks(in: h, clock: clock).first { $0.game == "wordle" })
    #expect(wordle.current == 3)
    let players = Dictionary(uniqueKeysWithValues: wordle.players.map { ($0.player, $0) })
    // Ana lost on the 22nd: her streak ended the day before.
    #expect(players["ana"]?.current == 0)
    #expect(players["ana"]?.longest == 2)
    #expect(players["ben"]?.current == 2)
    #expect(players["ben"]?.atRisk == true)
    // The report gives them too.
    let json = Reports.streaks(h, analysis: HouseholdAnalysis(h, clock: clock)).json.serialized(
      pretty: false)
    #expect(json.contains(#""player":"ben","current":2"#), "\(json)")
    #expect(json.contains(#""distribution":[0,0,1,2,0,1],"failed":1"#))
  }

  /// The smart reminder comes from the games at risk, and it is only ever in the future.
  @Test func theStreakReminderIsAheadAndFromTheGamesAtRisk() throws {
    let h = try load(files).household
    let morning = LocalClock(now: utc("2026-11-23T12:00"), timeZone: .gmt)
    let a = HouseholdAnalysis(h, clock: morning)
    let reminder = try #require(a.streakReminder)
    #expect(reminder.source == .smart)
    func events(_ clock: LocalClock) -> [FeedEvent] {
      FeedEvents.streaks(
        FeedInputs(
          household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: FeedStamps()))
    }
    let today = events(morning)
    #expect(today.count == 1)
    if case .timed(_, let t)? = today.first?.start { #expect(t == reminder.time) }
    // After the time has passed, there is no reminder in the past.
    let late = LocalClock(now: utc("2026-11-23T23:50"), timeZone: .gmt)
    #expect(events(late).isEmpty)
  }
}
