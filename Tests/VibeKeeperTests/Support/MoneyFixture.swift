import Foundation

@testable import VibeKeeper

/// Builders for the money-analysis tests (households made in code, no loader).
enum MoneyFixture {
  /// A date from `YYYY-MM-DD` (the tests only pass valid literals).
  static func day(_ text: String) -> LocalDate {
    LocalDate(iso: text) ?? LocalDate(dayNumber: 0)
  }

  /// Record metadata for `kind/id.yml`.
  static func meta(_ kind: String, _ id: String) -> RecordMeta {
    let file = "\(kind)/\(id).yml"
    return RecordMeta(id: id, location: SourceLocation(file: file, line: 1, column: 1), path: file)
  }

  /// A clock at noon UTC of a day.
  static func clock(_ text: String, zone: String = "UTC") -> LocalClock {
    let tz = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? .current
    let noon = Double(day(text).dayNumber * 86_400 + 12 * 3_600 - tz.secondsFromGMT())
    return LocalClock(now: Date(timeIntervalSince1970: noon), timeZone: tz)
  }

  /// An exact decimal from text (`"1.99"`), so no binary floating point is involved.
  static func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  /// A purchase.
  static func purchase(
    _ id: String, _ date: String, _ price: String, currency: String = "EUR",
    item: String? = nil, name: String? = nil, category: String? = nil, quantity: String = "1",
    total: String? = nil, store: String? = nil, expires: String? = nil, used: String? = nil
  ) -> Purchase {
    var p = Purchase(
      meta: meta("purchases", id), date: day(date), price: dec(price), currency: currency)
    p.item = item
    p.name = name
    p.category = category
    p.quantity = dec(quantity)
    p.givenTotal = total.map(dec)
    p.store = store
    p.expires = expires.map(day)
    p.used = used.map(day)
    return p
  }

  /// A budget.
  static func budget(
    _ id: String, _ start: String, _ end: String, amount: String, currency: String = "EUR",
    scope: BudgetScope = .all, categories: [(String, String)] = [], active: Bool = true
  ) -> Budget {
    var b = Budget(
      meta: meta("budgets", id), title: id.capitalized, amount: dec(amount), currency: currency,
      start: day(start), end: day(end))
    b.scope = scope
    b.categories = categories.map { CategoryBudget(category: $0.0, amount: dec($0.1)) }
    b.active = active
    return b
  }

  /// An item.
  static func item(_ id: String, _ name: String, category: String? = nil) -> Item {
    var i = Item(meta: meta("items", id), name: name)
    i.category = category
    return i
  }

  /// A price observation.
  static func price(
    _ id: String, item: String, _ date: String, _ price: String, currency: String = "EUR",
    store: String? = nil
  ) -> PriceObservation {
    var o = PriceObservation(
      meta: meta("prices", id), item: item, date: day(date), price: dec(price), currency: currency)
    o.store = store
    return o
  }

  /// A shopping entry.
  static func entry(
    item: String? = nil, name: String? = nil, quantity: String = "1", estimate: String? = nil,
    purchased: Completion = .no, actual: String? = nil, line: Int = 1
  ) -> ShoppingEntry {
    var e = ShoppingEntry(
      item: item, name: name,
      location: SourceLocation(file: "shopping/list.yml", line: line, column: 5))
    e.quantity = dec(quantity)
    e.estimate = estimate.map(dec)
    e.purchased = purchased
    e.actual = actual.map(dec)
    return e
  }
}
