import Foundation

/// One price seen for an item: a purchase's unit price or a `prices` observation.
public struct PricePoint: Hashable, Sendable {
  /// Where a price came from.
  public enum Source: String, Sendable, Hashable {
    /// A purchase's unit price.
    case purchase
    /// A `prices` record (seen without buying).
    case observation
  }

  /// The day it was seen.
  public var date: LocalDate
  /// The unit price.
  public var price: Decimal
  /// The store, when known.
  public var store: String?
  /// A purchase or a price observation.
  public var source: Source
  /// The id of the purchase or price record.
  public var recordID: String
  /// Whether it is more than 50% away from the item's median price.
  public var isOutlier = false

  /// Creates a price point.
  public init(date: LocalDate, price: Decimal, store: String?, source: Source, recordID: String) {
    self.date = date
    self.price = price
    self.store = store
    self.source = source
    self.recordID = recordID
  }
}

/// The price history of one item in one currency, with its statistics.
public struct ItemPriceHistory: Hashable, Sendable {
  /// The item id.
  public var itemID: String
  /// The item's name (its id when the item record is missing).
  public var name: String
  /// The currency of every point (an item seen in two currencies has two histories).
  public var currency: String
  /// Every observation, newest first; on one day purchases come before price records,
  /// then by record id.
  public var points: [PricePoint]
  /// The median price (the mean of the middle two for an even count).
  public var median: Decimal
  /// The lowest price.
  public var min: Decimal
  /// The highest price.
  public var max: Decimal
  /// The arithmetic mean, exact.
  public var mean: Decimal
  /// The store with the lowest mean price (ties by store name); nil without stores.
  public var cheapestStore: String?

  /// The newest observation (nil only for an empty history).
  public var latest: PricePoint? { points.first }
  /// The observation before the newest, if any.
  public var previous: PricePoint? { points.count > 1 ? points[1] : nil }
  /// `latest - previous`, nil with a single observation.
  public var change: Decimal? {
    guard let latest, let previous else { return nil }
    return latest.price - previous.price
  }
  /// `change / previous * 100`; nil with a single observation or when previous is 0.
  public var changePercent: Decimal? {
    guard let previous, previous.price != 0, let change else { return nil }
    return change / previous.price * 100
  }
  /// The number of observations.
  public var count: Int { points.count }
  /// The possible outliers, newest first.
  public var outliers: [PricePoint] { points.filter(\.isOutlier) }
}

/// Price histories built from purchases and price observations.
public enum PriceHistory {
  /// Every item's price history, one per item and currency, sorted by name, then item
  /// id, then currency. Purchases without an item are not price observations. With
  /// `through`, only prices seen on or before that day count (the history as of today).
  public static func analyse(_ household: Household, through: LocalDate? = nil)
    -> [ItemPriceHistory]
  {
    var groups: [HistoryKey: [PricePoint]] = [:]
    for (key, point) in allPoints(household) where through.map({ point.date <= $0 }) ?? true {
      groups[key, default: []].append(point)
    }
    let histories = groups.map { key, points in
      history(
        item: key.item, name: household.item(key.item)?.name ?? key.item,
        currency: key.currency, points: points)
    }
    return histories.sorted {
      ($0.name, $0.itemID, $0.currency) < ($1.name, $1.itemID, $1.currency)
    }
  }

  /// The statistics of a set of points of one item in one currency.
  ///
  /// A price is a possible outlier when `|price - median| > median / 2`; with a median of
  /// 0 every non-zero price is one. Equal prices never are.
  public static func history(
    item: String, name: String, currency: String, points: [PricePoint]
  ) -> ItemPriceHistory {
    let prices = points.map(\.price).sorted()
    let n = prices.count
    let median: Decimal =
      n == 0 ? 0 : (n % 2 == 1 ? prices[n / 2] : (prices[n / 2 - 1] + prices[n / 2]) / 2)
    let sum = prices.reduce(Decimal(0), +)
    var ordered = points.sorted(by: newestFirst)
    for i in ordered.indices {
      var distance = ordered[i].price - median
      if distance < 0 { distance = -distance }
      ordered[i].isOutlier = distance * 2 > median
    }
    return ItemPriceHistory(
      itemID: item, name: name, currency: currency, points: ordered, median: median,
      min: prices.first ?? 0, max: prices.last ?? 0, mean: n == 0 ? 0 : sum / Decimal(n),
      cheapestStore: cheapestStore(points))
  }

  /// The latest known unit price of an item in a currency (from purchases and price
  /// records), or nil when it was never seen in that currency. With `asOf`, only prices
  /// seen on or before that day are known (so `--now` in the past sees the past).
  public static func latestPrice(
    of item: String, currency: String, in household: Household, asOf: LocalDate? = nil
  ) -> Decimal? {
    PriceIndex(household).latestPrice(of: item, currency: currency, asOf: asOf)
  }

  /// Newest first; on one day purchases before price records, then by record id.
  static func newestFirst(_ a: PricePoint, _ b: PricePoint) -> Bool {
    if a.date != b.date { return a.date > b.date }
    if a.source != b.source { return a.source == .purchase }
    // Of one day in one file, the line written last is the latest (`2026/11#12` before
    // `2026/11#3`: by the number, not as text).
    let (fileA, lineA) = place(a.recordID)
    let (fileB, lineB) = place(b.recordID)
    if fileA != fileB { return fileA < fileB }
    return lineA > lineB
  }

  /// A record id's file and its entry's number there (`2026/11#12`: `2026/11`, 12; 0 for a
  /// file's own record).
  private static func place(_ id: String) -> (Substring, Int) {
    guard let hash = id.lastIndex(of: "#"), let n = Int(id[id.index(after: hash)...]) else {
      return (Substring(id), 0)
    }
    return (id[..<hash], n)
  }

  /// The store with the lowest mean price, ties by name.
  static func cheapestStore(_ points: [PricePoint]) -> String? {
    var sums: [String: (Decimal, Int)] = [:]
    for p in points {
      guard let store = p.store?.trimmedBlanks(), !store.isEmpty else {
        continue
      }
      let (s, n) = sums[store] ?? (0, 0)
      sums[store] = (s + p.price, n + 1)
    }
    let means = sums.map { (store: $0.key, mean: $0.value.0 / Decimal($0.value.1)) }
    return means.min { ($0.mean, $0.store) < ($1.mean, $1.store) }?.store
  }

  /// Every purchase of an item and every price record as a price point, keyed by item and
  /// currency.
  static func allPoints(
    _ household: Household
  ) -> [(key: HistoryKey, point: PricePoint)] {
    var all: [(key: HistoryKey, point: PricePoint)] = []
    for p in household.purchases {
      guard let item = p.item else { continue }
      all.append(
        (
          HistoryKey(item: item, currency: Currency.normalized(p.currency)),
          PricePoint(
            date: p.date, price: p.price, store: p.store, source: .purchase, recordID: p.id)
        ))
    }
    for o in household.prices {
      all.append(
        (
          HistoryKey(item: o.item, currency: Currency.normalized(o.currency)),
          PricePoint(
            date: o.date, price: o.price, store: o.store, source: .observation, recordID: o.id)
        ))
    }
    return all
  }

  struct HistoryKey: Hashable {
    var item: String
    var currency: String
  }
}
