import Foundation

extension Reports {
  /// `report pantry`: one table (soonest expiry first) and JSON with `today`, `warn_days`
  /// and the entries grouped as `expired`, `expiring` and `later` (each with `purchase`,
  /// `item`, `name`, `quantity`, `unit`, `bought`, `expires`, `days_left`).
  public static func pantry(_ household: Household, analysis shared: HouseholdAnalysis) -> Report {
    let analysis = shared.pantry
    let rows = analysis.entries.map { e -> [String] in
      return [
        e.name, ReportCells.quantityText(e.quantity, unit: e.unit), e.bought.description,
        e.expires.description, String(e.daysLeft),
        e.status.rawValue,
      ]
    }
    let counts = PantryStatus.allCases.map { "\(analysis.entries($0).count) \($0.rawValue)" }
    let table = ReportTable(
      title: "Pantry on \(analysis.today) (warning \(analysis.warnDays) days ahead)",
      headers: ["Item", "Quantity", "Bought", "Expires", "Days left", "Status"],
      alignments: [.left, .right, .left, .left, .right, .left], rows: rows,
      footer: [counts.joined(separator: ", "), wasteText(analysis.waste, household)])
    var fields = [
      JSONField("today", .string(analysis.today.description)),
      JSONField("warn_days", .int(analysis.warnDays)),
    ]
    for status in PantryStatus.allCases {
      fields.append(JSONField(status.rawValue, .array(analysis.entries(status).map(entryJSON))))
    }
    let w = analysis.waste
    fields.append(
      JSONField(
        "waste",
        .object([
          JSONField("days", .int(PantryWaste.days)), JSONField("used", .int(w.used)),
          JSONField("wasted", .int(w.wasted)), JSONField("expired_unused", .int(w.expiredUnused)),
          JSONField(
            "lost_value", .money(w.lostValue, currency: household.settings.currency)),
          JSONField("percent_lost", ReportCells.percentJSON(w.percentLost)),
        ])))
    return Report(topic: "pantry", tables: [table], json: .object(fields))
  }

  /// `Last 30 days: 12 used up, 1 thrown away, 2 expired unused (20%, 4.30 EUR)`.
  static func wasteText(_ w: PantryWaste, _ household: Household) -> String {
    var text =
      "Last \(PantryWaste.days) days: \(w.used) used up, \(w.wasted) thrown away, "
      + "\(w.expiredUnused) expired unused"
    if let percent = w.percentLost {
      text +=
        " (\(DecimalFormat.plain(percent, places: 0))% lost, "
        + Currency.format(w.lostValue, code: household.settings.currency) + ")"
    }
    return text
  }

  private static func entryJSON(_ e: PantryEntry) -> JSONValue {
    .object([
      JSONField("purchase", .string(e.purchaseID)),
      JSONField("item", ReportCells.string(e.itemID)),
      JSONField("name", .string(e.name)),
      JSONField("quantity", ReportCells.quantityJSON(e.quantity)),
      JSONField("unit", ReportCells.string(e.unit)),
      JSONField("bought", .string(e.bought.description)),
      JSONField("expires", .string(e.expires.description)),
      JSONField("days_left", .int(e.daysLeft)),
    ])
  }
}
