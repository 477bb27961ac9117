import Foundation
import VibeBasics

/// A value a template can print, test, loop over or pass to a filter.
///
/// Arrays and dictionaries are copy-on-write, so passing values around is cheap. Model types
/// become values through `TemplateValueConvertible` (or lazily through `TemplateObject`),
/// never through runtime reflection.
public enum TemplateValue: Sendable {
  /// Nothing (`none`); prints as the empty string.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int)
  /// An exact decimal number (money, quantities).
  case decimal(Decimal)
  /// Text, escaped for its output context when printed.
  case string(String)
  /// Text already safe for the output (`| safe`, markdown output); printed as is.
  case safe(String)
  /// A calendar date.
  case date(LocalDate)
  /// An instant; shown in the render clock's time zone.
  case dateTime(Date)
  /// A time of day.
  case time(TimeOfDay)
  /// An ordered list.
  case array([TemplateValue])
  /// A map; loops visit its keys in sorted order.
  case dictionary([String: TemplateValue])
  /// A value that answers member look-ups itself (a model object, computed lazily).
  /// (Boxed, like `macro`, so every value stays three words: a site holds millions.)
  indirect case object(any TemplateObject)
  /// A macro defined in a template; calling it renders its body.
  indirect case macro(TemplateMacro)
}

/// A type that can turn itself into a template value (without reflection).
public protocol TemplateValueConvertible {
  /// The value templates see.
  var templateValue: TemplateValue { get }
}

/// A value whose members are computed on demand, for large models where building a whole
/// dictionary up front would be wasteful.
public protocol TemplateObject: Sendable {
  /// The value of a member, or nil when there is no such member.
  func member(_ name: String) -> TemplateValue?
  /// The member names, for iteration, `| json` and "did you mean" hints.
  var memberNames: [String] { get }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// A string value.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An int value.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// A bool value.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array value.
  public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
  /// A dictionary value (a later duplicate key wins).
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, b in b }))
  }
}

extension TemplateValue {
  /// A value from anything convertible, or null for nil.
  public static func from(_ value: (any TemplateValueConvertible)?) -> TemplateValue {
    value?.templateValue ?? .null
  }

  /// Whether the value counts as true in `if`: not null, false, zero, or empty.
  public var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let b): return b
    case .int(let i): return i != 0
    case .decimal(let d): return !d.isZero
    case .string(let s), .safe(let s): return !s.isEmpty
    case .array(let a): return !a.isEmpty
    case .dictionary(let d): return !d.isEmpty
    case .object, .date, .dateTime, .time, .macro: return true
    }
  }

  /// Whether the value is empty: null, an empty string, list or map.
  public var isEmpty: Bool {
    switch self {
    case .null: return true
    case .string(let s), .safe(let s): return s.isEmpty
    case .array(let a): return a.isEmpty
    case .dictionary(let d): return d.isEmpty
    case .object(let o): return o.memberNames.isEmpty
    default: return false
    }
  }

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "none"
    case .bool: return "bool"
    case .int: return "int"
    case .decimal: return "decimal"
    case .string, .safe: return "string"
    case .date: return "date"
    case .dateTime: return "datetime"
    case .time: return "time"
    case .array: return "list"
    case .dictionary, .object: return "map"
    case .macro: return "macro"
    }
  }

  /// The value as a decimal number, when it is a number.
  public var numberValue: Decimal? {
    switch self {
    case .int(let i): return Decimal(i)
    case .decimal(let d): return d
    default: return nil
    }
  }

  /// Whether the value is safe markup (`| safe`, a macro's output).
  public var isSafe: Bool {
    if case .safe = self { return true }
    return false
  }

  /// The text of a string (safe or not), else nil.
  public var stringValue: String? {
    switch self {
    case .string(let s), .safe(let s): return s
    default: return nil
    }
  }

  /// A member of a map or object, or nil.
  public func member(_ name: String) -> TemplateValue? {
    switch self {
    case .dictionary(let d): return d[name]
    case .object(let o): return o.member(name)
    default: return nil
    }
  }

  /// The member names of a map or object (sorted), for hints and iteration.
  public var memberNames: [String] {
    switch self {
    case .dictionary(let d): return d.keys.sorted()
    case .object(let o): return o.memberNames.sorted()
    default: return []
    }
  }
}

/// A macro: a parameterised fragment of a template, called like a function.
public struct TemplateMacro: Sendable {
  /// The macro's name.
  public let name: String
  /// Parameter names with their default values (nil: required... or null when omitted).
  let parameters: [MacroParameter]
  /// The macro's body.
  let body: [Node]
  /// The name of the template that defines it (its sibling macros stay visible).
  let templateName: String
}

/// One parameter of a macro.
struct MacroParameter: Sendable {
  /// The parameter's name.
  let name: String
  /// The value used when a call leaves it out (null when there is none).
  let defaultValue: Expr?
}
