import Foundation

extension Reports {
  /// `report budgets`: one overview table, a category table per budget, and JSON with
  /// `today`, `alert_percent`, `budgets` (the spec's keys: `spent`, `remaining`,
  /// `percent_used`, `total_days`, `days_elapsed`, `days_remaining`, `daily_average`,
  /// `projected_total`, `on_track`, `alert`, `categories`, ...) and `warnings`.
  /// Warnings: overlapping budgets and money left out for its currency (a total that
  /// disagrees with quantity x price is the loader's warning, so it is not repeated here).
  public static func budgets(_ household: Household, analysis shared: HouseholdAnalysis) -> Report {
    let analysis = shared.budgets
    let diagnostics = analysis.diagnostics
    var tables = [budgetOverview(analysis)]
    for s in analysis.summaries {
      tables.append(budgetCategories(s))
    }
    let json = JSONValue.object([
      JSONField("today", .string(analysis.today.description)),
      JSONField("alert_percent", .number(analysis.alertPercent, places: nil)),
      JSONField("budgets", .array(analysis.summaries.map(budgetJSON))),
      JSONField("warnings", ReportCells.warnings(diagnostics)),
    ])
    return Report(topic: "budgets", tables: tables, json: json, diagnostics: diagnostics)
  }

  /// A budget's status words: state, pace, alert, superseded, inactive.
  static func budgetStatus(_ s: BudgetSummary) -> String {
    var words: [String] = []
    if !s.budget.active { words.append("inactive") }
    if let winner = s.supersededBy.first { words.append("superseded by \(winner)") }
    switch s.state {
    case .upcoming: words.append("upcoming")
    case .ended: words.append("ended")
    case .current: words.append(s.onTrack ? "on track" : "over pace")
    }
    if s.alert { words.append("ALERT") }
    return words.joined(separator: ", ")
  }

  private static func budgetOverview(_ analysis: BudgetAnalysis) -> ReportTable {
    let rows = analysis.summaries.map { s -> [String] in
      let c = s.budget.currency
      return [
        s.budget.title, s.budget.scope.description, "\(s.budget.start)..\(s.budget.end)",
        ReportCells.money(s.budget.amount, c), ReportCells.money(s.spent, c),
        ReportCells.money(s.remaining, c), ReportCells.percentText(s.percentUsed),
        String(s.daysRemaining), ReportCells.moneyOrDash(s.projectedTotal, c), budgetStatus(s),
      ]
    }
    return ReportTable(
      title: "Budgets on \(analysis.today) (alert at "
        + "\(DecimalFormat.plain(analysis.alertPercent, places: nil))%)",
      headers: [
        "Budget", "Scope", "Period", "Amount", "Spent", "Remaining", "Used", "Days left",
        "Projected", "Status",
      ],
      alignments: [.left, .left, .left, .right, .right, .right, .right, .right, .right, .left],
      rows: rows)
  }

  private static func budgetCategories(_ s: BudgetSummary) -> ReportTable {
    let c = s.budget.currency
    let rows = s.categories.map { cat -> [String] in
      [
        cat.category, ReportCells.money(cat.spent, c), ReportCells.moneyOrDash(cat.budget, c),
        cat.over ? "OVER" : "",
      ]
    }
    var footer = [
      "Daily average \(ReportCells.money(s.dailyAverage, c)) over \(s.daysElapsed) of "
        + "\(s.totalDays) days; \(s.count) record\(s.count == 1 ? "" : "s") counted"
    ]
    if let line = ReportCells.excludedLine(s.excluded) { footer.append(line) }
    return ReportTable(
      title: "\(s.budget.title): by category", headers: ["Category", "Spent", "Budget", "Over"],
      alignments: [.left, .right, .right, .left], rows: rows, footer: footer)
  }

  private static func budgetJSON(_ s: BudgetSummary) -> JSONValue {
    let b = s.budget
    let c = Currency.normalized(b.currency)
    return .object([
      JSONField("id", .string(b.id)), JSONField("title", .string(b.title)),
      JSONField("scope", .string(b.scope.description)),
      JSONField("currency", .string(Currency.normalized(b.currency))),
      JSONField("start", .string(b.start.description)),
      JSONField("end", .string(b.end.description)), JSONField("active", .bool(b.active)),
      JSONField("state", .string(s.state.rawValue)),
      JSONField("superseded", .bool(s.isSuperseded)),
      JSONField("superseded_by", .array(s.supersededBy.map(JSONValue.string))),
      JSONField("amount", .money(b.amount, currency: c)),
      JSONField("spent", .money(s.spent, currency: c)),
      JSONField("remaining", .money(s.remaining, currency: c)),
      JSONField("percent_used", ReportCells.percentJSON(s.percentUsed)),
      JSONField("total_days", .int(s.totalDays)), JSONField("days_elapsed", .int(s.daysElapsed)),
      JSONField("days_remaining", .int(s.daysRemaining)),
      JSONField("daily_average", .money(s.dailyAverage, currency: c)),
      JSONField("projected_total", ReportCells.moneyJSON(s.projectedTotal, c)),
      JSONField("projection_days", .int(s.projectionDays)),
      JSONField("projection_basis", .string(s.projectionBasis)),
      JSONField("on_track", .bool(s.onTrack)), JSONField("alert", .bool(s.alert)),
      JSONField("count", .int(s.count)),
      JSONField(
        "categories",
        .array(
          s.categories.map { cat in
            .object([
              JSONField("category", .string(cat.category)),
              JSONField("spent", .money(cat.spent, currency: c)),
              JSONField("budget", ReportCells.moneyJSON(cat.budget, c)),
              JSONField("over", .bool(cat.over)),
            ])
          })),
      JSONField("excluded", ReportCells.excluded(s.excluded)),
    ])
  }
}
