import Foundation

extension Reports {
  /// `report prices`: a price-history table per item and currency, a purchase-cadence
  /// table, and JSON with `items` (`latest`, `previous`, `change`, `change_percent`, `min`,
  /// `max`, `mean`, `median`, `count`, `cheapest_store`, `outliers`, `observations`) and
  /// `cadence` (`distinct_days`, `mean_interval` in days with one decimal,
  /// `last_purchase`, `next_expected`, `days_until_next`).
  public static func prices(_ household: Household, analysis shared: HouseholdAnalysis) -> Report {
    let clock = shared.clock
    let histories = shared.prices
    let cadences = shared.cadence
    let json = JSONValue.object([
      JSONField("today", .string(clock.today.description)),
      JSONField("items", .array(histories.map(historyJSON))),
      JSONField("cadence", .array(cadences.map(cadenceJSON))),
    ])
    return Report(
      topic: "prices", tables: [historyTable(histories), cadenceTable(cadences, clock.today)],
      json: json)
  }

  private static func historyTable(_ histories: [ItemPriceHistory]) -> ReportTable {
    let rows = histories.map { h -> [String] in
      let c = h.currency
      let places = places(h)
      func money(_ amount: Decimal?) -> String {
        amount.map { Currency.format($0, code: c, places: places) } ?? "-"
      }
      let outliers = h.outliers.map { "\(money($0.price)) on \($0.date)" }
      return [
        h.name, money(h.latest?.price), money(h.previous?.price), money(h.change),
        ReportCells.percentText(h.changePercent), money(h.min), money(h.max), money(h.mean),
        String(h.count),
        h.cheapestStore ?? "-", outliers.isEmpty ? "" : outliers.joined(separator: "; "),
      ]
    }
    return ReportTable(
      title: "Prices",
      headers: [
        "Item", "Latest", "Previous", "Change", "Change %", "Min", "Max", "Mean", "Count",
        "Cheapest store", "Possible outliers",
      ],
      alignments: [
        .left, .right, .right, .right, .right, .right, .right, .right, .right, .left, .left,
      ],
      rows: rows)
  }

  private static func cadenceTable(_ cadences: [ItemCadence], _ today: LocalDate) -> ReportTable {
    let rows = cadences.filter(\.hasCadence).map { c -> [String] in
      [
        c.name, String(c.days.count),
        c.meanInterval.map { DecimalFormat.plain($0, places: 1) + " d" } ?? "-",
        c.lastPurchase?.description ?? "-", c.nextExpected?.description ?? "-",
        c.daysUntilNext.map(String.init) ?? "-",
      ]
    }
    return ReportTable(
      title: "Purchase cadence (items bought on 3 or more days)",
      headers: ["Item", "Days", "Every", "Last", "Next expected", "In days"],
      alignments: [.left, .right, .right, .left, .left, .right], rows: rows)
  }

  /// The places an item's prices are shown with (`Currency.unitPlaces`).
  private static func places(_ h: ItemPriceHistory) -> Int {
    Currency.unitPlaces(h.points.map(\.price), code: h.currency)
  }

  private static func pointJSON(_ p: PricePoint?, _ places: Int) -> JSONValue {
    guard let p else { return .null }
    return .object([
      JSONField("date", .string(p.date.description)),
      JSONField("price", .number(p.price, places: places)),
      JSONField("store", ReportCells.string(p.store)),
      JSONField("source", .string(p.source.rawValue)), JSONField("id", .string(p.recordID)),
      JSONField("outlier", .bool(p.isOutlier)),
    ])
  }

  private static func historyJSON(_ h: ItemPriceHistory) -> JSONValue {
    let p = places(h)
    return .object([
      JSONField("item", .string(h.itemID)), JSONField("name", .string(h.name)),
      JSONField("currency", .string(h.currency)), JSONField("count", .int(h.count)),
      JSONField("latest", pointJSON(h.latest, p)), JSONField("previous", pointJSON(h.previous, p)),
      JSONField("change", h.change.map { .number($0, places: p) } ?? .null),
      JSONField("change_percent", ReportCells.percentJSON(h.changePercent)),
      JSONField("min", .number(h.min, places: p)), JSONField("max", .number(h.max, places: p)),
      JSONField("mean", .number(h.mean, places: p)),
      JSONField("median", .number(h.median, places: p)),
      JSONField("cheapest_store", ReportCells.string(h.cheapestStore)),
      JSONField("outliers", .array(h.outliers.map { pointJSON($0, p) })),
      JSONField("observations", .array(h.points.map { pointJSON($0, p) })),
    ])
  }

  private static func cadenceJSON(_ c: ItemCadence) -> JSONValue {
    .object([
      JSONField("item", .string(c.itemID)), JSONField("name", .string(c.name)),
      JSONField("distinct_days", .int(c.days.count)), JSONField("purchases", .int(c.purchaseCount)),
      JSONField("mean_interval", c.meanInterval.map { .number($0, places: 1) } ?? .null),
      JSONField("last_purchase", ReportCells.date(c.lastPurchase)),
      JSONField("next_expected", ReportCells.date(c.nextExpected)),
      JSONField("days_until_next", c.daysUntilNext.map(JSONValue.int) ?? .null),
    ])
  }
}
