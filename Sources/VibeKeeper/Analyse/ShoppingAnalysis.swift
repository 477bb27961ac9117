import Foundation

/// Where a shopping line's unit estimate came from.
public enum EstimateSource: String, Sendable, Hashable {
  /// Written as `estimate:` in the list.
  case given
  /// The item's latest known price in the list's currency.
  case latestPrice = "latest_price"
  /// No estimate at all.
  case missing
}

/// One line of a shopping list, priced.
public struct ShoppingLine: Hashable, Sendable {
  /// The item id, when the line names one.
  public var itemID: String?
  /// The shown name: the item's name, else `name`, else the item id.
  public var name: String
  /// The quantity (merged duplicates add up).
  public var quantity: Decimal
  /// The estimated unit price, when there is one.
  public var estimate: Decimal?
  /// Where `estimate` came from.
  public var estimateSource: EstimateSource
  /// Whether it has been bought.
  public var purchased: Completion
  /// The unit price actually paid, when written.
  public var actual: Decimal?
  /// Where the line is in the file.
  public var location: SourceLocation

  /// `quantity * estimate`, nil without an estimate.
  public var estimatedTotal: Decimal? { estimate.map { quantity * $0 } }
  /// For a bought line, `quantity * actual` (the estimate stands in when `actual` is not
  /// written); nil when not bought or not priced at all.
  public var spent: Decimal? {
    guard purchased.isDone else { return nil }
    return (actual ?? estimate).map { quantity * $0 }
  }
}

/// A shopping list's totals.
public struct ShoppingListSummary: Hashable, Sendable {
  /// The list.
  public var list: ShoppingList
  /// Its lines, duplicates merged, in file order.
  public var lines: [ShoppingLine]
  /// The sum of the known line estimates; nil when the list has lines and none has an
  /// estimate (unknown is not zero). An empty list's estimate is 0.
  public var estimatedTotal: Decimal?
  /// How many lines have no estimate (the total then is a lower bound).
  public var missingEstimates: Int
  /// The sum of `spent` over the bought lines.
  public var spent: Decimal
  /// Bought lines with neither `actual` nor an estimate (not in `spent`).
  public var unpricedPurchases: Int
  /// What the list comes to: what was paid for the bought lines (`spent`) plus the known
  /// estimates of the lines still to buy; nil when nothing is known at all.
  public var expectedTotal: Decimal?
  /// Whether the list goes over its budget: `expected_total` (what was paid, then the
  /// estimates of the rest) exceeds it. False without a budget or any price.
  public var overBudget: Bool
  /// The day the estimates from latest prices are taken on: today for an open list, the
  /// day it was completed for a completed one, so its figures stay as they were.
  public var pricesAsOf: LocalDate
  /// Whether the list is done by today (`completed`, on today or before): its lines not
  /// bought will not be, so nothing is left to buy and they cost nothing.
  public var isDone = false

  /// The lines still to buy, in file order (none once the list is done).
  public var remaining: [ShoppingLine] { isDone ? [] : unbought }
  /// The lines not bought, in file order (of a done list: those it was done without).
  public var unbought: [ShoppingLine] { lines.filter { !$0.purchased.isDone } }
  /// The estimated cost of the lines not bought yet (known estimates only).
  public var remainingEstimate: Decimal {
    remaining.compactMap(\.estimatedTotal).reduce(0, +)
  }
  /// `budget - expected total`: what is left once the rest is bought at its estimates,
  /// counting what was actually paid; nil without a budget or any price.
  public var budgetLeft: Decimal? {
    guard let budget = list.budget, let expectedTotal else { return nil }
    return budget - expectedTotal
  }
}

