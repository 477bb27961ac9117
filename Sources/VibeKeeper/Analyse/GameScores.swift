import Foundation

/// How a scored game went: for scores written as guesses (`4/6`, `X/6`, `4/6*`), how many
/// results took each number of guesses and how many were lost; the days lost.
public struct GameScores: Hashable, Sendable {
  /// The most guesses a score allows (6 for `4/6`), from the scores seen.
  public var outOf: Int
  /// How many results took 1, 2, ... `outOf` guesses (index 0 is one guess).
  public var distribution: [Int]
  /// How many results were lost (`X/6`, or `completed: false`).
  public var failed: Int
  /// The mean number of guesses of the won results, nil without any.
  public var mean: Decimal?
  /// The days with a lost result and no won one.
  public var failedDays: Set<LocalDate>
}

/// Reads the scores of a game's results.
public enum GameScoring {
  /// The guesses of a score `N/M` (`4/6`, `4/6*`, `4 / 6`): (N, M); `X/M` gives (nil, M); nil
  /// for a score that is no guess count (`1:42`, `2 mistakes`) or one no game gives.
  public static func guesses(_ score: String) -> (taken: Int?, outOf: Int)? {
    guard let (taken, outOf) = written(score), (1...30).contains(outOf) else { return nil }
    guard let taken else { return (nil, outOf) }
    return (1...outOf).contains(taken) ? (taken, outOf) : nil
  }

  /// What is wrong with a score written as guesses that no game can give (`7/6`, `0/6`,
  /// `3/0`): it counts for the streak, but not among the scores. Nil for a possible score
  /// and for one that is no guess count (`1:42`).
  public static func impossible(_ score: String) -> String? {
    guard let (taken, outOf) = written(score) else { return nil }
    guard (1...30).contains(outOf) else {
      return "is out of \(outOf) guesses, which no game gives, so the scores leave it out"
    }
    guard let taken else { return nil }
    if taken > outOf {
      return "takes more guesses than the game has (\(outOf)), so the scores leave it out"
    }
    return taken < 1 ? "takes no guess, so the scores leave it out" : nil
  }

  /// A score as it is written in guesses, `N/M` or `X/M` (hard mode's `*` and spaces around
  /// the slash allowed), before any check of the numbers; nil for any other score.
  private static func written(_ score: String) -> (taken: Int?, outOf: Int)? {
    var text = score.trimmedBlanks()
    while text.hasSuffix("*") { text.removeLast() }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.trimmedBlanks() }
    guard parts.count == 2, let outOf = Int(parts[1]) else { return nil }
    if parts[0].uppercased() == "X" { return (nil, outOf) }
    return Int(parts[0]).map { ($0, outOf) }
  }

  /// The scores of `game`'s results that have happened by now, or nil when no result has
  /// a guess score. A result later than "now", even today, has not been played yet
  /// (`Streaks.happened`, as for the streaks).
  public static func scores(of game: String, in results: [GameResult], clock: LocalClock)
    -> GameScores?
  {
    let mine = results.filter { $0.game == game && Streaks.happened($0.when, clock) }
    let read = mine.compactMap { r in r.score.flatMap(guesses).map { (r, $0) } }
    guard let outOf = read.map(\.1.outOf).max() else { return nil }
    var distribution = Array(repeating: 0, count: outOf)
    var failed = 0
    var won: [Int] = []
    for (r, g) in read {
      if let taken = g.taken, r.completed {
        distribution[taken - 1] += 1
        won.append(taken)
      } else {
        failed += 1
      }
    }
    var lostDays = Set<LocalDate>()
    var wonDays = Set<LocalDate>()
    for r in mine {
      let day = r.when.localDate(in: clock)
      let lost = !r.completed || r.score.flatMap(guesses).map { $0.taken == nil } == true
      if lost { lostDays.insert(day) } else { wonDays.insert(day) }
    }
    return GameScores(
      outOf: outOf, distribution: distribution, failed: failed,
      mean: won.isEmpty ? nil : Decimal(won.reduce(0, +)) / Decimal(won.count),
      failedDays: lostDays.subtracting(wonDays))
  }
}
