import Foundation

/// What counts towards a budget: the records in its scope and period, and their
/// per-category breakdown.
public enum BudgetSpending {
  /// One record that counts towards a budget's scope and period (in any currency).
  public struct Entry: Hashable, Sendable {
    /// `purchase` or `gift`.
    public var kind: String
    /// The record id.
    public var id: String
    /// Where the record is.
    public var location: SourceLocation
    /// What it cost, in its own currency.
    public var money: MoneyAmount
    /// Its effective category (`gifts` for gifts).
    public var category: String
  }

  /// The records in a budget's scope dated in [start, end], in household order. `gifts`
  /// is one thing wherever it is written: the gifts with a `purchased` date in the period
  /// and a price, and the purchases whose effective category is `gifts` (both category
  /// `gifts`). `all` counts every purchase; a category scope the purchases of that
  /// category (case-insensitively). Each purchase counts with its total (see
  /// `PurchaseMath.total(of:)`).
  ///
  /// With `through`, only what happened on or before that day counts (the analysis as of
  /// today: a report run at a `--now` in the past never counts what came after it).
  public static func entries(
    for budget: Budget, in household: Household, through: LocalDate? = nil
  ) -> [Entry] {
    let last = through.map { min($0, budget.end) } ?? budget.end
    guard budget.start <= last else { return [] }
    let period = budget.start...last
    var out: [Entry] = []
    let wanted: String? =
      switch budget.scope {
      case .all: nil
      case .gifts: giftsCategory
      case .category(let c): key(c)
      }
    if wanted == giftsCategory {
      // A gift is spent once bought: its status says so, the date says when (an idea
      // with a `purchased:` date left over is not money spent).
      for gift in household.gifts where gift.status != .idea {
        guard let date = gift.purchased, period.contains(date), let price = gift.price else {
          continue
        }
        out.append(
          Entry(
            kind: "gift", id: gift.id, location: gift.meta.location,
            money: MoneyAmount(price, gift.currency), category: giftsCategory))
      }
    }
    for p in household.purchases where period.contains(p.date) {
      let category = household.category(of: p)
      if let wanted, key(category) != wanted { continue }
      out.append(
        Entry(
          kind: "purchase", id: p.id, location: p.meta.location,
          money: MoneyAmount(PurchaseMath.total(of: p), p.currency), category: category))
    }
    return out
  }

  /// The category of gift spending, as a scope and as a purchase's category.
  static let giftsCategory = "gifts"

  /// Per-category spending of counted entries: every category spent on and every
  /// category with its own budget (spent 0 when nothing was bought), most spent first,
  /// ties by name. A category is named as the budget lists it, else by its alphabetically
  /// first spelling among the purchases.
  public static func perCategory(_ entries: [Entry], budget: Budget) -> [CategorySpending] {
    var spent: [String: Decimal] = [:]
    var names: [String: String] = [:]
    var budgets: [String: Decimal] = [:]
    for c in budget.categories where budgets[key(c.category)] == nil {
      budgets[key(c.category)] = c.amount
      names[key(c.category)] = c.category
      spent[key(c.category)] = 0
    }
    for e in entries {
      let k = key(e.category)
      spent[k, default: 0] += e.money.amount
      if budgets[k] == nil, names[k].map({ e.category < $0 }) ?? true { names[k] = e.category }
    }
    let rows = spent.keys.map { k in
      let s = spent[k] ?? 0
      let own = budgets[k]
      return CategorySpending(
        category: names[k] ?? k, spent: s, budget: own, over: own.map { s > $0 } ?? false)
    }
    return rows.sorted { ($1.spent, $0.category) < ($0.spent, $1.category) }
  }

  /// The comparison key of a category: trimmed and lower-cased.
  static func key(_ category: String) -> String {
    category.trimmedBlanks().lowercased()
  }
}
