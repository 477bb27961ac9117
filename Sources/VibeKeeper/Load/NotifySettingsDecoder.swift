import Foundation

/// Decodes `notify:`: the scalar keys of `vibekeeper.yml` and the channels, whose fields
/// may come from `vibekeeper.yml` (`notify.channels.NAME`) and from `vibekeeper.local.yml`
/// (`notify.NAME`, for the secrets: a topic, a token, a webhook address). A field given in
/// both files is taken from the local one.
enum NotifySettingsDecoder {
  /// The keys of `notify:` in `vibekeeper.yml`.
  static let keys = ["time", "missed_after", "action_url", "commit", "channels"]
  /// The fields a channel may have.
  static let channelKeys = [
    "type", "for", "only", "server", "topic", "token", "user", "password", "priority", "url",
    "headers", "to", "from", "sendmail",
  ]
  /// The fields that should not be committed: anyone who reads the repository could send
  /// to (or read) the channel.
  static let secretKeys: Set<String> = ["token", "password", "headers"]

  /// A channels mapping as written in one file, kept until both files are read.
  struct Source: Sendable {
    let mapping: YAMLMapping
    let file: String
  }

  /// Reads `notify.*` (but the channels) from the settings' fields.
  static func readScalars(_ f: inout RecordFields, into settings: inout Settings)
    -> Source?
  {
    settings.notify.time = settings.occasions.reminderTime
    if let v = f.time("notify.time") { settings.notify.time = v }
    if let v = f.integer("notify.missed_after", in: 0...1_440) { settings.notify.missedAfter = v }
    if let v = f.bool("notify.commit") { settings.notify.commit = v }
    if let u = f.string("notify.action_url") {
      let l = u.lowercased()
      if l.hasPrefix("https://") || l.hasPrefix("http://") {
        settings.notify.actionURL = u.hasSuffix("/") ? u : u + "/"
      } else {
        f.error(
          "notify.action_url",
          "'action_url' must be an absolute http or https address, not '\(u)'",
          hint: "where a phone reaches `vibekeeper serve`, e.g. https://home.example.org/")
      }
    }
    guard let (name, node) = f.node("notify.channels") else { return nil }
    guard case .mapping(let m) = node else {
      f.error(name, "'channels' must be a mapping of names to channels", hint: example)
      return nil
    }
    return Source(mapping: m, file: f.file)
  }

  static let example = "write `channels: {phone: {type: ntfy, topic: ...}}`"

