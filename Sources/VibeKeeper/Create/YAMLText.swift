import Foundation

/// Writes text values as YAML scalars that read back exactly: plain when that is safe, else
/// double-quoted with escapes.
enum YAMLText {
  /// The scalar for `value`: `Pottery class`, or `"Dinner: 7 pm #1"` when plain would change
  /// its meaning (a `: `, a ` #`, a leading indicator, a null word, a line break, ...).
  static func scalar(_ value: String) -> String {
    isSafePlain(value) ? value : quoted(value)
  }

  /// The scalar for `value` inside a flow mapping (`{name: Oat milk, price: 1.89}`): plain
  /// only when it is also free of the flow indicators `,[]{}`.
  static func flowScalar(_ value: String) -> String {
    isSafePlain(value)
      && !value.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) })
      ? value : quoted(value)
  }

  /// The scalar for a value that must stay text (a score, a name), in a flow mapping or
  /// not: one that reads as a number, a time or a date (`42`, `1e3`, `0:42`, `0x1F`,
  /// `0o17`, a number in YAML 1.1, `2026-11-24`) is quoted, so every YAML reader keeps it
  /// text. (Anything of digits and the letters of such numbers is: quotes never hurt.)
  static func text(_ value: String, flow: Bool) -> String {
    let numeric =
      value.unicodeScalars.first.map {
        ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
      } ?? false
    let numberLetters = "0123456789+-.:_eExXoObBabcdfABCDF".unicodeScalars
    if numeric, value.unicodeScalars.allSatisfy({ numberLetters.contains($0) }) {
      return quoted(value)
    }
    return flow ? flowScalar(value) : scalar(value)
  }

  /// One list entry on one line: `- {date: 2026-11-24, item: oat-milk, price: 1.89}`.
  /// Values are YAML scalars already (`flowScalar`, numbers, dates).
  static func flowEntry(_ fields: [(key: String, value: String)]) -> String {
    "- {" + fields.map { $0.key + ": " + $0.value }.joined(separator: ", ") + "}"
  }

  /// A double-quoted scalar with `\\`, `\"` and control characters escaped.
  static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\u{85}": out += "\\N"
      case "\u{A0}": out += "\\_"
      case "\u{2028}": out += "\\L"
      case "\u{2029}": out += "\\P"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFEFF {
          out += "\\u" + hex4(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func hex4(_ v: UInt32) -> String {
    let digits = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Words YAML reads as something other than the text (null) or that a reader would take
  /// for a boolean; they are quoted to stay text.
  private static let specialWords: Set<String> = [
    "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", ".nan", ".inf", "-.inf",
    "+.inf",
  ]

  /// Whether `value` reads back unchanged as a plain scalar in a block mapping.
  static func isSafePlain(_ value: String) -> Bool {
    guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else {
      return false
    }
    if specialWords.contains(value.lowercased()) { return false }
    if first == " " || last == " " || last == ":" { return false }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
    if value.contains(": ") || value.contains(" #") { return false }
    return !value.unicodeScalars.contains {
      $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0xA0
        || $0.value == 0xFEFF || $0.value == 0x2028 || $0.value == 0x2029 || $0 == "\t"
    }
  }
}
