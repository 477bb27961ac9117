import Foundation

extension SiteValues {
  /// A budget with its summary: spent, remaining, projection, categories.
  func budget(_ s: BudgetSummary) -> TemplateValue {
    let b = s.budget
    let categories = s.categories.map { c in
      SiteValues.map([
        ("category", .string(c.category)), ("spent", .decimal(c.spent)),
        ("budget", SiteValues.number(c.budget)), ("over", .bool(c.over)),
      ])
    }
    return SiteValues.map([
      ("id", .string(b.id)), ("title", .string(b.title)),
      ("url", SiteValues.text(links.url(.budgets, b.id))),
      ("amount", .decimal(b.amount)), ("currency", .string(b.currency)), ("start", .date(b.start)),
      ("end", .date(b.end)), ("scope", .string(b.scope.description)), ("active", .bool(b.active)),
      ("state", .string(s.state.rawValue)), ("spent", .decimal(s.spent)),
      ("remaining", .decimal(s.remaining)),
      ("percent_used", SiteValues.number(s.percentUsed)), ("total_days", .int(s.totalDays)),
      ("days_elapsed", .int(s.daysElapsed)), ("days_remaining", .int(s.daysRemaining)),
      ("daily_average", .decimal(s.dailyAverage)),
      ("projected_total", s.projectedTotal.map(TemplateValue.decimal) ?? .null),
      ("projection_days", .int(s.projectionDays)), ("projection_basis", .string(s.projectionBasis)),
      ("on_track", .bool(s.onTrack)), ("alert", .bool(s.alert)), ("count", .int(s.count)),
      (
        "superseded_by",
        .array(
          s.supersededBy.map { id in
            ref(.budgets, id, household.budgets.first { $0.id == id }?.title)
          })
      ),
      ("categories", .array(categories)), ("notes", html(b.notes)),
      ("chart", budgetChart(s)), ("progress", budgetProgress(s)),
      (
        "excluded",
        .array(
          s.excluded.map {
            SiteValues.map([
              ("currency", .string($0.currency)), ("total", .decimal($0.total)),
              ("count", .int($0.count)),
            ])
          })
      ),
    ])
  }

  /// An item with its price history per currency, its cadence and stores compared.
  func item(_ i: Item, histories: [ItemPriceHistory], cadence: ItemCadence?) -> TemplateValue {
    let primary = histories.first { $0.currency == household.settings.currency } ?? histories.first
    return SiteValues.map([
      ("id", .string(i.id)), ("name", .string(i.name)),
      ("url", SiteValues.text(links.url(.items, i.id))),
      ("brand", SiteValues.text(i.brand)), ("category", SiteValues.text(i.category)),
      ("unit", SiteValues.text(i.unit)), ("notes", html(i.notes)),
      ("prices", primary.map(priceHistory)), ("chart", primary.map(priceChart)),
      (
        "other_prices",
        .array(histories.filter { $0.currency != primary?.currency }.map(priceHistory))
      ),
      ("cadence", cadence.map(cadenceValue)),
    ])
  }

  private func priceHistory(_ h: ItemPriceHistory) -> TemplateValue {
    var stores: [String: [Decimal]] = [:]
    for p in h.points { stores[p.store ?? "—", default: []].append(p.price) }
    let compared = stores.keys.sorted().map { store -> TemplateValue in
      let prices = stores[store] ?? []
      let mean = prices.reduce(Decimal(0), +) / Decimal(max(prices.count, 1))
      return SiteValues.map([
        ("store", .string(store)), ("count", .int(prices.count)), ("mean", .decimal(mean)),
        ("min", SiteValues.number(prices.min())), ("max", SiteValues.number(prices.max())),
        ("cheapest", .bool(store == h.cheapestStore)),
      ])
    }
    return SiteValues.map([
      ("currency", .string(h.currency)), ("count", .int(h.count)), ("min", .decimal(h.min)),
      ("max", .decimal(h.max)),
      ("mean", .decimal(h.mean)), ("median", .decimal(h.median)),
      ("cheapest_store", SiteValues.text(h.cheapestStore)),
      ("latest", SiteValues.number(h.latest?.price)),
      ("previous", SiteValues.number(h.previous?.price)),
      ("change", SiteValues.number(h.change)),
      ("change_percent", SiteValues.number(h.changePercent)),
      (
        "points",
        .array(
          h.points.map { p in
            SiteValues.map([
              ("date", .date(p.date)), ("price", .decimal(p.price)),
              ("store", SiteValues.text(p.store)),
              ("source", .string(p.source.rawValue)), ("outlier", .bool(p.isOutlier)),
            ])
          })
      ),
      ("outliers", .int(h.outliers.count)), ("stores", .array(compared)),
    ])
  }

  private func cadenceValue(_ c: ItemCadence) -> TemplateValue {
    SiteValues.map([
      ("purchase_days", .int(c.days.count)), ("mean_interval", SiteValues.number(c.meanInterval)),
      ("next_expected", SiteValues.date(c.nextExpected)),
      ("days_until_next", c.daysUntilNext.map(TemplateValue.int)),
      ("last_purchase", SiteValues.date(c.lastPurchase)),
    ])
  }

  /// A shopping list with its lines and totals.
  func shopping(_ s: ShoppingListSummary) -> TemplateValue {
    let lines = s.lines.map { l in
      SiteValues.map([
        ("name", .string(l.name)), ("item", l.itemID.map { itemRef($0) }),
        ("quantity", .decimal(l.quantity)),
        ("estimate", SiteValues.number(l.estimate)),
        ("estimate_source", .string(l.estimateSource.rawValue)),
        ("estimated_total", SiteValues.number(l.estimatedTotal)),
        ("purchased", .bool(l.purchased.isDone)),
        ("purchased_on", SiteValues.date(l.purchased.date)),
        ("actual", SiteValues.number(l.actual)),
        ("spent", SiteValues.number(l.spent)),
      ])
    }
    let list = s.list
    return SiteValues.map([
      ("id", .string(list.id)), ("title", .string(list.title)),
      ("url", SiteValues.text(links.url(.shopping, list.id))),
      ("budget", SiteValues.number(list.budget)), ("currency", .string(list.currency)),
      ("completed", .bool(list.completed.isDone)),
      ("completed_on", SiteValues.date(list.completed.date)),
      ("lines", .array(lines)), ("estimated_total", SiteValues.number(s.estimatedTotal)),
      ("missing_estimates", .int(s.missingEstimates)), ("spent", .decimal(s.spent)),
      ("over_budget", .bool(s.overBudget)), ("remaining_count", .int(s.remaining.count)),
      ("remaining_estimate", .decimal(s.remainingEstimate)),
      ("expected_total", SiteValues.number(s.expectedTotal)),
      ("budget_left", SiteValues.number(s.budgetLeft)),
      ("prices_as_of", .date(s.pricesAsOf)), ("notes", html(list.notes)),
    ])
  }

  /// A pantry entry (a purchase that expires).
  func pantryEntry(_ e: PantryEntry) -> TemplateValue {
    SiteValues.map([
      ("name", .string(e.name)), ("item", e.itemID.map { itemRef($0) }),
      ("quantity", .decimal(e.quantity)),
      ("unit", SiteValues.text(e.unit)), ("bought", .date(e.bought)), ("expires", .date(e.expires)),
      ("days_left", .int(e.daysLeft)), ("status", .string(e.status.rawValue)),
    ])
  }
}
