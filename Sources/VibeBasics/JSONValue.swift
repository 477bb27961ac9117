import Foundation

/// A JSON document built in code and written deterministically: object keys keep the order
/// they were added in, money keeps its decimals, and the same value gives the same bytes.
public indirect enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int)
  /// A decimal number; `places` fixes the digits after the point (2 for money), half-even.
  case number(Decimal, places: Int?)
  /// A string, written quoted and escaped (see `quoted`).
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its fields in the order given.
  case object([JSONField])

  /// An optional value, or null.
  public static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

  /// Writes the value; `pretty` indents by two spaces and ends with a newline.
  public func serialized(pretty: Bool = true) -> String {
    var out = ""
    write(into: &out, indent: pretty ? 0 : nil)
    if pretty { out += "\n" }
    return out
  }

  private func write(into out: inout String, indent: Int?) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let d, let places): out += DecimalFormat.plain(d, places: places)
    case .string(let s): out += JSONValue.quoted(s)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        JSONValue.newline(&out, indent.map { $0 + 1 })
        item.write(into: &out, indent: indent.map { $0 + 1 })
      }
      JSONValue.newline(&out, indent)
      out += "]"
    case .object(let fields):
      if fields.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, field) in fields.enumerated() {
        if i > 0 { out += "," }
        JSONValue.newline(&out, indent.map { $0 + 1 })
        out += JSONValue.quoted(field.key)
        out += indent == nil ? ":" : ": "
        field.value.write(into: &out, indent: indent.map { $0 + 1 })
      }
      JSONValue.newline(&out, indent)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: Int?) {
    guard let indent else { return }
    out += "\n" + String(repeating: "  ", count: indent)
  }

  /// A JSON string literal, escaping quotes, backslashes, control characters, and `<`, `>`,
  /// `&`, U+2028 and U+2029 so it is also safe inside an HTML `<script>`.
  public static func quoted(_ s: String) -> String {
    // Most text needs no escape (bytes E2 80 A8/A9 are U+2028/U+2029).
    let plain = s.utf8.allSatisfy { b in
      b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x3C && b != 0x3E && b != 0x26 && b != 0xE2
    }
    if plain { return "\"" + s + "\"" }
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        out += String(format: "\\u%04x", scalar.value)
      default:
        if scalar.value < 0x20 {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

/// One key and value of a JSON object.
public struct JSONField: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value.
  public var value: JSONValue
  /// Creates a field.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
