import Foundation

/// Something bought: also a price observation of its item, and a pantry entry when it expires.
public struct Purchase: Hashable, Sendable {
  public var meta: RecordMeta
  public var date: LocalDate
  /// Unit price (>= 0).
  public var price: Decimal
  public var currency: String
  /// Decimal quantity (default 1).
  public var quantity: Decimal = 1
  /// The total as written in the file, when it was.
  public var givenTotal: Decimal?
  /// The item bought (an item id), or nil with `name`.
  public var item: String?
  /// A free-text name when there is no item.
  public var name: String?
  public var store: String?
  /// The category as written; see `Household.category(of:)` for the effective one.
  public var category: String?
  public var expires: LocalDate?
  /// The date it was used up (it leaves the pantry).
  public var used: LocalDate?
  /// Thrown away rather than used (with `used`, the day it went): counted as waste.
  public var wasted = false
  /// Markdown body.
  public var notes: String = ""

  public var id: String { meta.id }

  /// Quantity times unit price, exact.
  public var computedTotal: Decimal { price * quantity }

  /// The given total, else quantity times unit price.
  public var total: Decimal { givenTotal ?? computedTotal }

  /// Whether a given total disagrees with quantity times unit price. A total that equals
  /// the exact product rounded to the currency's minor unit either way (0.5 kg at 2.99
  /// written 1.49 or 1.50) agrees: it takes a difference of more than half a minor unit.
  public var givenTotalDisagrees: Bool {
    guard let given = givenTotal else { return false }
    var difference = given - computedTotal
    if difference < 0 { difference = -difference }
    let halfUnit = Decimal(
      sign: .plus, exponent: -Currency.minorUnits(of: currency) - 1, significand: 5)
    return difference > halfUnit
  }

  /// Creates a purchase.
  public init(meta: RecordMeta, date: LocalDate, price: Decimal, currency: String) {
    self.meta = meta
    self.date = date
    self.price = price
    self.currency = currency
  }
}
