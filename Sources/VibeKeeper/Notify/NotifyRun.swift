import Foundation

/// One `vibekeeper notify` (or one turn of `serve`'s loop): loads the data folder, works
/// out which notices are due now (`NotificationSchedule`), and sends each on its channels
/// once: under the state's lock, a notice already sent on a channel is never sent again
/// there, and one that failed is tried again on the next run while it is current.
public struct NotifyRun: Sendable {
  /// The data folder.
  public let root: URL
  /// How the data folder is named in messages.
  public let displayRoot: String
  /// What was sent, and the action links.
  public let state: NotifyState
  /// The environment (`PATH` for `sendmail`).
  public var environment: [String: String]
  /// The record schema.
  public var schema: RecordSchema = .standard
  /// `--now` as typed (a date or date-time in the settings time zone), used when a run is
  /// given no instant.
  public var nowText: String?

  /// A run for the data folder `root` with the state file `state`.
  public init(root: URL, displayRoot: String, state: NotifyState, environment: [String: String]) {
    self.root = root
    self.displayRoot = displayRoot
    self.state = state
    self.environment = environment
  }

  /// A message that went out, or failed to.
  public struct Delivery: Sendable {
    /// The channel's name.
    public var channel: String
    /// The message's title.
    public var title: String
    /// The notices it carried.
    public var keys: [String]
    /// Why it failed; nil when it went out.
    public var problem: String?
  }

  /// What a run did.
  public struct Outcome: Sendable {
    /// Every message tried, in order.
    public var deliveries: [Delivery] = []
    /// The next moment a notice comes due (within a day), for `serve`'s loop.
    public var nextDue: Date?
    /// The errors and warnings of the data folder and the settings.
    public var diagnostics: [Diagnostic] = []
    /// The channels configured.
    public var channels: [String] = []
    /// Whether every message went out.
    public var succeeded: Bool { deliveries.allSatisfy { $0.problem == nil } }
    /// Why nothing was sent although channels may be set: the settings have an error (they
    /// say where notices go and when; fallbacks could send at the wrong time or place).
    public var refusal: String?
    /// Whether the data had errors (the run exits 1 though it sent the rest).
    public var hasErrors: Bool { diagnostics.hasErrors }
  }

  /// A notice of the schedule and where it goes (`notify --dry-run`).
  public struct Planned: Sendable {
    public var notice: Notice
    /// Each channel it goes to, and whether it went out there already.
    public var channels: [(name: String, sent: Bool)]
  }

  /// The message of a run the settings' error stopped.
  public static let settingsRefusal =
    "the settings have an error, so nothing was sent (they say where notices go and when); fix it and run again"

  /// Loads the household at `now` (else at `nowText`, else at the wall clock), with the
  /// loader's diagnostics and whether the settings are usable.
  func load(_ now: Date?) throws(NotifyProblem) -> (
    Household, LocalClock, [Diagnostic], Bool
  ) {
    var loader = DataLoader(root: root, displayRoot: displayRoot)
    loader.schema = schema
    let result = loader.load()
    let household = result.household
    let zone = household.settings.timeZone
    var instant = now ?? Date()
    if now == nil, let text = nowText {
      guard let parsed = NowOption.parse(text, timeZone: zone) else {
        throw NotifyProblem("--now must be YYYY-MM-DD or YYYY-MM-DDTHH:MM, not '\(text)'")
      }
      instant = parsed
    }
    return (
      household, LocalClock(now: instant, timeZone: zone), result.diagnostics,
      result.settingsUsable
    )
  }

  /// Sends what is due at `now` (see `load`); nothing when the settings have an error.
  public func run(now: Date? = nil) throws -> Outcome {
    let (household, clock, diagnostics, settingsUsable) = try load(now)
    var outcome = Outcome()
    outcome.diagnostics = diagnostics
    guard settingsUsable else {
      outcome.refusal = Self.settingsRefusal
      return outcome
    }
    let settings = household.settings
    let channels = settings.notify.channels
    outcome.channels = channels.map(\.name)
    let ahead = NotificationSchedule.notices(
      in: household, clock: clock, through: clock.now.addingTimeInterval(86_400))
    outcome.nextDue = ahead.first { $0.moment > clock.now }?.moment
    guard !channels.isEmpty else { return outcome }
    let due = ahead.filter { $0.moment <= clock.now }
    let pageBase = settings.baseURL ?? settings.notify.actionURL
    let routes = due.map { Set(Self.route($0, among: channels)) }
    try state.locked(now: clock.now) { ledger in
      for channel in channels {
        let open = zip(due, routes).filter {
          $0.1.contains(channel.name) && !ledger.wasSent($0.0.key, on: channel.name)
        }.map(\.0)
        for group in Self.grouped(open) {
          var message = NotifyMessage(group, pageBase: pageBase)
          if group.count == 1, let base = settings.notify.actionURL, !group[0].actions.isEmpty {
            message.buttons = try Self.links(
              for: group[0], channel: channel.name, base: base, ledger: ledger, now: clock.now)
          }
          let result = deliver(message, on: channel, household: household, clock: clock)
          let keys = group.map(\.key)
          var delivery = Delivery(channel: channel.name, title: message.title, keys: keys)
          switch result {
          case .success:
            for notice in group {
              var e = NotifyState.Entry(
                type: .sent, at: clock.now, keep: notice.expires.addingTimeInterval(86_400))
              e.key = notice.key
              e.channel = channel.name
              e.text = group.count == 1 ? notice.title : message.title
              try ledger.append(e)
            }
          case .failure(let problem):
            delivery.problem = problem.description
            var e = NotifyState.Entry(
              type: .failed, at: clock.now, keep: clock.now.addingTimeInterval(7 * 86_400))
            e.key = keys[0]
            e.channel = channel.name
            e.text = problem.description
            try ledger.append(e)
          }
          outcome.deliveries.append(delivery)
        }
      }
    }
    return outcome
  }

