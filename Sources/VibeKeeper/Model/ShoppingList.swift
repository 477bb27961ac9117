import Foundation

/// A shopping list with optional budget.
public struct ShoppingList: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  public var budget: Decimal?
  public var currency: String
  /// Done, and when (a bare `true` has no date).
  public var completed: Completion = .no
  /// The entries, in file order (duplicates are merged by the loader).
  public var entries: [ShoppingEntry] = []
  /// Markdown body.
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates a shopping list.
  public init(meta: RecordMeta, title: String, currency: String) {
    self.meta = meta
    self.title = title
    self.currency = currency
  }
}

/// A yes/no flag that may carry the date it became yes (`completed`, `purchased`).
public enum Completion: Hashable, Sendable {
  case no
  case yes
  case on(LocalDate)

  /// Whether it is done at all.
  public var isDone: Bool {
    if case .no = self { return false }
    return true
  }

  /// The date, when one was given.
  public var date: LocalDate? {
    if case .on(let d) = self { return d }
    return nil
  }
}

/// One line of a shopping list.
public struct ShoppingEntry: Hashable, Sendable {
  /// The item (an item id), or nil with `name`.
  public var item: String?
  public var name: String?
  public var quantity: Decimal = 1
  /// Estimated unit price as written (the item's latest price is used when nil).
  public var estimate: Decimal?
  public var purchased: Completion = .no
  /// Unit price actually paid.
  public var actual: Decimal?
  /// Where the entry is in the file.
  public var location: SourceLocation

  /// Creates an entry.
  public init(item: String?, name: String?, location: SourceLocation) {
    self.item = item
    self.name = name
    self.location = location
  }
}
