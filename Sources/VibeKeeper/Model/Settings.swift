import Foundation

/// The settings of `vibekeeper.yml`; every key is optional and has the spec's default.
public struct Settings: Sendable {
  /// Site and calendar name.
  public var title: String = "VibeKeeper"
  /// IANA zone used for "today", local times and the feeds.
  public var timeZone: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
  /// Default ISO 4217 currency.
  public var currency: String = "USD"
  /// Absolute base for links in feeds, when set (`https://example.org/home/`).
  public var baseURL: String?
  /// The domain part of every event UID (`uid_domain`), chosen once: UIDs never depend on
  /// `base_url` or the host, so moving the site never duplicates a subscriber's events.
  public var uidDomain = "vibekeeper"
  /// The kinds left out of everything published (`private: [reminders, doses]`); reports
  /// in the terminal still show them.
  public var privateKinds: Set<RecordKind> = []
  /// Whether the site may be indexed by search engines (`public: true`); by default every
  /// page says `noindex` and `robots.txt` disallows everything.
  public var isPublic = false
  /// Whether each feed is published under its own unguessable address (`feeds: secret`)
  /// instead of at `NAME.ics`.
  public var secretFeeds = false
  /// The secret those addresses derive from (`feed_secret` in `vibekeeper.local.yml`, the
  /// local file that is never committed); nil when there is none.
  public var feedSecret: [UInt8]?
  /// Upcoming occasions settings.
  public var occasions = OccasionSettings()
  /// Streak and play-window settings.
  public var streaks = StreakSettings()
  /// Budget settings.
  public var budgets = BudgetSettings()
  /// Pantry settings.
  public var pantry = PantrySettings()
  /// Markdown rendering settings.
  public var markdown = MarkdownSettings()
  /// Where reminders are sent (`vibekeeper notify`, `serve`).
  public var notify = NotifySettings()

  /// The defaults.
  public init() {}

  /// `occasions.*`
  public struct OccasionSettings: Sendable {
    /// How far ahead "upcoming" looks, in days.
    public var horizonDays = 30
    /// First reminder this many days before.
    public var leadDays = 7
    /// Time of day of occasion alarms.
    public var reminderTime = TimeOfDay(hour: 9, minute: 0)!
    public init() {}
  }

  /// `streaks.*`
  public struct StreakSettings: Sendable {
    /// Daily streak reminder on or off.
    public var reminders = true
    /// Used when smart is off or there is no play data.
    public var reminderTime = TimeOfDay(hour: 19, minute: 0)!
    /// Derive the reminder time from the play window.
    public var smart = true
    /// Results looked at for the play window, in days.
    public var windowDays = 30
    public init() {}
  }

  /// `budgets.*`
  public struct BudgetSettings: Sendable {
    /// Alert at or above this share used, in percent.
    public var alertPercent: Decimal = 80
    public init() {}
  }

  /// `pantry.*`
  public struct PantrySettings: Sendable {
    /// Warn this many days before something expires.
    public var warnDays = 2
    /// How many days an expired batch stays in the pantry (to be thrown out) before it
    /// leaves the dashboard and the feed; it then counts as expired unused.
    public var keepExpiredDays = 7
    public init() {}
  }

  /// `markdown.*` (a VibeKeeper extension of the format).
  public struct MarkdownSettings: Sendable {
    /// Pass raw HTML in Markdown bodies through (off by default: it is stripped).
    public var unsafeHTML = false
    /// Curly quotes, dashes and ellipses.
    public var smartPunctuation = true
    public init() {}
  }
}
