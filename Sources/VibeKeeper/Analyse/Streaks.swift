/// A streak length reached, and the day it was first reached.
public struct StreakMilestone: Hashable, Sendable {
  /// The streak length in days (3, 7, 14, 30, 50, 100 or 365).
  public var days: Int
  /// The first day a run of played days reached this length (the run's start + days - 1).
  public var reached: LocalDate
}

/// A game's streaks at "now".
public struct GameStreak: Hashable, Sendable {
  /// The game id.
  public var game: String
  /// The game's name.
  public var name: String
  /// Whether the game is active.
  public var active: Bool
  /// Played days ending today if played today, else ending yesterday (0 when neither).
  public var current: Int
  /// The longest run of consecutive played days up to today.
  public var longest: Int
  /// A completed result falls on today.
  public var playedToday: Bool
  /// `current > 0` and not played today: play today or lose it.
  public var atRisk: Bool
  /// The latest played day, if any.
  public var lastPlayed: LocalDate?
  /// Every milestone any run has reached, smallest first, with the first day it was reached.
  public var milestones: [StreakMilestone]
  /// The smallest milestone above the current streak, if any is left.
  public var nextMilestone: Int?
  /// Each player's own streaks, by name, when results name players.
  public var players: [PlayerStreak] = []

  /// The players whose own streak is at risk (an active game only).
  public var playersAtRisk: [PlayerStreak] { active ? players.filter(\.atRisk) : [] }

  /// Whether the game's streak or a player's is at risk today (Ana played, Zoë has not).
  public var anyoneAtRisk: Bool { atRisk || !playersAtRisk.isEmpty }
}

/// One player's streaks in a game (from the results with their `player:`).
public struct PlayerStreak: Hashable, Sendable {
  public var player: String
  public var current: Int
  public var longest: Int
  public var playedToday: Bool
  /// `current > 0`, not played today, and the game is active.
  public var atRisk: Bool
}

/// Streaks per game: a day counts when it has a completed result; a result's day is its
/// local date in the settings time zone (an `at:` of 23:30 UTC may be the next local day).
public enum Streaks {
  /// The streak lengths that count as milestones.
  public static let milestones = [3, 7, 14, 30, 50, 100, 365]

  /// The local days on which a game has a completed result, up to now (a result later
  /// than "now", even today, cannot have been played yet), sorted, unique.
  public static func playedDays(
    of game: String, in results: [GameResult], clock: LocalClock
  ) -> [LocalDate] {
    let days = results.filter { $0.game == game && $0.completed && happened($0.when, clock) }
      .map { $0.when.localDate(in: clock) }
    return Set(days).sorted()
  }

  /// Whether a result has happened by the clock's "now": its time is not later, or its
  /// day (a result with a date alone) is not after today.
  static func happened(_ when: ResultTime, _ clock: LocalClock) -> Bool {
    switch when {
    case .instant(let at): at <= clock.now
    case .day(let day): day <= clock.today
    }
  }

  /// Runs of consecutive days, as (first day, length), oldest first; the current run
  /// (ending today or yesterday) and whether today is played.
  static func runs(_ days: [LocalDate], today: LocalDate) -> (
    runs: [(start: LocalDate, length: Int)], current: Int, playedToday: Bool
  ) {
    var runs: [(start: LocalDate, length: Int)] = []
    for day in days {
      if let last = runs.last, last.start.adding(days: last.length) == day {
        runs[runs.count - 1].length += 1
      } else {
        runs.append((day, 1))
      }
    }
    var current = 0
    if let last = runs.last {
      let end = last.start.adding(days: last.length - 1)
      if end == today || end == today.adding(days: -1) { current = last.length }
    }
    return (runs, current, days.last == today)
  }

  /// Whether today has a result of `game` that happened and was lost (`completed: false`,
  /// Wordle's `X/6`) and none completed: the streak ended today, and there is nothing left
  /// to play for it.
  static func lostToday(
    _ game: String, in results: [GameResult], clock: LocalClock, playedToday: Bool
  ) -> Bool {
    !playedToday
      && results.contains {
        $0.game == game && !$0.completed && happened($0.when, clock)
          && $0.when.localDate(in: clock) == clock.today
      }
  }

  /// The streaks of one game.
  public static func streak(of game: Game, in results: [GameResult], clock: LocalClock)
    -> GameStreak
  {
    let days = playedDays(of: game.id, in: results, clock: clock)
    let today = clock.today
    let (runs, running, playedToday) = Self.runs(days, today: today)
    let named = results.filter { $0.game == game.id && $0.player != nil }
    // A game lost today ended its streak: no current run, and nothing at risk. With
    // players, one's loss ends only their own (another can still play today).
    let lost =
      named.isEmpty && lostToday(game.id, in: results, clock: clock, playedToday: playedToday)
    let current = lost ? 0 : running
    let reached = milestones.compactMap { m -> StreakMilestone? in
      runs.first { $0.length >= m }.map {
        StreakMilestone(days: m, reached: $0.start.adding(days: m - 1))
      }
    }
    var streak = GameStreak(
      game: game.id, name: game.name, active: game.active, current: current,
      longest: runs.map(\.length).max() ?? 0, playedToday: playedToday,
      // An inactive game is kept for its history; it is never at risk.
      atRisk: game.active && current > 0 && !playedToday, lastPlayed: days.last,
      milestones: reached,
      nextMilestone: milestones.first { $0 > current })
    // One player whatever the case their name is written in (`ana`, `Ana`), shown as
    // first written.
    var spelling: [String: String] = [:]
    for r in named {
      if let p = r.player { spelling[Household.nameKey(p)] = spelling[Household.nameKey(p)] ?? p }
    }
    let players = spelling.values.sorted()
    streak.players = players.map { player in
      let key = Household.nameKey(player)
      let theirs = named.filter { $0.player.map(Household.nameKey) == key }
      let days = playedDays(of: game.id, in: theirs, clock: clock)
      let (runs, running, playedToday) = Self.runs(days, today: today)
      let lost = lostToday(game.id, in: theirs, clock: clock, playedToday: playedToday)
      let current = lost ? 0 : running
      return PlayerStreak(
        player: player, current: current, longest: runs.map(\.length).max() ?? 0,
        playedToday: playedToday, atRisk: game.active && current > 0 && !playedToday)
    }
    return streak
  }

  /// Every game's streaks, in the household's game order (by id).
  public static func streaks(in household: Household, clock: LocalClock) -> [GameStreak] {
    household.games.map { streak(of: $0, in: household.results, clock: clock) }
  }
}
