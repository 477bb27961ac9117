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
  /// Refuse when the game already has a result today (by the same player): a notification's
  /// "Played" button, which each channel sends, records the day's play once.
  public var oncePerDay = false

  /// A result.
  public init() {}

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    var score = score
    var failed = failed
    var puzzle: Int?
    var typed = game
    var name = game
    var shared: ShareResult?
    if let share {
      guard let result = ShareText.parse(share) else {
        if let game = ShareText.lookalike(share) {
          throw DataWriter.Problem(
            description:
              "the text starts as a \(game) share but does not read as one (its lines cut short, or a grid that disagrees with its score); paste the whole share text, or give the game and its score (`vibekeeper played GAME 4/6`)"
          )
        }
        let known = ShareText.formats.map(\.name).joined(separator: ", ")
        throw DataWriter.Problem(
          description: "the text is no share text of a game VibeKeeper knows (\(known))")
      }
      // Two shares pasted at once (a Wordle, then a Connections): one would be dropped
      // without a word.
      let lines = share.split(whereSeparator: \.isNewline)
      let headers = lines.indices.compactMap {
        ShareText.parse(lines[$0...].joined(separator: "\n"))?.name
      }
      guard headers.count <= 1 else {
        throw DataWriter.Problem(
          description:
            "the text holds \(headers.count) share texts (\(headers.joined(separator: ", "))); paste one at a time"
        )
      }
      shared = result
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
      let g: Game
      if let shared {
        g = try Self.game(for: shared, &c)
      } else {
        g = try c.find(Game.self, typed, title: \.name)
      }
      (gameID, gameName) = (g.id, g.name)
    } catch {
      guard newGame else {
        throw DataWriter.Problem(
          description: error.description + "; or add it with --new-game")
      }
      // A shared game gets its format's key as id (`mini`), so the next share finds it.
      let candidates = [shared?.game, Slug.make(name ?? typed, fallback: "game")].compactMap { $0 }
      var free: String?
      for id in candidates where try c.writer.read("games/\(id).md") == nil {
        free = id
        break
      }
      guard let id = free else {
        throw DataWriter.Problem(
          description: "\(c.writer.display("games/\(candidates.last ?? typed).md")) exists already")
      }
      gameID = id
      gameName = name ?? typed
      changes.append(
        FileChange(
          path: "games/\(id).md", before: nil,
          after: "---\nname: \(YAMLText.scalar(gameName))\n---\n"))
    }
    // When: `--at`, else the day a dated share names when that is not today (yesterday's
    // crossword pasted this morning: the time it was played is not known; tomorrow's,
    // out the evening before: it is that day's puzzle, so it is logged once, for its
    // day), else now.
    var when: ResultTime = .instant(c.clock.now)
    if let at {
      when = .instant(try c.moment(at))
    } else if let date = shared.flatMap(ShareText.day), date != c.clock.today {
      // Tomorrow's puzzle comes out the evening before; a later day has not happened.
      guard date <= c.clock.today.adding(days: 1) else {
        throw DataWriter.Problem(
          description:
            "the share is of \(date), which has not come yet (today is \(c.clock.today)); only what has happened is written"
        )
      }
      when = .day(date)
    }
    let day = when.localDate(in: c.clock)
    // The same puzzle is looked for in the results of the day's month and the months
    // either side (a daily puzzle is played around its day); a dated puzzle without a
    // number is the same when it is logged for the same day.
    let dated = puzzle == nil ? (shared?.date ?? (oncePerDay ? day : nil)) : nil
    c.records.read(.results, months: day.adding(days: -31), day.adding(days: 31))
    // And around today: a puzzle logged on the day it was pasted (as versions before the
    // numbers named days did) is the same puzzle.
    if day != c.clock.today {
      c.records.read(
        .results, months: c.clock.today.adding(days: -31), c.clock.today.adding(days: 31))
    }
    let clock = c.clock
    // A game whose recent results say whose they are: a line without a player would count
    // for the game and for nobody, and leave every player's streak at risk.
    if player == nil {
      var players: [String] = []
      for r in c.household.results where r.game == gameID {
        if let p = r.player,
          !players.contains(where: { ActionContext.key($0) == ActionContext.key(p) })
        {
          players.append(p)
        }
      }
      if !players.isEmpty {
        throw DataWriter.Problem(
          description:
            "\(gameName)'s results name who played (\(players.sorted().joined(separator: ", "))); say whose this is with --player NAME"
        )
      }
    }
    // A player is a person whatever the case they are written in (`ana`, `Ana`): the same
    // puzzle by either is the same, and the line takes the spelling written before.
    let playerKey = player.map(ActionContext.key)
    let written =
      playerKey.flatMap { key in
        c.household.results.lazy.compactMap(\.player).first { ActionContext.key($0) == key }
      } ?? player
    if let same = c.household.results.first(where: { r in
      guard r.game == gameID, r.player.map(ActionContext.key) == playerKey else { return false }
      if let puzzle { return r.puzzle == puzzle }
      return dated.map { r.when.localDate(in: clock) == $0 } ?? false
    }) {
      let which =
        puzzle.map { "\(gameName) \($0)" } ?? "\(gameName) of \(dated.map(\.description) ?? "")"
      throw DataWriter.Problem(description: "\(which) is already logged (\(same.meta.location))")
    }
    var fields: [(key: String, value: String)] = [("game", gameID)]
    switch when {
    case .instant(let instant): fields.append(("at", c.local(instant)))
    case .day(let date): fields.append(("date", date.description))
    }
    if let puzzle { fields.append(("puzzle", String(puzzle))) }
    if let score { fields.append(("score", YAMLText.text(score, flow: true))) }
    if failed { fields.append(("completed", "false")) }
    if let written { fields.append(("player", YAMLText.flowScalar(written))) }
    changes.append(try c.appending(YAMLText.flowEntry(fields), to: .results, month: day))
    let number = puzzle.map { " \($0)" } ?? ""
    let of = when == .day(day) ? " of \(day)" : ""
    let result = failed ? " (lost)" : score.map { " " + $0 } ?? ""
    let who = written.map { " by \($0)" } ?? ""
    return ActionPlan(
      changes: changes, summary: "Played \(gameName)\(number)\(of)\(result)\(who)")
  }

  /// Words in a game's id or name that make it another shared game than the format's own:
  /// the daily crossword is neither the Mini nor the Midi.
  static let notThe: [String: [String]] = ["crossword": ["mini", "midi"]]

  /// The game a share text is for: the one whose id is the format's key or whose name is
  /// the format's name (`mini`, "The Mini"), else the only one whose id or name holds the
  /// key ("Mini crossword" for the Mini). A game whose name names another shared game is
  /// never taken ("Mini crossword" for the daily crossword, whose key is `crossword`).
  static func game(for share: ShareResult, _ c: inout ActionContext) throws(DataWriter.Problem)
    -> Game
  {
    c.records.readAll(.games)
    let key = ActionContext.key(share.game)
    let others = notThe[share.game] ?? []
    let games = c.household.games.filter { g in
      !others.contains { ActionContext.key(g.name).contains($0) || g.id.contains($0) }
    }
    let named = [key, ActionContext.key(share.name)]
    if let exact = games.first(where: {
      $0.id == share.game || named.contains(ActionContext.key($0.name))
    }) {
      return exact
    }
    let holding = games.filter {
      ActionContext.key($0.id).contains(key) || ActionContext.key($0.name).contains(key)
    }
    if holding.count == 1, let only = holding.first { return only }
    let ids = c.household.games.map(\.id)
    let hint =
      ids.isEmpty
      ? "; there are no games yet" : "; known: \(ids.sorted().prefix(8).joined(separator: ", "))"
    throw DataWriter.Problem(description: "no game for \(share.name) ('\(share.game)')\(hint)")
  }
}
