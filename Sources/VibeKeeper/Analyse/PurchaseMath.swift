import Foundation

/// An amount of money in one currency.
public struct MoneyAmount: Hashable, Sendable {
  /// The exact amount.
  public var amount: Decimal
  /// The ISO 4217 code (upper case).
  public var currency: String

  /// Creates an amount; the code is normalized to upper case.
  public init(_ amount: Decimal, _ currency: String) {
    self.amount = amount
    self.currency = Currency.normalized(currency)
  }
}

/// Money that was left out of a sum because it is in another currency (never converted).
public struct ExcludedMoney: Hashable, Sendable {
  /// The currency it is in.
  public var currency: String
  /// The sum of the left-out amounts in that currency.
  public var total: Decimal
  /// How many records were left out.
  public var count: Int

  /// Creates an entry.
  public init(currency: String, total: Decimal, count: Int) {
    self.currency = currency
    self.total = total
    self.count = count
  }
}

/// Purchase arithmetic: totals, total checks, names and sums that never mix currencies.
public enum PurchaseMath {
  /// What a purchase cost: its given `total` when written (what was actually paid, a
  /// discount included), else quantity times unit price, exact.
  public static func total(of purchase: Purchase) -> Decimal { purchase.total }

  /// The name shown for a purchase: its item's name, else its `name`, else the item id,
  /// else the purchase id.
  public static func displayName(of purchase: Purchase, in household: Household) -> String {
    household.item(purchase.item)?.name ?? purchase.name ?? purchase.item ?? purchase.id
  }

  /// Sums amounts in `currency`; amounts in any other currency are not added but
  /// reported per currency (sorted by code).
  public static func sum(
    _ amounts: [MoneyAmount], in currency: String
  ) -> (total: Decimal, excluded: [ExcludedMoney]) {
    var total = Decimal(0)
    var others: [String: (Decimal, Int)] = [:]
    for a in amounts {
      if Currency.same(a.currency, currency) {
        total += a.amount
      } else {
        let (t, n) = others[a.currency] ?? (0, 0)
        others[a.currency] = (t + a.amount, n + 1)
      }
    }
    let excluded = others.keys.sorted().compactMap { code in
      others[code].map { ExcludedMoney(currency: code, total: $0.0, count: $0.1) }
    }
    return (total, excluded)
  }
}
