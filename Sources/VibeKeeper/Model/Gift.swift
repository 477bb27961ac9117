import Foundation

/// Where a gift idea is in its life.
public enum GiftStatus: String, CaseIterable, Sendable, Hashable {
  case idea, purchased, given
}

/// A gift idea for someone.
public struct Gift: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  /// The recipient (a contact id).
  public var recipient: String?
  /// An occasion id, or `birthday` for the recipient's birthday.
  public var occasion: String?
  public var price: Decimal?
  /// ISO 4217 code (the settings currency unless the record says otherwise).
  public var currency: String
  public var status: GiftStatus = .idea
  /// When it was bought.
  public var purchased: LocalDate?
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
