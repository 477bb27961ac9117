import TemplateEngine

/// Where each feed is published. Open feeds are at `NAME.ics`; with `feeds: secret`, each
/// is at `feeds/TOKEN/NAME.ics`, where TOKEN is 128 bits of HMAC-SHA256 of the feed's name
/// under the household's 256-bit secret: unguessable, different for every feed (giving one
/// address away reveals no other), and new for all of them when the secret is rotated.
public struct FeedAddresses: Sendable {
  /// The secret, when the feeds are secret.
  let secret: [UInt8]?
  /// Whether the feeds are secret.
  public let isSecret: Bool
  /// The absolute base of the site (`base_url`), when known.
  public let base: String?

  /// The addresses under `settings` (`feeds`, `feed_secret`, `base_url`).
  public init(settings: Settings) {
    isSecret = settings.secretFeeds
    secret = settings.secretFeeds ? settings.feedSecret : nil
    base = settings.baseURL
  }

  /// The token of the feed `name` (`calendar`): 32 hex digits; nil for open feeds.
  public func token(of name: String) -> String? {
    guard let secret else { return nil }
    let mac = HMAC.sha256(key: secret, message: Array("vibekeeper feed \(name)".utf8))
    return Array(mac.prefix(16)).hexString
  }

  /// The output path of the feed `name`; nil when the feeds are secret and there is no
  /// secret (no feed is published then).
  public func path(of name: String) -> String? {
    guard isSecret else { return name + ".ics" }
    return token(of: name).map { "feeds/\($0)/\(name).ics" }
  }

  /// The absolute address of the feed `name`, when the base is known.
  public func url(of name: String) -> String? {
    guard let base, let path = path(of: name) else { return nil }
    return base + path
  }

  /// One feed as the dashboard and `vibekeeper feeds` list it.
  public struct Entry: Sendable, Equatable {
    /// The feed's name (`calendar`).
    public let name: String
    /// What it is called (`Everything`).
    public let title: String
    /// What it holds.
    public let description: String
    /// Its output path.
    public let path: String
    /// Its absolute address, when the base is known.
    public let url: String?
  }

  /// What the built-in feeds are called.
  static let described: [String: (title: String, description: String)] = [
    "calendar": ("Everything", "all of the feeds below in one calendar"),
    "occasions": ("Birthdays and occasions", "with gift ideas and a reminder before each"),
    "reminders": ("Health reminders", "medication, therapy and check-ups at their times"),
    "pantry": ("Pantry", "expiry dates, with a warning before"),
    "shopping": ("Shopping", "when you usually buy things again"),
    "streaks": ("Streaks", "today's reminder when a streak is at risk"),
  ]

  /// The feeds of the templates `library` (`feeds/NAME.ics`), `calendar` first; none when
  /// the feeds are secret and there is no secret.
  public func entries(_ library: TemplateLibrary) -> [Entry] {
    let names = library.names.compactMap(SitePlan.feedName).sorted {
      ($0 == "calendar" ? "" : $0) < ($1 == "calendar" ? "" : $1)
    }
    return names.compactMap { name in
      guard let path = path(of: name) else { return nil }
      let about = Self.described[name]
      return Entry(
        name: name, title: about?.title ?? name, description: about?.description ?? "",
        path: path, url: url(of: name))
    }
  }

  /// The `webcal://` form of an http(s) address, which phones open in their calendar.
  public static func webcal(_ url: String) -> String? {
    for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) {
      return "webcal://" + url.dropFirst(scheme.count)
    }
    return nil
  }
}
