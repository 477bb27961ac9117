import Foundation

/// What a budget counts.
public enum BudgetScope: Hashable, Sendable, CustomStringConvertible {
  /// Every purchase (gift records count in `gifts` budgets).
  case all
  /// Spending on gifts: gifts with a `purchased` date and a price, and purchases whose
  /// category is `gifts`.
  case gifts
  /// Purchases of one category.
  case category(String)

  /// `all`, `gifts` or the category name.
  public var description: String {
    switch self {
    case .all: "all"
    case .gifts: "gifts"
    case .category(let c): c
    }
  }
}

/// A spending budget over a period.
public struct Budget: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  public var amount: Decimal
  public var currency: String
  public var start: LocalDate
  /// Inclusive.
  public var end: LocalDate
  public var scope: BudgetScope = .all
  /// Per-category budgets, in file order.
  public var categories: [CategoryBudget] = []
  public var active = true
  /// Markdown body.
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates a budget.
  public init(
    meta: RecordMeta, title: String, amount: Decimal, currency: String, start: LocalDate,
    end: LocalDate
  ) {
    self.meta = meta
    self.title = title
    self.amount = amount
    self.currency = currency
    self.start = start
    self.end = end
  }
}

/// One category's own budget inside a budget.
public struct CategoryBudget: Hashable, Sendable {
  public var category: String
  public var amount: Decimal
  /// Where the category's name is written, when it comes from a file.
  public var location: SourceLocation?
  /// Creates a category budget.
  public init(category: String, amount: Decimal, location: SourceLocation? = nil) {
    self.category = category
    self.amount = amount
    self.location = location
  }
}
