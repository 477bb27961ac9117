import Foundation

/// How regularly an item is bought.
public struct ItemCadence: Hashable, Sendable {
  /// The item id.
  public var itemID: String
  /// The item's name (its id when the item record is missing).
  public var name: String
  /// The distinct days it was bought on, oldest first (same-day purchases count once).
  public var days: [LocalDate]
  /// How many purchases there were (several may share a day).
  public var purchaseCount: Int
  /// `(last - first) / (distinct days - 1)` in days, exact; nil under 3 distinct days.
  public var meanInterval: Decimal?
  /// The last purchase plus the mean interval rounded to whole days, halves up
  /// (3.5 days gives 4); nil under 3 distinct days.
  public var nextExpected: LocalDate?
  /// Days from today to `nextExpected` (negative when overdue); nil without one.
  public var daysUntilNext: Int?

  /// The day of the last purchase.
  public var lastPurchase: LocalDate? { days.last }
  /// Whether it has a cadence (bought on 3 or more distinct days).
  public var hasCadence: Bool { meanInterval != nil }
}

/// Purchase cadence per item.
public enum PurchaseCadence {
  /// The fewest distinct purchase days that give a cadence.
  public static let minimumDays = 3

  /// Every item bought at least once (purchases with an `item`), with a cadence when bought
  /// on 3 or more distinct days: those first, soonest next purchase first, then the rest;
  /// ties by name, then id. Purchases on or before `today` count (as of today).
  public static func analyse(_ household: Household, today: LocalDate) -> [ItemCadence] {
    var days: [String: Set<LocalDate>] = [:]
    var counts: [String: Int] = [:]
    for p in household.purchases where p.date <= today {
      guard let item = p.item else { continue }
      days[item, default: []].insert(p.date)
      counts[item, default: 0] += 1
    }
    let all = days.map { item, set in
      cadence(
        item: item, name: household.item(item)?.name ?? item, days: set.sorted(),
        purchaseCount: counts[item] ?? 0, today: today)
    }
    return all.sorted { a, b in
      switch (a.nextExpected, b.nextExpected) {
      case (let x?, let y?) where x != y: return x < y
      case (.some, .none): return true
      case (.none, .some): return false
      default: return (a.name, a.itemID) < (b.name, b.itemID)
      }
    }
  }

  /// The cadence of one item from its distinct purchase days (sorted ascending).
  public static func cadence(
    item: String, name: String, days: [LocalDate], purchaseCount: Int, today: LocalDate
  ) -> ItemCadence {
    var result = ItemCadence(
      itemID: item, name: name, days: days, purchaseCount: purchaseCount, meanInterval: nil,
      nextExpected: nil, daysUntilNext: nil)
    guard days.count >= minimumDays, let first = days.first, let last = days.last else {
      return result
    }
    let mean = Decimal(first.days(to: last)) / Decimal(days.count - 1)
    var exact = mean
    var whole = Decimal()
    NSDecimalRound(&whole, &exact, 0, .plain)
    let next = last.adding(days: NSDecimalNumber(decimal: whole).intValue)
    result.meanInterval = mean
    result.nextExpected = next
    result.daysUntilNext = today.days(to: next)
    return result
  }
}
