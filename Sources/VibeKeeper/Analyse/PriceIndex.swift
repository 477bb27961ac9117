import Foundation

/// Every price point of a household by item and currency, newest first: built once, so
/// pricing many shopping lines never rescans every purchase and price record.
struct PriceIndex: Sendable {
  private var points: [PriceHistory.HistoryKey: [PricePoint]] = [:]

  /// Indexes the household's purchases (of an item) and price records.
  init(_ household: Household) {
    for (key, point) in PriceHistory.allPoints(household) {
      points[key, default: []].append(point)
    }
    for key in points.keys { points[key]?.sort(by: PriceHistory.newestFirst) }
  }

  /// The latest known unit price of an item in a currency, or nil when it was never seen in
  /// that currency; with `asOf`, only prices seen on or before that day count.
  func latestPrice(of item: String, currency: String, asOf: LocalDate?) -> Decimal? {
    let key = PriceHistory.HistoryKey(item: item, currency: Currency.normalized(currency))
    guard let newestFirst = points[key] else { return nil }
    guard let asOf else { return newestFirst.first?.price }
    return newestFirst.first { $0.date <= asOf }?.price
  }
}
