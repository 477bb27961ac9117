/// The tests of `value is name`: `defined` and `undefined` see whether a value exists; the
/// others look at the value.
enum TemplateTests {
  /// Every test name.
  static let names = [
    "defined", "undefined", "empty", "none", "null", "even", "odd", "number", "string",
    "iterable", "mapping", "divisibleby", "true", "false", "date",
  ]

  /// Runs a test other than `defined`/`undefined` on a value.
  static func run(_ name: String, _ value: TemplateValue, _ arguments: [TemplateValue])
    throws(ValueError) -> Bool
  {
    switch name {
    case "empty": return value.isEmpty
    case "none", "null": if case .null = value { return true } else { return false }
    case "even", "odd":
      guard case .int(let i) = value else { return false }
      return (i % 2 == 0) == (name == "even")
    case "number": return value.numberValue != nil
    case "string": return value.stringValue != nil
    case "iterable":
      switch value {
      case .array, .dictionary, .object: return true
      default: return false
      }
    case "mapping":
      switch value {
      case .dictionary, .object: return true
      default: return false
      }
    case "date":
      if case .date = value { return true } else { return false }
    case "true": if case .bool(true) = value { return true } else { return false }
    case "false": if case .bool(false) = value { return true } else { return false }
    case "divisibleby":
      guard case .int(let n)? = arguments.first, n != 0 else {
        throw ValueError("'divisibleby' needs a whole number other than 0")
      }
      guard case .int(let i) = value else { return false }
      return i % n == 0
    default: throw ValueError("unknown test '\(name)'")
    }
  }
}
