import Foundation

/// Where a gift idea is in its life.
public enum GiftStatus: String, CaseIterable, Sendable, Hashable {
  case idea, purchased, given
}

/// What a gift is meant for: the recipient's birthday, or an occasion record.
public enum GiftOccasion: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The recipient's birthday (`occasion: birthday`).
  case birthday
  /// An occasion, by id.
  case occasion(String)

  /// The value as written in a record: `birthday` or the occasion id.
  public var written: String {
    switch self {
    case .birthday: "birthday"
    case .occasion(let id): id
    }
  }

  /// The occasion id, nil for a birthday.
  public var occasionID: String? {
    if case .occasion(let id) = self { return id }
    return nil
  }

  /// `"birthday"` is the birthday; any other text an occasion id.
  public init(stringLiteral value: String) {
    self = value == "birthday" ? .birthday : .occasion(value)
  }
}

/// A gift idea for someone.
public struct Gift: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  /// The recipient (a contact id).
  public var recipient: String?
  /// The recipient's birthday or an occasion.
  public var occasion: GiftOccasion?
  public var price: Decimal?
  /// ISO 4217 code (the settings currency unless the record says otherwise).
  public var currency: String
  public var status: GiftStatus = .idea
  /// When it was bought.
  public var purchased: LocalDate?
  /// When it was given.
  public var given: LocalDate?
  /// A shop link (http or https only).
  public var url: String?
  /// A path under `media/`.
  public var photo: String?
  public var tags: [String] = []
  public var created: LocalDate?
  /// Markdown description (the body).
  public var description: String = ""

  public var id: String { meta.id }

  /// Creates a gift idea.
  public init(meta: RecordMeta, title: String, currency: String) {
    self.meta = meta
    self.title = title
    self.currency = currency
  }
}
