import Foundation

/// ISO 4217 currencies: minor units and deterministic, locale-independent money text.
///
/// Amounts stay exact `Decimal` everywhere; these functions round (half-even, to the
/// currency's minor unit) only to present an amount. The terminal reports call
/// `Currency.format(_:code:style:)`; the template engine's `currency` filter writes its own
/// form (`€1,234.50`, `KWD 1.005`) but takes the minor units from the same table,
/// `ISO4217` in VibeBasics, so both round an amount to the same digits.
public enum Currency {
  /// How an amount is written.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// Digits then the ISO code: `12.50 EUR`, `1250 JPY`.
    case code
    /// A symbol for the common currencies (`$12.50`, `€12.50`, `£12.50`, `¥1250`);
    /// every other code falls back to the code form.
    case symbol
  }

  /// Prefix symbols of the common currencies, for `Style.symbol`.
  private static let symbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
    "NGN": "₦", "PHP": "₱", "VND": "₫", "UAH": "₴", "TRY": "₺",
  ]

  /// The code in canonical form: trimmed and upper-cased (`eur` gives `EUR`).
  public static func normalized(_ code: String) -> String { ISO4217.canonical(code) }

  /// Whether two codes name the same currency (case-insensitive).
  public static func same(_ a: String, _ b: String) -> Bool { normalized(a) == normalized(b) }

  /// The number of digits after the point (JPY 0, KWD 3, most 2; unknown codes 2).
  /// The table is `ISO4217` (VibeBasics), which the template engine's `currency`
  /// filter reads too.
  public static func minorUnits(of code: String) -> Int {
    ISO4217.minorUnits(of: normalized(code))
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

  /// The places a unit price is shown with: the currency's minor unit, or more when a
  /// price was written with more (`1.799` EUR a litre, up to 6): rounding it to `1.80`
  /// would hide a change of 0.004 a litre.
  public static func unitPlaces(_ prices: [Decimal], code: String) -> Int {
    let written =
      prices.map { price -> Int in
        let text = DecimalFormat.plain(price, places: nil)
        return text.split(separator: ".").dropFirst().first?.count ?? 0
      }.max() ?? 0
    return max(minorUnits(of: code), min(6, written))
  }

  /// Money as text, the same bytes on every machine: `12.50 EUR` (code style) or
  /// `€12.50` (symbol style, common currencies only); a negative amount starts with `-`
  /// (`-12.50 EUR`, `-€12.50`). `places` replaces the minor unit (unit prices).
  public static func format(
    _ amount: Decimal, code: String, style: Style = .code, places: Int? = nil
  ) -> String {
    let c = normalized(code)
    let text = places.map { DecimalFormat.plain(amount, places: $0) } ?? digits(amount, code: c)
    if style == .symbol, let symbol = symbols[c] {
      return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }
    return c.isEmpty ? text : text + " " + c
  }
}
