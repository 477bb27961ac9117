import Foundation

/// A daily game whose results make streaks (Wordle, a crossword).
public struct Game: Hashable, Sendable {
  public var meta: RecordMeta
  public var name: String
  public var url: String?
  public var active = true
  /// Who its streak nudges go to (`notify: [ana]`); nil: each player's own channels (the
  /// household's for results without a player); empty: nobody.
  public var notify: [String]?
  /// Markdown body.
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates a game.
  public init(meta: RecordMeta, name: String) {
    self.meta = meta
    self.name = name
  }
}

/// One play of a game.
public struct GameResult: Hashable, Sendable {
  public var meta: RecordMeta
  /// The game (a game id).
  public var game: String
  public var when: ResultTime
  /// Finished (solved); only completed results count for streaks and play windows.
  public var completed = true
  /// Free-text score (`3/6`).
  public var score: String?
  /// The puzzle's number (`Wordle 1,620`), when known.
  public var puzzle: Int?
  /// Who played, for a household where several do (each has their own streaks).
  public var player: String?

  public var id: String { meta.id }

  /// Creates a result.
  public init(meta: RecordMeta, game: String, when: ResultTime) {
    self.meta = meta
    self.game = game
    self.when = when
  }
}

/// When a result happened: a date only, or an instant (from `at:`).
public enum ResultTime: Hashable, Sendable {
  /// A local date with no time of day (it has no place in the play window).
  case day(LocalDate)
  /// An exact instant; its local day and hour come from the settings time zone.
  case instant(Date)

  /// The local date in the clock's time zone.
  public func localDate(in clock: LocalClock) -> LocalDate {
    switch self {
    case .day(let d): d
    case .instant(let i): clock.localDate(of: i)
    }
  }
}
