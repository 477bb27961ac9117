import Foundation

/// Exact, locale-independent formatting of `Decimal` values.
public enum DecimalFormat {
  /// Rounds half-even (banker's rounding) to `places` decimals.
  public static func rounded(_ value: Decimal, places: Int) -> Decimal {
    var input = value
    var result = Decimal()
    NSDecimalRound(&result, &input, places, .bankers)
    return result
  }

  /// Plain digits with a `.` point: `12.50` with `places: 2`, as short as exact with nil.
  public static func plain(_ value: Decimal, places: Int?) -> String {
    guard let places else {
      return value.isNaN ? "0" : "\(value)"
    }
    let r = rounded(value, places: places)
    var text = r.isNaN ? "0" : "\(r)"
    if text.hasPrefix("-"), r.isZero { text.removeFirst() }
    guard places > 0 else { return text }
    if let dot = text.firstIndex(of: ".") {
      let have = text.distance(from: text.index(after: dot), to: text.endIndex)
      if have < places { text += String(repeating: "0", count: places - have) }
    } else {
      text += "." + String(repeating: "0", count: places)
    }
    return text
  }
}
