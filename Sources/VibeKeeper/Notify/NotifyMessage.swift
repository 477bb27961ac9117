import Foundation

/// What goes out on one channel in one run: one notice, or a group of them (the food
/// expiring soon) as one message, with its links.
public struct NotifyMessage: Sendable {
  /// The notices it carries (one, or the group).
  public var notices: [Notice]
  public var title: String
  public var message: String
  /// 1 (min) to 5 (max).
  public var priority: Int
  public var tags: [String]
  /// The page it opens when tapped (the record's page, the game's own address).
  public var click: String?
  /// The buttons, each with its single-use link.
  public var buttons: [(label: String, url: String)] = []

  /// The message for `notices` (one, or a group); `pageBase` is where the site's pages are
  /// (`base_url`, else the action address `serve` answers at).
  init(_ notices: [Notice], pageBase: String?) {
    self.notices = notices
    let first = notices[0]
    func page(_ n: Notice) -> String? {
      n.opens ?? n.page.flatMap { p in pageBase.map { $0 + p } }
    }
    if notices.count == 1 {
      title = first.title
      message = first.message
      click = page(first)
    } else {
      title = "\(notices.count) things expire soon"
      message = notices.map { "\($0.title). \($0.message)" }.joined(separator: "\n")
      click = pageBase.map { $0 + "items/index.html" }
    }
    priority = notices.map(\.priority).max() ?? 3
    tags = first.tags
  }
}

/// The body of an ntfy publish (JSON to the server's root: topic, title, message,
/// priority, tags, click and HTTP action buttons). See https://docs.ntfy.sh/publish/.
enum NtfyFormat {
  static func body(_ m: NotifyMessage, topic: String, priority: Int?) -> Data {
    var fields = [
      JSONField("topic", .string(topic)), JSONField("title", .string(m.title)),
      JSONField("message", .string(m.message)),
      JSONField("priority", .int(priority ?? m.priority)),
      JSONField("tags", .array(m.tags.map(JSONValue.string))),
    ]
    if let click = m.click { fields.append(JSONField("click", .string(click))) }
    if !m.buttons.isEmpty {
      // ntfy shows up to three buttons; `clear` dismisses the notification once tapped.
      fields.append(
        JSONField(
          "actions",
          .array(
            m.buttons.prefix(3).map { b in
              .object([
                JSONField("action", .string("http")), JSONField("label", .string(b.label)),
                JSONField("url", .string(b.url)), JSONField("method", .string("POST")),
                JSONField("clear", .bool(true)),
              ])
            })))
    }
    return Data(JSONValue.object(fields).serialized(pretty: false).utf8)
  }

  /// The `Authorization` header for the channel's login, when it has one.
  static func authorization(_ auth: NotifyChannel.NtfyAuth?) -> String? {
    switch auth {
    case .token(let token): "Bearer \(token)"
    case .password(let user, let password):
      "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    case nil: nil
    }
  }
}

/// The JSON a webhook receives (docs/notifications.md documents it; `version` changes
/// only when a field changes meaning).
enum WebhookFormat {
  static func body(_ m: NotifyMessage, channel: String, household: String, clock: LocalClock)
    -> Data
  {
    let first = m.notices[0]
    let object = JSONValue.object([
      JSONField("version", .int(1)),
      JSONField("household", .string(household)),
      JSONField("channel", .string(channel)),
      JSONField("kind", .string(first.kind.rawValue)),
      JSONField("title", .string(m.title)),
      JSONField("message", .string(m.message)),
      JSONField("priority", .int(m.priority)),
      JSONField("tags", .array(m.tags.map(JSONValue.string))),
      JSONField("url", .optional(m.click.map(JSONValue.string))),
      JSONField(
        "actions",
        .array(
          m.buttons.map {
            .object([
              JSONField("label", .string($0.label)), JSONField("url", .string($0.url)),
              JSONField("method", .string("POST")),
            ])
          })),
      JSONField(
        "notices",
        .array(
          m.notices.map { n in
            .object([
              JSONField("key", .string(n.key)),
              JSONField("kind", .string(n.kind.rawValue)),
              JSONField("at", .string(clock.isoText(n.moment))),
              JSONField("title", .string(n.title)),
              JSONField("message", .string(n.message)),
              JSONField(
                "record",
                .optional(
                  n.record.map {
                    .object([
                      JSONField("kind", .string($0.kind.folder)), JSONField("id", .string($0.id)),
                    ])
                  })),
              JSONField("people", .array((n.people ?? []).map(JSONValue.string))),
            ])
          })),
    ])
    return Data(object.serialized(pretty: false).utf8)
  }
}