  /// The channels of both files, in name order, and what is wrong with them.
  static func channels(shared: Source?, local: Source?) -> ([NotifyChannel], [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    // name -> field -> (value, where, from the local file)
    var fields: [String: [String: Field]] = [:]
    var firstSeen: [String: SourceLocation] = [:]
    for (source, isLocal) in [(shared, false), (local, true)] {
      guard let source else { continue }
      for entry in source.mapping.entries {
        let name = entry.key.text
        let at = SourceLocation(file: source.file, line: entry.key.line, column: entry.key.column)
        guard case .mapping(let m) = entry.value else {
          diagnostics.append(
            Diagnostic(
              .error, at, "the channel '\(name)' must be a mapping of its fields",
              hint: "write `\(name): {type: ntfy, topic: ...}`"))
          continue
        }
        if firstSeen[name] == nil { firstSeen[name] = at }
        for e in m.entries {
          let key = e.key.text
          let place = SourceLocation(file: source.file, line: e.key.line, column: e.key.column)
          guard channelKeys.contains(key) else {
            let hint = Suggestion.closest(to: key, in: channelKeys).map { "did you mean '\($0)'?" }
            diagnostics.append(
              Diagnostic(
                .warning, place, "unknown field '\(key)' in the channel '\(name)'",
                hint: hint ?? "known fields: \(channelKeys.joined(separator: ", "))"))
            continue
          }
          if !isLocal, secretKeys.contains(key) {
            diagnostics.append(
              Diagnostic(
                .warning, place,
                "'\(key)' of the channel '\(name)' is in vibekeeper.yml, which is committed with the data",
                hint: "move it to vibekeeper.local.yml under `notify: {\(name): {\(key): ...}}`"))
          }
          fields[name, default: [:]][key] = Field(node: e.value, at: place)
        }
      }
    }
    var channels: [NotifyChannel] = []
    for name in fields.keys.sorted() {
      var reader = ChannelReader(name: name, fields: fields[name] ?? [:])
      if let channel = reader.channel(at: firstSeen[name]) { channels.append(channel) }
      diagnostics += reader.diagnostics
    }
    return (channels, diagnostics)
  }

  /// One field's value and where it was written.
  struct Field {
    let node: YAMLNode
    let at: SourceLocation
  }

  /// Reads one channel's merged fields.
  struct ChannelReader {
    let name: String
    let fields: [String: Field]
    var diagnostics: [Diagnostic] = []

    init(name: String, fields: [String: Field]) {
      self.name = name
      self.fields = fields
    }

    mutating func channel(at place: SourceLocation?) -> NotifyChannel? {
      let place = place ?? SourceLocation(file: "vibekeeper.yml", line: 1, column: 1)
      let kinds = ["ntfy", "webhook", "email"]
      guard let type = text("type") else {
        diagnostics.append(
          Diagnostic(
            .error, place, "the channel '\(name)' needs a 'type': ntfy, webhook or email",
            hint: "add `type: ntfy` (with a topic), `type: webhook` (with a url) or `type: email`"))
        return nil
      }
      let transport: NotifyChannel.Transport?
      switch type.lowercased() {
      case "ntfy":
        let server = text("server").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if let server, !isHTTP(server) {
          error("server", "the ntfy server must be an http or https address, not '\(server)'")
        }
        let topic = required("topic", hint: "add `topic: ...` (in vibekeeper.local.yml)")
        if let topic,
          !topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
            || topic.count > 64
        {
          error("topic", "an ntfy topic is up to 64 letters, digits, '-' and '_', not '\(topic)'")
        }
        var auth: NotifyChannel.NtfyAuth?
        if let token = text("token") {
          auth = .token(token)
        } else if let user = text("user") {
          let password = required("password", hint: "add the password of '\(user)'")
          if let password { auth = .password(user: user, password: password) }
        }
        var priority: Int?
        if let p = text("priority") {
          let words = ["min": 1, "low": 2, "default": 3, "high": 4, "max": 5, "urgent": 5]
          priority = words[p.lowercased()] ?? Int(p).flatMap { (1...5).contains($0) ? $0 : nil }
          if priority == nil {
            error(
              "priority", "'priority' must be 1 to 5 or min, low, default, high, max, not '\(p)'")
          }
        }
        transport = topic.map {
          .ntfy(server: server ?? "https://ntfy.sh", topic: $0, auth: auth, priority: priority)
        }
      case "webhook":
        let url = required("url", hint: "add `url: https://...` (in vibekeeper.local.yml)")
        if let url, !isHTTP(url) {
          error("url", "a webhook 'url' must be an http or https address, not '\(url)'")
        }
        var headers: [String: String] = [:]
        if let field = fields["headers"] {
          if case .mapping(let m) = field.node {
            for e in m.entries {
              guard case .scalar(let s) = e.value, NotifySettingsDecoder.isHeaderName(e.key.text),
                !s.text.contains(where: { $0 == "\r" || $0 == "\n" })
              else {
                diagnostics.append(
                  Diagnostic(
                    .error, field.at, "the header '\(e.key.text)' is not a valid HTTP header"))
                continue
              }
              headers[e.key.text] = s.text
            }
          } else {
            error("headers", "'headers' must be a mapping such as `{Authorization: Bearer ...}`")
          }
        }
        transport = url.map { .webhook(url: $0, headers: headers) }
      case "email":
        let to = list("to")
        if to.isEmpty {
          diagnostics.append(
            Diagnostic(
              .error, fields["to"]?.at ?? place, "the email channel '\(name)' needs 'to'",
              hint: "add `to: ana@example.org`"))
        }
        for address in to where !NotifySettingsDecoder.isMailAddress(address) {
          error("to", "'\(address)' is not an email address")
        }
        let from = text("from")
        if let from, !NotifySettingsDecoder.isMailAddress(from) {
          error("from", "'\(from)' is not an email address")
        }
        transport = to.isEmpty ? nil : .email(to: to, from: from, sendmail: text("sendmail"))
      default:
        let hint = Suggestion.closest(to: type.lowercased(), in: kinds).map {
          "did you mean '\($0)'?"
        }
        error("type", "'type' must be ntfy, webhook or email, not '\(type)'", hint: hint)
        transport = nil
      }
      guard let transport else { return nil }
      var channel = NotifyChannel(name: name, transport: transport)
      channel.people = list("for")
      if fields["only"] != nil {
        var only: Set<NoticeKind> = []
        for word in list("only") {
          if let kind = NoticeKind(rawValue: word.lowercased()) {
            only.insert(kind)
          } else {
            let names = NoticeKind.allCases.map(\.rawValue)
            error(
              "only", "'only' names no kind of notice: '\(word)'",
              hint: Suggestion.closest(to: word, in: names).map { "did you mean '\($0)'?" }
                ?? "use \(names.joined(separator: ", "))")
          }
        }
        channel.only = only
      }
      return channel
    }

    private func isHTTP(_ text: String) -> Bool {
      let l = text.lowercased()
      return (l.hasPrefix("https://") || l.hasPrefix("http://")) && URL(string: text) != nil
    }

    private mutating func error(_ key: String, _ message: String, hint: String? = nil) {
      let at = fields[key]?.at ?? SourceLocation(file: "vibekeeper.yml", line: 1, column: 1)
      diagnostics.append(Diagnostic(.error, at, message, hint: hint))
    }

    /// A scalar field's text, trimmed; nil when absent or empty.
    private mutating func text(_ key: String) -> String? {
      guard let field = fields[key] else { return nil }
      guard case .scalar(let s) = field.node else {
        error(key, "'\(key)' of the channel '\(name)' must be text")
        return nil
      }
      let t = s.text.trimmingCharacters(in: .whitespaces)
      return t.isEmpty || s.isNull ? nil : t
    }

    private mutating func required(_ key: String, hint: String) -> String? {
      if let t = text(key) { return t }
      diagnostics.append(
        Diagnostic(
          .error, fields["type"]?.at ?? SourceLocation(file: "vibekeeper.yml", line: 1, column: 1),
          "the channel '\(name)' needs '\(key)'", hint: hint))
      return nil
    }

    /// A list field (`[a, b]`, or `a, b`).
    private mutating func list(_ key: String) -> [String] {
      guard let field = fields[key] else { return [] }
      switch field.node {
      case .scalar(let s):
        return s.isNull
          ? []
          : s.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
      case .sequence(let items, _, _):
        return items.compactMap {
          if case .scalar(let s) = $0, !s.isNull {
            return s.text.trimmingCharacters(in: .whitespaces)
          }
          return nil
        }
      case .mapping:
        error(key, "'\(key)' must be a list such as `[a, b]`")
        return []
      }
    }
  }

  /// A header name as HTTP allows (letters, digits and `-`).
  static func isHeaderName(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
      }
  }

  /// A plain `local@domain` address (or `Name <local@domain>`), without line breaks.
  static func isMailAddress(_ text: String) -> Bool {
    var address = text
    if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
      address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
      && !text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "," })
      && !address.contains(where: { $0 == " " || $0 == "<" || $0 == ">" })
  }
}
