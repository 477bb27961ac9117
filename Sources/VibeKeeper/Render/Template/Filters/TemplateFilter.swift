/// A filter's implementation: the value, its arguments and the environment in, a value out.
struct TemplateFilter: Sendable {
  /// The function.
  let apply: @Sendable (TemplateValue, FilterArguments, RenderEnvironment) throws -> TemplateValue
  /// Whether an undefined input is passed on as null instead of being reported (`default`).
  var acceptsUndefined = false
}

/// The evaluated arguments of a filter call, by position and by keyword.
struct FilterArguments: Sendable {
  /// Arguments without a keyword, in order.
  var positional: [TemplateValue]
  /// Keyword arguments.
  var named: [String: TemplateValue]

  /// The argument at `position` or called `name`, if given.
  func value(_ position: Int, _ name: String) -> TemplateValue? {
    named[name] ?? (position < positional.count ? positional[position] : nil)
  }

  /// A whole-number argument within `range`, `fallback` when absent.
  func int(_ position: Int, _ name: String, default fallback: Int, in range: ClosedRange<Int>)
    throws(ValueError) -> Int
  {
    guard let value = value(position, name) else { return fallback }
    guard case .int(let i) = value, range.contains(i) else {
      throw ValueError(
        "argument '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return i
  }

  /// A text argument, `fallback` when absent.
  func string(_ position: Int, _ name: String, default fallback: String) throws(ValueError)
    -> String
  {
    guard let value = value(position, name) else { return fallback }
    guard let s = value.stringValue else {
      throw ValueError("argument '\(name)' must be a string, not \(value.typeName)")
    }
    return s
  }
}

/// The registry of filters, by name.
enum TemplateFilters {
  /// Every filter, by name.
  static let all: [String: TemplateFilter] = text.merging(numbers) { a, _ in a }
    .merging(dates) { a, _ in a }
    .merging(collections) { a, _ in a }
    .merging(escaping) { a, _ in a }

  /// Reads a member of a value by a key path such as `recipient.name` (for sort and group).
  static func path(_ value: TemplateValue, _ key: String) -> TemplateValue {
    var current = value
    for part in key.split(separator: ".") {
      if let i = Int(part), case .array(let items) = current {
        current = items.indices.contains(i) ? items[i] : .null
      } else {
        current = current.member(String(part)) ?? .null
      }
    }
    return current
  }
}
