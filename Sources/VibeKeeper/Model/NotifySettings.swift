import Foundation

/// `notify:` in `vibekeeper.yml` (and the channels' secrets in `vibekeeper.local.yml`):
/// where `vibekeeper notify` and `serve` send reminders, and how.
public struct NotifySettings: Sendable, Hashable {
  /// The time of day the day's notices about food and budgets go out (`notify.time`).
  public var time = TimeOfDay(hour: 9, minute: 0)!
  /// Minutes after a dose is due before the "missed" follow-up; 0 turns it off.
  public var missedAfter = 30
  /// Where the phone reaches `serve` for the action buttons (`https://home.example.org/`);
  /// no buttons without it.
  public var actionURL: String?
  /// Whether a tapped action commits its change to git.
  public var commit = false
  /// The channels, by name, in name order.
  public var channels: [NotifyChannel] = []

  /// No channels: nothing is sent.
  public init() {}
}

/// What a notice is about; a channel may take only some (`only: [doses, missed]`).
public enum NoticeKind: String, CaseIterable, Sendable, Hashable, Codable {
  /// A dose coming due.
  case doses
  /// A dose not marked some minutes after it was due.
  case missed
  /// A streak at risk at the game's suggested time.
  case streaks
  /// An occasion's reminder points (lead days, the day before, the day).
  case occasions
  /// A budget reaching its alert share, or going over.
  case budgets
  /// Food about to expire.
  case pantry
}

/// One place notices go: an ntfy topic, a webhook, or an email address.
public struct NotifyChannel: Sendable, Hashable {
  /// How a channel delivers.
  public enum Transport: Sendable, Hashable {
    /// An ntfy server's topic (`server` defaults to https://ntfy.sh).
    case ntfy(server: String, topic: String, auth: NtfyAuth?, priority: Int?)
    /// A JSON POST to a URL, with extra headers (`Authorization: ...`).
    case webhook(url: String, headers: [String: String])
    /// Mail through the system's `sendmail`.
    case email(to: [String], from: String?, sendmail: String?)

    /// The transport's name in the settings (`ntfy`).
    public var name: String {
      switch self {
      case .ntfy: "ntfy"
      case .webhook: "webhook"
      case .email: "email"
      }
    }
  }

  /// How an ntfy server is logged in to.
  public enum NtfyAuth: Sendable, Hashable {
    /// An access token (`tk_...`), sent as `Authorization: Bearer`.
    case token(String)
    /// A user and password, sent as `Authorization: Basic`.
    case password(user: String, password: String)
  }

  /// Its name in the settings (`ana-phone`).
  public var name: String
  /// How it delivers.
  public var transport: Transport
  /// The people it belongs to (`for: [ana]`); empty: the household's.
  public var people: [String] = []
  /// The kinds of notice it takes; all when nil.
  public var only: Set<NoticeKind>?

  /// A channel.
  public init(name: String, transport: Transport) {
    self.name = name
    self.transport = transport
  }

  /// Whether it takes notices of `kind`.
  public func takes(_ kind: NoticeKind) -> Bool { only?.contains(kind) ?? true }
}
