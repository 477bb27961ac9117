import Foundation

/// `vibekeeper played GAME [RESULT]` and `vibekeeper played -` (a pasted share text): a
/// result, appended to the month's results file with `at:` (so the play window learns).
/// A game not in `games/` is refused with a did-you-mean, or created with `newGame`.
public struct PlayedAction: DataAction {
  /// The game (id or name); nil with `share`.
  public var game: String?
  /// The score as typed (`4/6`, `X/6`, `1:42`).
  public var score: String?
  /// A pasted share text, read instead of `game` and `score`.
  public var share: String?
  /// When it was played (`HH:MM` or a date-time; default now).
  public var at: String?
  /// Lost or not finished.
  public var failed = false
  /// Who played.
  public var player: String?
  /// Create the game when it is not in `games/`.
  public var newGame = false

  /// A result.
  public init() {}

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    var score = score
    var failed = failed
    var puzzle: Int?
    var typed = game
    var name = game
    if let share {
      guard let result = ShareText.parse(share) else {
        let known = ShareText.formats.map(\.name).joined(separator: ", ")
        throw DataWriter.Problem(
          description: "the text is no share text of a game VibeKeeper knows (\(known))")
      }
      typed = result.game
      name = result.name
      score = result.score
      failed = failed || result.failed
      puzzle = result.puzzle
    }
    guard let typed, !typed.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw DataWriter.Problem(description: "say which game: `vibekeeper played wordle 4/6`")
    }
    if let s = score, s.uppercased().hasPrefix("X/") { failed = true }
    var changes: [FileChange] = []
    let gameID: String
    let gameName: String
    do throws(DataWriter.Problem) {
      let g = try c.find(Game.self, typed, title: \.name)
      (gameID, gameName) = (g.id, g.name)
    } catch {
      guard newGame else {
        throw DataWriter.Problem(
          description: error.description + "; or add it with --new-game")
      }
      let id = Slug.make(name ?? typed, fallback: "game")
      gameID = id
      gameName = name ?? typed
      let path = "games/\(id).md"
      guard try c.writer.read(path) == nil else {
        throw DataWriter.Problem(description: "\(c.writer.display(path)) exists already")
      }
      changes.append(
        FileChange(path: path, before: nil, after: "---\nname: \(YAMLText.scalar(gameName))\n---\n")
      )
    }
    let when = try at.map { text throws(DataWriter.Problem) in try c.moment(text) } ?? c.clock.now
    let day = c.clock.localDate(of: when)
    // The same puzzle is looked for in the results of the day's month and the months
    // either side (a daily puzzle is played around its day).
    if puzzle != nil {
      c.records.read(.results, months: day.adding(days: -31), day.adding(days: 31))
    }
    if let puzzle,
      let same = c.household.results.first(where: {
        $0.game == gameID && $0.puzzle == puzzle && $0.player == player
      })
    {
      throw DataWriter.Problem(
        description: "\(gameName) \(puzzle) is already logged (\(same.meta.location))")
    }
    var fields: [(key: String, value: String)] = [("game", gameID), ("at", c.local(when))]
    if let puzzle { fields.append(("puzzle", String(puzzle))) }
    if let score { fields.append(("score", YAMLText.flowScalar(score))) }
    if failed { fields.append(("completed", "false")) }
    if let player { fields.append(("player", YAMLText.flowScalar(player))) }
    changes.append(try c.appending(YAMLText.flowEntry(fields), to: .results, month: day))
    let number = puzzle.map { " \($0)" } ?? ""
    let result = failed ? " (lost)" : score.map { " " + $0 } ?? ""
    let who = player.map { " by \($0)" } ?? ""
    return ActionPlan(changes: changes, summary: "Played \(gameName)\(number)\(result)\(who)")
  }
}
