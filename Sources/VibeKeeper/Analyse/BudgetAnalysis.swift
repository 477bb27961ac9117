import Foundation

/// Where today falls relative to a budget's period.
public enum BudgetPeriodState: String, Sendable, Hashable {
  /// Today is before the start.
  case upcoming
  /// Today is in [start, end].
  case current
  /// Today is after the end.
  case ended
}

/// Spending of one category inside a budget, against the category's own budget if any.
public struct CategorySpending: Hashable, Sendable {
  /// The category name (the budget's spelling when it lists the category).
  public var category: String
  /// What was spent on it in the period, in the budget's currency.
  public var spent: Decimal
  /// Its own budget from the budget's `categories`, when given.
  public var budget: Decimal?
  /// Whether spending exceeds its own budget (strictly more).
  public var over: Bool

  /// Creates an entry.
  public init(category: String, spent: Decimal, budget: Decimal?, over: Bool) {
    self.category = category
    self.spent = spent
    self.budget = budget
    self.over = over
  }
}

/// The state of one budget on one day, with the spec's formulas.
public struct BudgetSummary: Hashable, Sendable {
  /// The budget.
  public var budget: Budget
  /// Upcoming, current or ended, as of today.
  public var state: BudgetPeriodState
  /// Ids of the later-starting active budgets of the same scope that overlap it (sorted);
  /// empty when it is not superseded.
  public var supersededBy: [String]
  /// Spending in the period and scope, in the budget's currency only.
  public var spent: Decimal
  /// `amount - spent` (negative when overspent).
  public var remaining: Decimal
  /// `spent / amount * 100`; nil when the amount is not positive (no division by zero).
  public var percentUsed: Decimal?
  /// `end - start + 1` (at least 1).
  public var totalDays: Int
  /// `clamp(today - start + 1, 1, total_days)`.
  public var daysElapsed: Int
  /// `total_days - days_elapsed`.
  public var daysRemaining: Int
  /// `spent / days_elapsed`.
  public var dailyAverage: Decimal
  /// Where the budget ends at the pace so far, `spent * total_days / days_elapsed`, once
  /// `projection_days` of the period have passed (nil before that: three days of a
  /// quarter-long budget say nothing about its end); `spent` once it ended.
  public var projectedTotal: Decimal?
  /// How many days must have passed before there is a projection: a quarter of the
  /// period and at least 3 days (the whole period when it is shorter).
  public var projectionDays: Int
  /// What the projection rests on, in words: "the pace of the 12 days so far (of 30)",
  /// "too early: it needs 8 of the 30 days", "what was spent".
  public var projectionBasis: String
  /// Not heading over the amount: `projected_total <= amount`, decided exactly (without a
  /// rounded division); before there is a projection, `spent <= amount`.
  public var onTrack: Bool
  /// `percent_used >= alert_percent`, decided exactly; with a non-positive amount, true
  /// as soon as anything is spent.
  public var alert: Bool
  /// How many records (purchases or gifts) were counted.
  public var count: Int
  /// Per category: each category spent on, and each category with its own budget; most
  /// spent first, ties by name.
  public var categories: [CategorySpending]
  /// Spending in the scope and period but in another currency: left out, per currency.
  public var excluded: [ExcludedMoney]

  /// Whether a later overlapping budget of the same scope wins over this one.
  public var isSuperseded: Bool { !supersededBy.isEmpty }
}

/// Every budget's summary on a day, plus the warnings found on the way.
public struct BudgetAnalysis: Sendable {
  /// The day the analysis is for.
  public var today: LocalDate
  /// The alert threshold used, in percent.
  public var alertPercent: Decimal
  /// One summary per budget (active or not), by start date, then id.
  public var summaries: [BudgetSummary]
  /// Overlap warnings (naming both budgets' files) and left-out foreign-currency money.
  public var diagnostics: [Diagnostic]

