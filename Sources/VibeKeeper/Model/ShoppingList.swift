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
  /// Its place in the file's `items` list (counting from 0, every line counted): where an
  /// edit finds it, whatever lines before it were merged.
  public var position = 0
  /// How many lines of the file it stands for (more than one when lines listed twice were
  /// merged: `merged(_:)`); an edit of one line must not be taken for all of them.
  public var lines = 1

  /// Creates an entry.
  public init(item: String?, name: String?, location: SourceLocation) {
    self.item = item
    self.name = name
    self.location = location
  }
}

extension ShoppingEntry {
  /// The key that makes two lines the same thing to buy: the item id, else the name
  /// without regard to case or accents (`Crème fraîche` is `creme fraiche`).
  public var mergeKey: String { item.map { "item:" + $0 } ?? Self.nameKey(name ?? "") }

  /// The `mergeKey` of a line that names `name` (and no item): without regard to case,
  /// accents or runs of spaces, but every other character counts (`1.5 l water` is not
  /// `15 l water`, `C++ book` not `C book`).
  public static func nameKey(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return "name:" + folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Entries with the same `mergeKey` merged into the first, when they are in the same
  /// state and agree on money: not bought at the same estimate (a line without one takes
  /// the other's, as the spec's merge always did), or bought on the same day at the same
  /// price paid and the same estimate (quantities added). Lines that differ otherwise stay apart, so a merge never
  /// changes what a written estimate says or moves a purchase to another day: what was paid
  /// is each line's price times its own quantity, on its own date. Returns the merged
  /// entries in file order and, for each line that was merged away, that line and the first
  /// line as it was before.
  public static func merged(_ entries: [ShoppingEntry]) -> (
    entries: [ShoppingEntry], duplicates: [(line: ShoppingEntry, first: ShoppingEntry)]
  ) {
    var result: [ShoppingEntry] = []
    var duplicates: [(line: ShoppingEntry, first: ShoppingEntry)] = []
    struct State: Hashable {
      let key: String
      let purchased: Completion
      let actual: Decimal?
    }
    var groups: [State: [Int]] = [:]
    for e in entries {
      let key = State(
        key: e.mergeKey, purchased: e.purchased, actual: e.purchased.isDone ? e.actual : nil)
      // A line not bought without an estimate takes the other's (the spec's merge); a
      // bought one keeps its own, which may be what it was paid.
      let agreeing = groups[key]?.first { i in
        result[i].estimate == e.estimate
          || (!e.purchased.isDone && (result[i].estimate == nil || e.estimate == nil))
      }
      guard let i = agreeing else {
        groups[key, default: []].append(result.count)
        result.append(e)
        continue
      }
      duplicates.append((e, result[i]))
      result[i].quantity += e.quantity
      result[i].estimate = result[i].estimate ?? e.estimate
      result[i].lines += e.lines
    }
    return (result, duplicates)
  }

}
