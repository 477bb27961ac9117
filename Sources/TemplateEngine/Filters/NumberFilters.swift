import Foundation
import VibeBasics

extension TemplateFilters {
  /// Number and money filters: `currency`, `percent`, `round`, `fixed`, `abs`, `int`.
  static let numbers: [String: TemplateFilter] = [
    "currency": TemplateFilter { v, args, env in
      if case .null = v { return .string("") }
      let code = try args.string(0, "code", default: env.currency).uppercased()
      return .string(currency(try number(v, "currency"), code: code))
    }.taking(["code"]),
    "percent": TemplateFilter { v, args, _ in
      if case .null = v { return .string("") }
      let places = try args.int(0, "places", default: 0, in: 0...10)
      let ratio = try number(v, "percent")
      return .string(DecimalFormat.plain(ratio * 100, places: places) + "%")
    }.taking(["places"]),
    "round": TemplateFilter { v, args, _ in
      let places = try args.int(0, "places", default: 0, in: 0...20)
      let method = try args.string(1, "method", default: "common")
      let modes: [String: NSDecimalNumber.RoundingMode] = [
        "common": .bankers, "ceil": .up, "floor": .down,
      ]
      guard let mode = modes[method] else {
        throw ValueError("argument 'method' must be 'common', 'ceil' or 'floor', not '\(method)'")
      }
      var input = try number(v, "round")
      var rounded = Decimal()
      NSDecimalRound(&rounded, &input, places, mode)
      return places == 0 ? ValueOperations.normalized(rounded) : .decimal(rounded)
    }.taking(["places", "method"], aliases: ["precision": "places"]),
    "fixed": TemplateFilter { v, args, _ in
      let places = try args.int(0, "places", default: 2, in: 0...20)
      return .string(grouped(DecimalFormat.plain(try number(v, "fixed"), places: places)))
    }.taking(["places"]),
    "abs": TemplateFilter { v, _, _ in
      if case .int(let i) = v, i != Int.min { return .int(abs(i)) }
      return .decimal(try number(v, "abs").magnitude)
    }.taking([]),
    "int": TemplateFilter { v, args, _ in
      if case .int = v { return v }
      if case .bool(let b) = v { return .int(b ? 1 : 0) }
      guard let d = try? number(v, "int") else { return args.value(0, "default") ?? .int(0) }
      return ValueOperations.normalized(DecimalFormat.floor(d.magnitude) * (d < 0 ? -1 : 1))
    }.taking(["default"]),
  ]

  /// The number a value holds (numbers, or text that reads as a number).
  static func number(_ v: TemplateValue, _ filter: String) throws(ValueError) -> Decimal {
    if let d = v.numberValue, !d.isNaN { return d }
    if let s = v.stringValue, let d = Decimal(string: s, locale: Locale(identifier: "en_US_POSIX")),
      !d.isNaN, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
    {
      return d
    }
    throw ValueError("'\(filter)' needs a number, not \(v.typeName)")
  }

  private static let symbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "CNY": "CN¥",
    "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "BRL": "R$", "MXN": "MX$", "ILS": "₪",
  ]

  /// `$1,234.50`, `€3.00`, `-£2.10`, `CHF 12.00`, `¥1,500`, `KWD 1.005` (grouping with `,`,
  /// half-even rounding to the currency's ISO 4217 minor unit, from `ISO4217`, the table
  /// the reports' `Currency.format` reads too).
  static func currency(_ amount: Decimal, code: String) -> String {
    let places = ISO4217.minorUnits(of: code)
    var digits = DecimalFormat.plain(amount, places: places)
    let negative = digits.hasPrefix("-")
    if negative { digits.removeFirst() }
    let symbol = symbols[code] ?? code + " "
    return (negative ? "-" : "") + symbol + grouped(digits)
  }

  /// Digits with `,` between groups of three before the point.
  static func grouped(_ plain: String) -> String {
    // The digits `DecimalFormat` writes are ASCII: grouped byte by byte.
    let bytes = Array(plain.utf8)
    let negative = bytes.first == UInt8(ascii: "-")
    let start = negative ? 1 : 0
    let point = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return groupedCharacters(plain) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + (point - start) / 3 + 1)
    if negative { out.append(UInt8(ascii: "-")) }
    for i in start..<point {
      if i > start, (point - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
      out.append(bytes[i])
    }
    out.append(contentsOf: bytes[point...])
    return String(decoding: out, as: UTF8.self)
  }

  /// `grouped` for text that is not ASCII, character by character.
  private static func groupedCharacters(_ plain: String) -> String {
    var text = plain
    let sign = text.hasPrefix("-") ? String(text.removeFirst()) : ""
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = Array(parts[0])
    var out = ""
    for (i, c) in whole.enumerated() {
      if i > 0, (whole.count - i) % 3 == 0 { out += "," }
      out.append(c)
    }
    return sign + out + (parts.count > 1 ? "." + parts[1] : "")
  }
}
