import Foundation

/// A price seen for an item, without buying it.
public struct PriceObservation: Hashable, Sendable {
  public var meta: RecordMeta
  /// The item (an item id).
  public var item: String
  public var date: LocalDate
  public var price: Decimal
  public var currency: String
  public var store: String?

  public var id: String { meta.id }

  /// Creates a price observation.
  public init(meta: RecordMeta, item: String, date: LocalDate, price: Decimal, currency: String) {
    self.meta = meta
    self.item = item
    self.date = date
    self.price = price
    self.currency = currency
  }
}
