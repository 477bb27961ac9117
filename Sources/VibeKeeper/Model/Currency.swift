import Foundation

/// ISO 4217 currencies: minor units and deterministic, locale-independent money text.
///
/// Amounts stay exact `Decimal` everywhere; these functions round (half-even, to the
/// currency's minor unit) only to present an amount. The template engine's `currency`
/// filter and the terminal reports both call `Currency.format(_:code:style:)`.
public enum Currency {
  /// How an amount is written.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// Digits then the ISO code: `12.50 EUR`, `1250 JPY`.
    case code
    /// A symbol for the common currencies (`$12.50`, `€12.50`, `£12.50`, `¥1250`);
    /// every other code falls back to the code form.
    case symbol
  }

  /// Currencies whose minor unit is not 2 digits (ISO 4217); every other code has 2.
  private static let minorUnitExceptions: [String: Int] = [
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
    "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
    "XPF": 0,
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    "CLF": 4, "UYW": 4,
  ]

  /// Prefix symbols of the common currencies, for `Style.symbol`.
  private static let symbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
    "NGN": "₦", "PHP": "₱", "VND": "₫", "UAH": "₴", "TRY": "₺",
  ]

  /// The code in canonical form: trimmed and upper-cased (`eur` gives `EUR`).
  public static func normalized(_ code: String) -> String {
    code.trimmingCharacters(in: .whitespaces).uppercased()
  }

  /// Whether two codes name the same currency (case-insensitive).
  public static func same(_ a: String, _ b: String) -> Bool { normalized(a) == normalized(b) }

  /// The number of digits after the point (JPY 0, KWD 3, most 2; unknown codes 2).
  public static func minorUnits(of code: String) -> Int {
    minorUnitExceptions[normalized(code)] ?? 2
  }

  /// The amount rounded half-even to the currency's minor unit.
  public static func rounded(_ amount: Decimal, code: String) -> Decimal {
    DecimalFormat.rounded(amount, places: minorUnits(of: code))
  }

  /// The amount's digits, rounded half-even to the minor unit, without a currency:
  /// `12.50`, `-3.00`, `1250` for JPY. No grouping separators, `.` as the point.
  public static func digits(_ amount: Decimal, code: String) -> String {
    DecimalFormat.plain(amount, places: minorUnits(of: code))
  }

  /// Money as text, the same bytes on every machine: `12.50 EUR` (code style) or
  /// `€12.50` (symbol style, common currencies only); a negative amount starts with `-`
  /// (`-12.50 EUR`, `-€12.50`).
  public static func format(_ amount: Decimal, code: String, style: Style = .code) -> String {
    let c = normalized(code)
    let text = digits(amount, code: c)
    if style == .symbol, let symbol = symbols[c] {
      return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }
    return c.isEmpty ? text : text + " " + c
  }
}
