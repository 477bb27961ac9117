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

/// A gift idea for someone. Its fields live in one shared buffer (`CopyOnWrite`), so a
/// copy costs one reference count however long its description, and a gift carried over
/// from the decode cache is known to be the same without comparing its fields.
public struct Gift: Hashable, Sendable {
  /// The stored fields.
  struct Fields: Hashable, Sendable {
    var meta: RecordMeta
    var title: String
    var recipient: String?
    var occasion: GiftOccasion?
    var price: Decimal?
    var currency: String
    var status: GiftStatus = .idea
    var purchased: LocalDate?
    var given: LocalDate?
    var url: String?
    var photo: String?
    var tags: [String] = []
    var created: LocalDate?
    var description: String = ""
  }

  private var fields: CopyOnWrite<Fields>

  public var meta: RecordMeta {
    _read { yield fields.value.meta }
    _modify { yield &fields.value.meta }
  }
  public var title: String {
    _read { yield fields.value.title }
    _modify { yield &fields.value.title }
  }
  /// The recipient (a contact id).
  public var recipient: String? {
    _read { yield fields.value.recipient }
    _modify { yield &fields.value.recipient }
  }
  /// The recipient's birthday or an occasion.
  public var occasion: GiftOccasion? {
    _read { yield fields.value.occasion }
    _modify { yield &fields.value.occasion }
  }
  public var price: Decimal? {
    _read { yield fields.value.price }
    _modify { yield &fields.value.price }
  }
  /// ISO 4217 code (the settings currency unless the record says otherwise).
  public var currency: String {
    _read { yield fields.value.currency }
    _modify { yield &fields.value.currency }
  }
  public var status: GiftStatus {
    _read { yield fields.value.status }
    _modify { yield &fields.value.status }
  }
  /// When it was bought.
  public var purchased: LocalDate? {
    _read { yield fields.value.purchased }
    _modify { yield &fields.value.purchased }
  }
  /// When it was given.
  public var given: LocalDate? {
    _read { yield fields.value.given }
    _modify { yield &fields.value.given }
  }
  /// A shop link (http or https only).
  public var url: String? {
    _read { yield fields.value.url }
    _modify { yield &fields.value.url }
  }
  /// A path under `media/`.
  public var photo: String? {
    _read { yield fields.value.photo }
    _modify { yield &fields.value.photo }
  }
  public var tags: [String] {
    _read { yield fields.value.tags }
    _modify { yield &fields.value.tags }
  }
  public var created: LocalDate? {
    _read { yield fields.value.created }
    _modify { yield &fields.value.created }
  }
  /// Markdown description (the body).
  public var description: String {
    _read { yield fields.value.description }
    _modify { yield &fields.value.description }
  }

  public var id: String { fields.value.meta.id }

  /// Creates a gift idea.
  public init(meta: RecordMeta, title: String, currency: String) {
    fields = CopyOnWrite(Fields(meta: meta, title: title, currency: currency))
  }

  /// Whether `other` shares this gift's fields, so it is surely the same gift (false says
  /// nothing).
  public func isIdentical(to other: Gift) -> Bool { fields.isIdentical(to: other.fields) }
}

extension Gift: CustomReflectable {
  /// The fields, as a struct of them would show (for messages and tests).
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: fields.value).children, displayStyle: .struct)
  }
}
