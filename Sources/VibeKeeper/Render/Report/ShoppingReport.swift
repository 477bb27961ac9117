import Foundation

extension Reports {
  /// `report shopping`: an overview table, a table of lines per list, and JSON with
  /// `lists` (`completed`, `completed_on`, `estimated_total`, `missing_estimates`, `spent`, `remaining_items`,
  /// `remaining_estimate`, `budget`, `expected_total`, `budget_left`, `over_budget`,
  /// `prices_as_of`, `items`) and `warnings`. "Paid" is a line's total, as on the site.
  /// Default estimates are the latest prices known on the analysis' today. The loader
  /// warns about lines listed twice, so `warnings` is empty unless a later check adds some.
  public static func shopping(_ household: Household, analysis shared: HouseholdAnalysis) -> Report
  {
    let summaries = shared.shopping
    let diagnostics: [Diagnostic] = []
    var tables = [shoppingOverview(summaries)]
    tables += summaries.map(shoppingLines)
    let json = JSONValue.object([
      JSONField("lists", .array(summaries.map(shoppingJSON))),
      JSONField("warnings", ReportCells.warnings(diagnostics)),
    ])
    return Report(topic: "shopping", tables: tables, json: json, diagnostics: diagnostics)
  }

  /// The estimated total as a cell: `-` when unknown, `>= ` when some estimates are missing.
  static func estimateText(_ s: ShoppingListSummary) -> String {
    guard let total = s.estimatedTotal else { return "-" }
    let text = ReportCells.money(total, s.list.currency)
    return s.missingEstimates > 0 ? ">= " + text : text
  }

  private static func shoppingOverview(_ summaries: [ShoppingListSummary]) -> ReportTable {
    let rows = summaries.map { s -> [String] in
      let c = s.list.currency
      return [
        s.list.title, String(s.lines.count), String(s.remaining.count), estimateText(s),
        ReportCells.money(s.spent, c), ReportCells.moneyOrDash(s.list.budget, c),
        s.overBudget ? "OVER" : "", s.list.completed.isDone ? "done" : "open",
      ]
    }
    return ReportTable(
      title: "Shopping lists",
      headers: ["List", "Items", "Left", "Estimated", "Spent", "Budget", "Over", "Status"],
      alignments: [.left, .right, .right, .right, .right, .right, .left, .left], rows: rows)
  }

  private static func shoppingLines(_ s: ShoppingListSummary) -> ReportTable {
    let c = s.list.currency
    let rows = s.lines.map { l -> [String] in
      let bought = l.purchased.date?.description ?? (l.purchased.isDone ? "yes" : "")
      let estimate =
        ReportCells.moneyOrDash(l.estimate, c) + (l.estimateSource == .latestPrice ? "*" : "")
      return [
        l.name, ReportCells.quantityText(l.quantity), estimate,
        ReportCells.moneyOrDash(l.estimatedTotal, c), bought,
        ReportCells.moneyOrDash(l.spent, c),
      ]
    }
    let unbought = s.unbought.count
    var footer = [
      "Estimated total \(estimateText(s)); spent so far \(ReportCells.money(s.spent, c)); "
        + (s.isDone
          ? "done"
            + (unbought > 0 ? " without \(unbought) item\(unbought == 1 ? "" : "s")" : "")
          : "\(s.remaining.count) item\(s.remaining.count == 1 ? "" : "s") left "
            + "(\(ReportCells.money(s.remainingEstimate, c)))")
    ]
    if s.lines.contains(where: { $0.estimateSource == .latestPrice }) {
      footer.append("* estimate from the item's latest known price")
    }
    if s.missingEstimates > 0 {
      footer.append(
        "\(s.missingEstimates) item\(s.missingEstimates == 1 ? "" : "s") without an estimate")
    }
    if let budget = s.list.budget {
      let after = s.isDone ? "" : " after the rest"
      let left = s.budgetLeft.map { "; \(ReportCells.money($0, c)) left\(after)" } ?? ""
      footer.append(
        "Budget \(ReportCells.money(budget, c))" + (s.overBudget ? ": OVER BUDGET" : left))
    }
    if s.list.completed.isDone, s.lines.contains(where: { $0.estimateSource == .latestPrice }) {
      footer.append("Estimates as of \(s.pricesAsOf), when the list was completed")
    }
    return ReportTable(
      title: s.list.title, headers: ["Item", "Qty", "Estimate", "Est. total", "Bought", "Paid"],
      alignments: [.left, .right, .right, .right, .left, .right], rows: rows, footer: footer)
  }

  private static func shoppingJSON(_ s: ShoppingListSummary) -> JSONValue {
    let list = s.list
    let c = Currency.normalized(list.currency)
    return .object([
      JSONField("id", .string(list.id)), JSONField("title", .string(list.title)),
      JSONField("currency", .string(Currency.normalized(list.currency))),
      JSONField("completed", .bool(list.completed.isDone)),
      JSONField("completed_on", ReportCells.date(list.completed.date)),
      JSONField("budget", ReportCells.moneyJSON(list.budget, c)),
      JSONField("estimated_total", ReportCells.moneyJSON(s.estimatedTotal, c)),
      JSONField("missing_estimates", .int(s.missingEstimates)),
      JSONField("spent", .money(s.spent, currency: c)),
      JSONField("unpriced_purchases", .int(s.unpricedPurchases)),
      JSONField("remaining_items", .int(s.remaining.count)),
      JSONField("remaining_estimate", .money(s.remainingEstimate, currency: c)),
      JSONField("expected_total", ReportCells.moneyJSON(s.expectedTotal, c)),
      JSONField("budget_left", ReportCells.moneyJSON(s.budgetLeft, c)),
      JSONField("prices_as_of", .string(s.pricesAsOf.description)),
      JSONField("over_budget", .bool(s.overBudget)),
      JSONField("items", .array(s.lines.map { lineJSON($0, c) })),
    ])
  }

  private static func lineJSON(_ l: ShoppingLine, _ c: String) -> JSONValue {
    .object([
      JSONField("item", ReportCells.string(l.itemID)), JSONField("name", .string(l.name)),
      JSONField("quantity", ReportCells.quantityJSON(l.quantity)),
      JSONField("estimate", ReportCells.moneyJSON(l.estimate, c)),
      JSONField("estimate_source", .string(l.estimateSource.rawValue)),
      JSONField("estimated_total", ReportCells.moneyJSON(l.estimatedTotal, c)),
      JSONField("purchased", .bool(l.purchased.isDone)),
      JSONField("purchased_on", ReportCells.date(l.purchased.date)),
      JSONField("actual", ReportCells.moneyJSON(l.actual, c)),
      JSONField("spent", ReportCells.moneyJSON(l.spent, c)),
    ])
  }
}
