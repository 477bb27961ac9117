/// A dated occasion (an anniversary, a party), one-off or yearly.
public struct Occasion: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  public var date: LocalDate
  /// Repeats every year on the same day (29 February falls on 28 February in common years).
  public var recurring: Bool = false
  /// The contact it belongs to (a contact id).
  public var contact: String?
  /// Markdown notes (the body).
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates an occasion.
  public init(meta: RecordMeta, title: String, date: LocalDate) {
    self.meta = meta
    self.title = title
    self.date = date
  }
}