/// A plain-text mail (RFC 5322, UTF-8) for `sendmail -t`; every header value from the
/// data is stripped of line breaks and encoded (RFC 2047) when it is not ASCII.
enum EmailFormat {
  static func message(
    _ m: NotifyMessage, to: [String], from: String?, household: String, at: Date, id: String
  ) -> String {
    var lines: [String] = []
    if let from { lines.append("From: \(header(from))") }
    lines.append("To: " + to.map(header).joined(separator: ", "))
    lines.append("Subject: " + encoded(m.title))
    lines.append(
      "Date: "
        + HTTPDate.format(Int(at.timeIntervalSince1970)).replacingOccurrences(
          of: " GMT", with: " +0000"))
    lines.append("Message-ID: <\(id)@vibekeeper>")
    lines.append("MIME-Version: 1.0")
    lines.append("Content-Type: text/plain; charset=utf-8")
    lines.append("Content-Transfer-Encoding: 8bit")
    lines.append("Auto-Submitted: auto-generated")
    lines.append("X-VibeKeeper-Household: " + encoded(household))
    var body = [bodyText(m.message)]
    if let click = m.click { body.append("Open: \(click)") }
    for b in m.buttons { body.append(bodyText("\(b.label): \(b.url)")) }
    body.append("-- \nSent by VibeKeeper for \(bodyText(header(household))).")
    return lines.joined(separator: "\n") + "\n\n" + body.joined(separator: "\n\n") + "\n"
  }

  /// The longest body line, in bytes: under the 998 a mail line may have (8bit).
  static let bodyLineBytes = 900

  /// Text from the data for the body: control characters but the line feed become spaces
  /// (an escape sequence would colour or retitle the terminal of whoever reads the mail
  /// there), and a line longer than `bodyLineBytes` is broken at a space before it (or,
  /// without one, between two characters).
  static func bodyText(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var rest = Substring(header(String(line)))
      var out: [Substring] = []
      while rest.utf8.count > bodyLineBytes {
        var end = rest.startIndex
        var bytes = 0
        for i in rest.indices {
          let size = rest[i].utf8.count
          if bytes + size > bodyLineBytes { break }
          bytes += size
          end = rest.index(after: i)
        }
        if end == rest.startIndex { end = rest.index(after: end) }
        let cut = rest[..<end].lastIndex(of: " ").map { rest.index(after: $0) } ?? end
        out.append(rest[..<cut])
        rest = rest[cut...]
      }
      out.append(rest)
      return out.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// A header value from the settings (and a line of the body): control characters
  /// (C0, DEL and C1) become spaces.
  static func header(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0 }
      ))
  }

  /// A header value from the data: as is when it is printable ASCII, else RFC 2047
  /// encoded words (base64, at most 45 bytes each, never splitting a character), folded.
  static func encoded(_ text: String) -> String {
    let clean = header(text)
    if clean.unicodeScalars.allSatisfy({ $0.isASCII }), !clean.contains("=?"), clean.count < 900 {
      return clean
    }
    var words: [[UInt8]] = []
    var chunk: [UInt8] = []
    for c in clean.prefix(300) {
      let bytes = Array(String(c).utf8)
      if chunk.count + bytes.count > 45 {
        words.append(chunk)
        chunk = []
      }
      chunk += bytes
    }
    if !chunk.isEmpty { words.append(chunk) }
    return words.map { "=?UTF-8?B?" + Data($0).base64EncodedString() + "?=" }.joined(
      separator: "\n ")
  }
}
