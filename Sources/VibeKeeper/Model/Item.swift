/// A thing the household buys again and again (oat milk, coffee beans).
public struct Item: Hashable, Sendable {
  public var meta: RecordMeta
  public var name: String
  public var brand: String?
  public var category: String?
  /// `l`, `kg`, `pack`, ...
  public var unit: String?
  /// Markdown notes (the body).
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates an item.
  public init(meta: RecordMeta, name: String) {
    self.meta = meta
    self.name = name
  }
}