  /// The notices from `now` through `days` ahead (and those still current), each with its
  /// channels and whether it went out on them already. Nothing is sent or written.
  public func schedule(now: Date? = nil, days: Int) throws(NotifyProblem) -> (
    planned: [Planned], clock: LocalClock, outcome: Outcome
  ) {
    let (household, clock, diagnostics, settingsUsable) = try load(now)
    var outcome = Outcome()
    outcome.diagnostics = diagnostics
    if !settingsUsable { outcome.refusal = Self.settingsRefusal }
    let channels = household.settings.notify.channels
    outcome.channels = channels.map(\.name)
    let sent = state.entries().sentPairs
    let notices = NotificationSchedule.notices(
      in: household, clock: clock,
      through: clock.now.addingTimeInterval(TimeInterval(max(days, 0)) * 86_400))
    let buttons = household.settings.notify.actionURL != nil
    let planned = notices.map { n in
      var n = n
      if !buttons { n.actions = [] }
      return Planned(
        notice: n,
        channels: Self.route(n, among: channels).map {
          ($0, sent.contains(NotifyState.pair(n.key, $0)))
        })
    }
    return (planned, clock, outcome)
  }

  /// The channels a notice goes to, among those that take its kind (`only:`): a notice
  /// that names people goes to the channels that are for one of them (`for: [ana]`); one
  /// that names nobody, or people without such a channel, to the household's (those
  /// without `for`, or every channel when all belong to someone); `notify: []` to none.
  public static func route(_ notice: Notice, among all: [NotifyChannel]) -> [String] {
    func key(_ name: String) -> String {
      name.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let channels = all.filter { $0.takes(notice.kind) }
    let shared = channels.filter(\.people.isEmpty)
    var chosen = shared.isEmpty ? channels : shared
    if let people = notice.people {
      if people.isEmpty { return [] }
      let wanted = Set(people.map(key))
      let theirs = channels.filter { $0.people.contains { wanted.contains(key($0)) } }
      if !theirs.isEmpty { chosen = theirs }
    }
    return chosen.map(\.name)
  }

  /// The notices as messages: each alone, but those of one group together.
  static func grouped(_ notices: [Notice]) -> [[Notice]] {
    var out: [[Notice]] = []
    var groups: [String: Int] = [:]
    for n in notices {
      if let g = n.group, let i = groups[g] {
        out[i].append(n)
      } else {
        if let g = n.group { groups[g] = out.count }
        out.append([n])
      }
    }
    return out
  }

  /// One single-use link per button of `notice`, recorded (as the token's hash) before the
  /// message goes out; tapping one spends them all.
  static func links(
    for notice: Notice, channel: String, base: String, ledger: NotifyState.Ledger, now: Date
  ) throws -> [(label: String, url: String)] {
    let group = ActionLinks.newToken(bytes: 8)
    var buttons: [(label: String, url: String)] = []
    for action in notice.actions {
      let token = ActionLinks.newToken(bytes: 16)
      var e = NotifyState.Entry(
        type: .link, at: now, keep: action.expires.addingTimeInterval(7 * 86_400))
      e.key = notice.key
      e.channel = channel
      e.token = ActionLinks.hash(token)
      e.group = group
      e.action = action.action
      e.label = action.label
      e.expires = Int(action.expires.timeIntervalSince1970)
      e.text = notice.title
      try ledger.append(e)
      buttons.append((action.label, base + ActionLinks.pathPrefix + token))
    }
    return buttons
  }

  /// Sends one message on one channel.
  func deliver(
    _ m: NotifyMessage, on channel: NotifyChannel, household: Household, clock: LocalClock
  ) -> Result<Void, NotifyProblem> {
    let title = household.settings.title
    switch channel.transport {
    case .ntfy(let server, let topic, let auth, let priority):
      var headers = [("Content-Type", "application/json")]
      if let a = NtfyFormat.authorization(auth) { headers.append(("Authorization", a)) }
      return HTTPExchange.send(
        NtfyFormat.body(m, topic: topic, priority: priority), to: server + "/", headers: headers
      ).map { _ in () }
    case .webhook(let url, let extra):
      let headers =
        [("Content-Type", "application/json"), ("User-Agent", "VibeKeeper")]
        + extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      return HTTPExchange.send(
        WebhookFormat.body(m, channel: channel.name, household: title, clock: clock), to: url,
        headers: headers
      ).map { _ in () }
    case .email(let to, let from, let configured):
      guard let program = Sendmail.program(configured, environment: environment) else {
        return .failure(
          NotifyProblem(
            "no sendmail on this machine: install a mail transfer agent (msmtp-mta, postfix) or set the channel's `sendmail:`"
          ))
      }
      let id = Array(SHA256.hash(Array((m.notices[0].key + "\t" + channel.name).utf8)).prefix(12))
        .hexString
      let text = EmailFormat.message(
        m, to: to, from: from, household: title, at: clock.now, id: id)
      return Sendmail.send(text, program: program, environment: environment)
    }
  }
}
