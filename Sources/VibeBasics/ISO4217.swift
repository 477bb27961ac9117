import Foundation

/// ISO 4217 currencies: how many digits (the minor unit) each writes after the point.
///
/// The one table of them. `Currency` (the reports, feeds and charts) and the template
/// engine's `currency` filter both read it, so the site and the terminal round an amount
/// to the same digits.
public enum ISO4217 {
  /// Currencies whose minor unit is not 2 digits (ISO 4217); every other code has 2.
  private static let minorUnitExceptions: [String: Int] = [
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
    "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
    "XPF": 0,
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    "CLF": 4, "UYW": 4,
  ]

  /// Every ISO 4217 code Foundation knows (current and historic ones, and the X codes).
  public static let codes: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))

  /// Whether `code` (three upper-case letters) is an ISO 4217 code.
  public static func isKnown(_ code: String) -> Bool { codes.contains(code) }

  /// The code closest to `code` when it is a plausible typo of one (`EUT` → `EUR`).
  public static func closest(to code: String) -> String? {
    Suggestion.closest(to: code, in: codes.sorted())
  }

  /// The number of digits after the point (JPY 0, KWD 3, most 2; unknown codes 2).
  /// The code is read case-insensitively, without surrounding spaces.
  public static func minorUnits(of code: String) -> Int {
    minorUnitExceptions[canonical(code)] ?? 2
  }

  /// The code trimmed and upper-cased (`eur` gives `EUR`).
  public static func canonical(_ code: String) -> String {
    // The usual code is written canonically already: nothing to trim or case.
    if code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
      return code
    }
    return code.trimmingCharacters(in: .whitespaces).uppercased()
  }

  /// The currencies written `$` at home (a KWD household's `$` is no dinar): a `$` in a
  /// household of one of these is its own currency, elsewhere USD.
  public static let dollars: Set<String> = [
    "USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "MXN", "ARS", "CLP", "COP",
  ]

  /// The currencies written `kr` at home: a `kr` in a household of one of these is its own.
  public static let crowns: Set<String> = ["SEK", "NOK", "DKK", "ISK"]
}
