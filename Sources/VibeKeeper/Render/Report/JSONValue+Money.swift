import Foundation

extension JSONValue {
  /// A money amount: a number with two decimals.
  public static func money(_ amount: Decimal) -> JSONValue { .number(amount, places: 2) }
}
