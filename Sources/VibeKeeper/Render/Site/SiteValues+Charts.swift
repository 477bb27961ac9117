import Foundation

/// The inline SVG charts of the pages, made at build time and handed to templates as safe
/// values (each with a title and a text alternative).
extension SiteValues {
  /// A budget's spending by category, with each category's own budget marked.
  func budgetChart(_ s: BudgetSummary) -> TemplateValue {
    let bars = s.categories.map {
      BarChart.Bar(label: $0.category, spent: $0.spent, limit: $0.budget, over: $0.over)
    }
    return .safe(
      BarChart.svg(
        bars: bars, currency: s.budget.currency, title: "Spending by category in \(s.budget.title)",
        id: SiteValues.chartID("budget", s.budget.id, "categories")))
  }

  /// A budget's share used, with the projection marked.
  func budgetProgress(_ s: BudgetSummary) -> TemplateValue {
    let projected = s.budget.amount > 0 ? s.projectedTotal.map { $0 / s.budget.amount * 100 } : nil
    return .safe(
      ProgressBar.svg(
        percent: s.percentUsed, alert: s.alert, projected: projected,
        title: "\(s.budget.title): share of the budget used",
        id: SiteValues.chartID("budget", s.budget.id, "progress")))
  }

  /// An item's price history with min, max, mean and outliers.
  func priceChart(_ h: ItemPriceHistory) -> TemplateValue {
    let points = h.points.map {
      LineChart.Point(date: $0.date, value: $0.price, outlier: $0.isOutlier, label: $0.store)
    }
    return .safe(
      LineChart.svg(
        points: points, currency: h.currency, title: "Price history of \(h.name)",
        id: SiteValues.chartID("item", h.itemID, "prices")))
  }

  /// Results by hour of the day, the best window highlighted.
  func hourChart(_ w: PlayWindow, title: String, id: String) -> TemplateValue {
    .safe(
      HourHistogram.svg(counts: w.histogram, highlightStart: w.best?.start, title: title, id: id))
  }

  /// Days played over recent weeks, days lost marked.
  func heatMap(
    _ played: Set<LocalDate>, lost: Set<LocalDate> = [], game: Game, from: LocalDate,
    through: LocalDate
  ) -> TemplateValue {
    var values: [LocalDate: Int] = [:]
    for d in played where d >= from && d <= through { values[d] = 1 }
    for d in lost where d >= from && d <= through { values[d] = CalendarHeatMap.lost }
    return .safe(
      CalendarHeatMap.svg(
        values: values, from: from, through: through, mode: .played,
        title: "Days \(game.name) was played",
        id: SiteValues.chartID("game", game.id, "calendar")))
  }

  /// A chart's element id for the record `id`: `budget-groceries-progress`, or for an id
  /// that is more than lower-case letters, digits and dashes (`x y`, `x&y`, `饺子`), its
  /// reduced form and 8 hexadecimal digits of the id, so two records' charts on one page
  /// never share an id (the reduction alone maps `x y` and `x-y` to one).
  static func chartID(_ kind: String, _ id: String, _ part: String) -> String {
    let clean = SVGWriter.sanitizedID(id)
    guard clean != id else { return kind + "-" + id + "-" + part }
    var h = StableHasher()
    h.add(id)
    return kind + "-" + clean + "-" + String(h.digest.low & 0xFFFF_FFFF, radix: 16) + "-" + part
  }
}
