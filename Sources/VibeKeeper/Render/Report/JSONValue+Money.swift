import Foundation

extension JSONValue {
  /// A money amount in the currency's minor unit (JPY 0 decimals, EUR 2, KWD 3), as the
  /// tables and the site write it.
  public static func money(_ amount: Decimal, currency: String) -> JSONValue {
    .number(amount, places: Currency.minorUnits(of: currency))
  }
}
