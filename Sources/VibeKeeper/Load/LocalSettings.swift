import Foundation

/// `vibekeeper.local.yml`: what belongs to this machine and never to the repository (`init`
/// lists it in `.gitignore`): `feed_secret`, the 256-bit secret the secret feed addresses
/// derive from (`vibekeeper feeds rotate` makes it), and `notify:`, the secrets of the
/// notification channels (topics, tokens, webhook addresses) by channel name.
public enum LocalSettings {
  /// The file's name at the top of the data folder.
  public static let fileName = "vibekeeper.local.yml"
  /// The keys it may hold.
  static let keys = ["feed_secret", "notify"]
  /// Bytes in a feed secret (written as twice as many hex digits).
  public static let secretBytes = 32

  /// Reads the file's `bytes` as read (nil: there is no such file; the caller keeps the
  /// bytes for the decode cache's key) into `settings`; its diagnostics. The notify
  /// channels are those of `channels` (from `vibekeeper.yml`) with this file's fields
  /// merged in.
  static func read(
    bytes: [UInt8]?, display: (String) -> String,
    channels: NotifySettingsDecoder.Source? = nil, into settings: inout Settings
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var localChannels: NotifySettingsDecoder.Source?
    let shown = display(fileName)
    if let bytes {
      switch SourceText.decode(bytes, file: shown) {
      case .failure(let d): diagnostics.append(d)
      case .success(let text):
        let (node, d1) = YAMLReader(file: shown, lineOffset: 0).read(Substring(text.text))
        diagnostics += d1
        if case .mapping(let top) = node {
          var f = RecordFields(top, file: shown, schema: [])
          if let hex = f.string("feed_secret") {
            if let secret = secret(hex: hex) {
              settings.feedSecret = secret
            } else {
              f.error(
                "feed_secret",
                "'feed_secret' must be \(secretBytes * 2) hexadecimal digits",
                hint: "run `vibekeeper feeds rotate` to make a new one")
            }
          }
          if let (_, node) = f.node("notify") {
            if case .mapping(let m) = node {
              localChannels = NotifySettingsDecoder.Source(mapping: m, file: shown)
            } else {
              f.error(
                "notify", "'notify' must map channel names to their secrets",
                hint: "write `notify: {phone: {topic: ...}}`")
            }
          }
          f.warnUnknown(known: keys, kind: fileName)
          diagnostics += f.diagnostics
        } else if let node {
          diagnostics.append(
            Diagnostic(
              .error, SourceLocation(file: shown, line: node.position.line, column: 1),
              "\(fileName) must hold a mapping such as `feed_secret: …`"))
        }
      }
    }
    let (found, problems) = NotifySettingsDecoder.channels(shared: channels, local: localChannels)
    settings.notify.channels = found
    diagnostics += problems
    return diagnostics
  }

  /// One of `severity` at the `feeds:` line of `settingsText` when the feeds are secret
  /// but there is no secret (the feeds are then left out).
  static func missingSecret(
    _ settings: Settings, settingsText: String?, display: (String) -> String,
    severity: Severity
  ) -> Diagnostic? {
    guard settings.secretFeeds, settings.feedSecret == nil else { return nil }
    let lines = (settingsText ?? "").linesAtLF
    let line = (lines.firstIndex { $0.hasPrefix("feeds:") } ?? 0) + 1
    return Diagnostic(
      severity, SourceLocation(file: display("vibekeeper.yml"), line: line, column: 1),
      "the feeds are secret (`feeds: secret`), but \(fileName) holds no feed_secret, so no feed is published",
      hint:
        "copy \(fileName) from the machine that publishes the feeds, or run `vibekeeper feeds rotate` to make a new secret (and new feed addresses); it stays on this machine"
    )
  }

  /// The secret written as hex digits; nil unless it is exactly `secretBytes` long.
  static func secret(hex: String) -> [UInt8]? {
    [UInt8](hexString: hex).flatMap { $0.count == secretBytes ? $0 : nil }
  }
}