/// Shopping list totals.
public enum ShoppingAnalysis {
  /// Every list's summary, open lists first, then by id. The loader has merged lines listed
  /// twice (with a warning). A line's estimate is its `estimate`, else its item's latest
  /// price in the list's currency (a price in another currency is never used) known the
  /// day before the line was bought, else on the day the list was completed (its `completed`
  /// date, else the last day a line was bought), else on `today`: a done list's figures do
  /// not move with later prices.
  public static func analyse(_ household: Household, today: LocalDate) -> [ShoppingListSummary] {
    let prices = PriceIndex(household)
    var summaries = household.shopping.map {
      summary($0, entries: $0.entries, in: household, prices: prices, today: today)
    }
    summaries.sort {
      ($0.list.completed.isDone ? 1 : 0, $0.list.id) < (
        $1.list.completed.isDone ? 1 : 0, $1.list.id
      )
    }
    return summaries
  }

  /// The totals of one list from its (already merged) entries, as of `today`.
  public static func summary(
    _ list: ShoppingList, entries: [ShoppingEntry], in household: Household, today: LocalDate
  ) -> ShoppingListSummary {
    summary(list, entries: entries, in: household, prices: PriceIndex(household), today: today)
  }

  static func summary(
    _ list: ShoppingList, entries: [ShoppingEntry], in household: Household, prices: PriceIndex,
    today: LocalDate
  ) -> ShoppingListSummary {
    let asOf = pricesDay(list, entries: entries, today: today)
    let lines = entries.map { e -> ShoppingLine in
      // As of today: a line marked bought on a later day is still to buy.
      let purchased = (e.purchased.date.map { $0 > today } ?? false) ? Completion.no : e.purchased
      var estimate = e.estimate
      var source = EstimateSource.given
      if estimate == nil, let item = e.item {
        // A line bought is priced as known the day before it was bought (even one after
        // the list was done): on its own day, its own purchase would be its estimate, and
        // the plan would follow what was paid.
        let day = purchased.date.map { $0.adding(days: -1) } ?? asOf
        estimate = prices.latestPrice(of: item, currency: list.currency, asOf: day)
        source = .latestPrice
      }
      return ShoppingLine(
        itemID: e.item, name: household.item(e.item)?.name ?? e.name ?? e.item ?? "?",
        quantity: e.quantity, estimate: estimate,
        estimateSource: estimate == nil ? .missing : source, purchased: purchased,
        actual: e.actual, location: e.location)
    }
    let known = lines.compactMap(\.estimatedTotal)
    let total: Decimal? = lines.isEmpty || !known.isEmpty ? known.reduce(0, +) : nil
    let bought = lines.filter { $0.purchased.isDone }
    let spent = bought.compactMap(\.spent).reduce(0, +)
    // A list done by today was done without its other lines: they are not still to come.
    let done = isDone(list, today: today)
    let rest = done ? [] : lines.filter { !$0.purchased.isDone }.compactMap(\.estimatedTotal)
    let anyPrice = !rest.isEmpty || bought.contains { $0.spent != nil }
    let expected: Decimal? = lines.isEmpty || anyPrice ? spent + rest.reduce(0, +) : nil
    var summary = ShoppingListSummary(
      list: list, lines: lines, estimatedTotal: total,
      missingEstimates: lines.count - known.count,
      spent: spent,
      unpricedPurchases: bought.filter { $0.spent == nil }.count,
      expectedTotal: expected,
      overBudget: expected.flatMap { t in list.budget.map { t > $0 } } ?? false,
      pricesAsOf: asOf)
    summary.isDone = done
    return summary
  }

  /// Whether `list` is done by `today` (completed with no date, or on today or before).
  static func isDone(_ list: ShoppingList, today: LocalDate) -> Bool {
    list.completed.isDone && (list.completed.date.map { $0 <= today } ?? true)
  }

  /// The day a list's estimates are taken on: `today` while it is open; once completed,
  /// its `completed` date, else the last day one of its lines was bought (never after
  /// today).
  static func pricesDay(_ list: ShoppingList, entries: [ShoppingEntry], today: LocalDate)
    -> LocalDate
  {
    // A list completed on a later day is still open today.
    guard isDone(list, today: today) else { return today }
    let day = list.completed.date ?? entries.compactMap(\.purchased.date).max() ?? today
    return min(day, today)
  }
}
