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
      let outliers = h.outliers.map { "\(ReportCells.money($0.price, c)) on \($0.date)" }
      return [
        h.name, ReportCells.moneyOrDash(h.latest?.price, c),
        ReportCells.moneyOrDash(h.previous?.price, c), ReportCells.moneyOrDash(h.change, c),
        ReportCells.percentText(h.changePercent), ReportCells.money(h.min, c),
        ReportCells.money(h.max, c), ReportCells.money(h.mean, c), String(h.count),
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

  private static func pointJSON(_ p: PricePoint?, _ currency: String) -> JSONValue {
    guard let p else { return .null }
    return .object([
      JSONField("date", .string(p.date.description)),
      JSONField("price", .money(p.price, currency: currency)),
      JSONField("store", ReportCells.string(p.store)),
      JSONField("source", .string(p.source.rawValue)), JSONField("id", .string(p.recordID)),
      JSONField("outlier", .bool(p.isOutlier)),
    ])
  }

  private static func historyJSON(_ h: ItemPriceHistory) -> JSONValue {
    let c = h.currency
    return .object([
      JSONField("item", .string(h.itemID)), JSONField("name", .string(h.name)),
      JSONField("currency", .string(h.currency)), JSONField("count", .int(h.count)),
      JSONField("latest", pointJSON(h.latest, c)), JSONField("previous", pointJSON(h.previous, c)),
      JSONField("change", ReportCells.moneyJSON(h.change, c)),
      JSONField("change_percent", ReportCells.percentJSON(h.changePercent)),
      JSONField("min", .money(h.min, currency: c)), JSONField("max", .money(h.max, currency: c)),
      JSONField("mean", .money(h.mean, currency: c)),
      JSONField("median", .money(h.median, currency: c)),
      JSONField("cheapest_store", ReportCells.string(h.cheapestStore)),
      JSONField("outliers", .array(h.outliers.map { pointJSON($0, c) })),
      JSONField("observations", .array(h.points.map { pointJSON($0, c) })),
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
