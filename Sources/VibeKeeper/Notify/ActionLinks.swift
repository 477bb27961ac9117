import Foundation

/// The single-use links behind a notification's buttons ("Taken", "Skip", "Played"):
/// `ACTION_URL/__vibekeeper/act/TOKEN`, 128 random bits each. The state file keeps only
/// the token's SHA-256, with what it writes and until when. `serve` answers a GET with a
/// page that asks to confirm (a link preview never writes), and a POST by writing through
/// the same writer as `done` and `played`; a link is refused once it (or another button
/// of its notification) was used, after it expires, and when it is not one that went out.
public struct ActionLinks: Sendable {
  /// The path every link starts with.
  public static let pathPrefix = "__vibekeeper/act/"

  /// The state file the links are in.
  public let state: NotifyState
  /// The data folder the actions write into.
  public let root: URL
  /// How the data folder is named in messages.
  public let displayRoot: String

  /// The links of `state`, writing into `root`.
  public init(state: NotifyState, root: URL, displayRoot: String) {
    self.state = state
    self.root = root
    self.displayRoot = displayRoot
  }

  /// What a link's page says: a status, a title and a line.
  public struct Answer: Error, Sendable, Equatable {
    /// 200 (asks or done), 404 (no such link), 409 (nothing to do), 410 (used or expired).
    public var status: Int
    public var title: String
    public var message: String
    /// The button to confirm with, on the page a GET gets.
    public var confirm: String?

    /// An answer.
    public init(status: Int, title: String, message: String, confirm: String? = nil) {
      self.status = status
      self.title = title
      self.message = message
      self.confirm = confirm
    }
  }

  /// `count` random bytes as hex (from the system's secure random source).
  static func newToken(bytes count: Int) -> String {
    var rng = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }.hexString
  }

  /// The SHA-256 of a token, hex: what the state file keeps.
  static func hash(_ token: String) -> String {
    SHA256.hash(Array(token.utf8)).hexString
  }

  /// The token of a request path (`/__vibekeeper/act/TOKEN`), nil for any other path.
  public static func token(inPath path: String) -> String? {
    let p = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
    guard p.hasPrefix("/" + pathPrefix) else { return nil }
    return String(p.dropFirst(pathPrefix.count + 1))
  }

  /// The page for a GET: what the link would write, with a button to confirm; nothing is
  /// written.
  public func preview(token: String, now: Date) -> Answer {
    switch look(token, now: now) {
    case .failure(let answer): return answer
    case .success(let link):
      return Answer(
        status: 200, title: link.text ?? "VibeKeeper",
        message: "\(describe(link)). Tap the button to record it.", confirm: link.label ?? "OK")
    }
  }

  /// Uses the link (a POST): writes its action through the one writer at `now`, commits
  /// when `commit`, and spends every link of its notification.
  public func use(token: String, now: Date, commit: Bool) -> Answer {
    // A token no link has is refused before the lock is waited for (the notify loop may
    // hold it while it sends): a flood of made-up tokens never queues behind it. A link
    // that is there is checked again under the lock.
    if case .failure(let answer) = look(token, now: now), answer.status == 404 { return answer }
    do {
      return try state.locked(now: now) { ledger -> Answer in
        let link: NotifyState.Entry
        switch Self.check(token, in: ledger.entries, now: now) {
        case .failure(let answer): return answer
        case .success(let found): link = found
        }
        guard let action = link.action else {
          return Answer(status: 404, title: "Not a valid link", message: "This link does nothing.")
        }
        let runner = ActionRunner(root: root, displayRoot: displayRoot)
        let outcome: ActionRunner.Outcome
        do throws(DataWriter.Problem) {
          switch action {
          case .dose(let reminder, let due, let skip):
            var a = DoneAction(reminder: reminder)
            a.due = due
            a.skip = skip
            outcome = try runner.run(a, at: now, dryRun: false, commit: commit)
          case .played(let game, let player):
            var a = PlayedAction()
            a.game = game
            a.player = player
            a.oncePerDay = true
            outcome = try runner.run(a, at: now, dryRun: false, commit: commit)
          }
        } catch {
          return Answer(status: 409, title: "Nothing was written", message: error.description)
        }
        var used = NotifyState.Entry(
          type: .used, at: now, keep: Date(timeIntervalSince1970: TimeInterval(link.keep)))
        used.group = link.group
        used.label = link.label
        used.channel = link.channel
        used.key = link.key
        used.text = outcome.plan.summary
        try ledger.append(used)
        let committed =
          outcome.commit.map { " (committed \($0))" }
          ?? outcome.commitFailure.map { " (not committed: \($0))" } ?? ""
        return Answer(status: 200, title: "Recorded", message: outcome.plan.summary + committed)
      }
    } catch {
      return Answer(status: 500, title: "Nothing was written", message: "\(error)")
    }
  }

  /// The link a token names, if it may be used now.
  private func look(_ token: String, now: Date) -> Result<NotifyState.Entry, Answer> {
    Self.check(token, in: state.entries(), now: now)
  }

  /// The link `token` names among `entries`, if it may be used now.
  private static func check(_ token: String, in entries: [NotifyState.Entry], now: Date)
    -> Result<NotifyState.Entry, Answer>
  {
    let link = entries.link(hash: hash(token))
    return check(token, link, used: link?.group.flatMap { entries.use(of: $0) }, now: now)
  }

  private static func check(
    _ token: String, _ link: NotifyState.Entry?, used: NotifyState.Entry?, now: Date
  ) -> Result<NotifyState.Entry, Answer> {
    let wellFormed = token.count == 32 && token.utf8.allSatisfy { $0.hexDigitValue != nil }
    guard wellFormed, let link else {
      return .failure(
        Answer(
          status: 404, title: "Not a valid link",
          message: "This link was not sent by this household's VibeKeeper. Nothing was written."))
    }
    if let used {
      return .failure(
        Answer(
          status: 410, title: "Already used",
          message:
            "This notification was answered already (\(used.label ?? "used")): \(used.text ?? ""). Nothing more was written."
        ))
    }
    if let expires = link.expires, Int(now.timeIntervalSince1970) >= expires {
      return .failure(
        Answer(
          status: 410, title: "This link has expired",
          message:
            "It is too late to answer this notification here; use vibekeeper done or played with --at. Nothing was written."
        ))
    }
    return .success(link)
  }

  /// What the link writes, in words.
  private func describe(_ link: NotifyState.Entry) -> String {
    switch link.action {
    case .dose(let reminder, let due, _)?:
      return
        "\(link.label ?? "Done"): \(reminder), due \(due.replacingOccurrences(of: "T", with: " "))"
    case .played(let game, let player)?:
      return "\(link.label ?? "Played"): \(game) today" + (player.map { ", by \($0)" } ?? "")
    case nil:
      return "Nothing"
    }
  }
}