  /// Analyses every budget of the household as of `today`.
  ///
  /// Decisions where the spec is silent: scope `all` counts every purchase (gifts only
  /// count in `gifts` budgets); a purchase counts with its given total when written (what
  /// was paid); categories and category scopes match case-insensitively; money in another
  /// currency than the budget's is left out with a warning per record; inactive budgets are
  /// summarised but never supersede or get superseded; when two overlapping budgets start
  /// on the same day, the one whose id sorts later wins.
  public static func analyse(_ household: Household, today: LocalDate) -> BudgetAnalysis {
    let alertPercent = household.settings.budgets.alertPercent
    let (superseded, overlapWarnings) = BudgetOverlap.detect(household.budgets)
    var summaries: [BudgetSummary] = []
    var diagnostics = overlapWarnings + unknownScopes(household)
    let ordered = household.budgets.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    let byID = Dictionary(household.budgets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for budget in ordered {
      var (summary, warnings) = summarise(
        budget, in: household, today: today, alertPercent: alertPercent)
      // Superseded today: by a budget whose period holds today (before a later budget
      // starts, and after it ends, this one still stands, and alerts).
      summary.supersededBy = (superseded[budget.id] ?? []).filter { id in
        byID[id].map { $0.start <= today && today <= $0.end } ?? false
      }
      summaries.append(summary)
      diagnostics += warnings
    }
    return BudgetAnalysis(
      today: today, alertPercent: alertPercent, summaries: summaries, diagnostics: diagnostics)
  }

  /// A warning for each budget whose scope names a category no purchase or item has but
  /// one close to it does (a typo such as `grocries` would count nothing, silently); a
  /// category nothing is close to is taken as new.
  static func unknownScopes(_ household: Household) -> [Diagnostic] {
    var known: Set<String> = [BudgetSpending.giftsCategory]
    for p in household.purchases { known.insert(household.category(of: p).lowercased()) }
    for i in household.items { if let c = i.category { known.insert(c.lowercased()) } }
    return household.budgets.compactMap { b in
      guard case .category(let c) = b.scope, !known.contains(c.lowercased()) else { return nil }
      guard let close = Suggestion.closest(to: c.lowercased(), in: known.sorted()) else {
        return nil
      }
      return Diagnostic(
        .warning, b.meta.location,
        "budget '\(b.id)' counts category '\(c)', which no purchase or item has",
        hint: "did you mean '\(close)'?")
    }
  }

  /// One budget's summary as of `today` (not looking at other budgets, so never
  /// superseded) and a warning per record left out for its currency.
  public static func summarise(
    _ budget: Budget, in household: Household, today: LocalDate, alertPercent: Decimal
  ) -> (BudgetSummary, [Diagnostic]) {
    let entries = BudgetSpending.entries(for: budget, in: household, through: today)
    var counted: [BudgetSpending.Entry] = []
    var warnings: [Diagnostic] = []
    for e in entries {
      if Currency.same(e.money.currency, budget.currency) {
        counted.append(e)
      } else {
        warnings.append(
          Diagnostic(
            .warning, e.location,
            "\(e.kind) '\(e.id)' (\(Currency.format(e.money.amount, code: e.money.currency))) "
              + "is left out of budget '\(budget.id)' (\(Currency.normalized(budget.currency))): "
              + "amounts in another currency are never converted",
            related: budget.meta.location))
      }
    }
    let (spent, excluded) = PurchaseMath.sum(entries.map(\.money), in: budget.currency)
    let totalDays = max(1, budget.start.days(to: budget.end) + 1)
    let daysElapsed = min(max(budget.start.days(to: today) + 1, 1), totalDays)
    let state: BudgetPeriodState =
      today < budget.start ? .upcoming : (today > budget.end ? .ended : .current)
    let amount = budget.amount
    let percent: Decimal? = amount > 0 ? spent / amount * 100 : nil
    let alert = amount > 0 ? spent * 100 >= alertPercent * amount : spent > 0
    let needed = projectionDays(totalDays)
    let projected: Decimal?
    let basis: String
    switch state {
    case .ended:
      (projected, basis) = (spent, "what was spent")
    case .upcoming:
      (projected, basis) = (nil, "not started")
    case .current where daysElapsed < needed:
      (projected, basis) = (nil, "too early: it needs \(needed) of the \(totalDays) days")
    case .current:
      projected = spent * Decimal(totalDays) / Decimal(daysElapsed)
      basis = "the pace of the \(daysElapsed) days so far (of \(totalDays))"
    }
    let onTrack =
      projected == nil || state == .ended
      ? spent <= amount : spent * Decimal(totalDays) <= amount * Decimal(daysElapsed)
    let summary = BudgetSummary(
      budget: budget, state: state, supersededBy: [], spent: spent, remaining: amount - spent,
      percentUsed: percent, totalDays: totalDays, daysElapsed: daysElapsed,
      daysRemaining: totalDays - daysElapsed,
      dailyAverage: spent / Decimal(daysElapsed),
      projectedTotal: projected, projectionDays: needed, projectionBasis: basis,
      onTrack: onTrack, alert: alert, count: counted.count,
      categories: BudgetSpending.perCategory(counted, budget: budget), excluded: excluded)
    return (summary, warnings + neverMatching(budget))
  }

  /// Days of a period of `totalDays` before its end is projected: a quarter, at least 3.
  public static func projectionDays(_ totalDays: Int) -> Int {
    min(totalDays, max(3, (totalDays + 3) / 4))
  }

  /// A warning for each of the budget's `categories` its scope can never count (scope
  /// `groceries` with a `dairy` category): that part of the budget would stay empty.
  static func neverMatching(_ budget: Budget) -> [Diagnostic] {
    let scope: String
    switch budget.scope {
    case .all: return []
    case .gifts: scope = BudgetSpending.giftsCategory
    case .category(let c): scope = BudgetSpending.key(c)
    }
    return budget.categories.filter { BudgetSpending.key($0.category) != scope }.map {
      Diagnostic(
        .warning, $0.location ?? budget.meta.location,
        "category '\($0.category)' of budget '\(budget.id)' can never count anything: "
          + "the budget's scope is '\(budget.scope)', so it counts only that category",
        hint: "use `scope: all` to budget several categories, or remove '\($0.category)'")
    }
  }
}
