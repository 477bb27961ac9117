import Foundation
import VibeBasics

/// An error of an operator or filter, without a position; the renderer adds the place.
public struct ValueError: Error {
  /// What went wrong.
  public let message: String
  /// Creates an error.
  public init(_ message: String) { self.message = message }
}

/// Equality, ordering and arithmetic on template values.
enum ValueOperations {
  /// Whether two values are equal: numbers by value, safe and plain strings by text.
  static func equals(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.date(let x), .date(let y)): return x == y
    case (.dateTime(let x), .dateTime(let y)): return x == y
    case (.time(let x), .time(let y)): return x == y
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equals($0, $1) }
    case (.dictionary(let x), .dictionary(let y)):
      return x.count == y.count
        && x.allSatisfy { key, value in y[key].map { equals(value, $0) } ?? false }
    case (.object, .object), (.object, .dictionary), (.dictionary, .object):
      // A map whose members are made when read equals a map with the same members.
      let names = a.memberNames
      return names == b.memberNames
        && names.allSatisfy { name in
          guard let x = a.member(name), let y = b.member(name) else { return false }
          return equals(x, y)
        }
    default:
      if let x = a.numberValue, let y = b.numberValue { return x == y }
      if let x = a.stringValue, let y = b.stringValue { return x == y }
      return false
    }
  }

  /// The order of two comparable values, or an error naming their types.
  static func compare(_ a: TemplateValue, _ b: TemplateValue) throws(ValueError) -> Int {
    func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
    switch (a, b) {
    case (.int(let x), .int(let y)): return order(x, y)
    case (.date(let x), .date(let y)): return order(x, y)
    case (.dateTime(let x), .dateTime(let y)): return order(x, y)
    case (.time(let x), .time(let y)): return order(x, y)
    case (.bool(let x), .bool(let y)): return order(x ? 1 : 0, y ? 1 : 0)
    default:
      if let x = a.numberValue, let y = b.numberValue { return order(x, y) }
      if let x = a.stringValue, let y = b.stringValue { return order(x, y) }
      throw ValueError("cannot compare \(a.typeName) with \(b.typeName)")
    }
  }

  /// A sort order for any two values (used by `| sort`): nulls first, then by type, then
  /// by value, so sorting mixed data never fails.
  static func sortOrder(_ a: TemplateValue, _ b: TemplateValue) -> Int {
    if let order = try? compare(a, b) { return order }
    let rank = { (v: TemplateValue) -> Int in
      switch v {
      case .null: return 0
      case .bool: return 1
      case .int, .decimal: return 2
      case .string, .safe: return 3
      case .date: return 4
      case .dateTime: return 5
      case .time: return 6
      default: return 7
      }
    }
    return rank(a) < rank(b) ? -1 : (rank(a) == rank(b) ? 0 : 1)
  }

  /// `a in b`: substring, list element or map key.
  static func contains(_ container: TemplateValue, _ item: TemplateValue) throws(ValueError)
    -> Bool
  {
    switch container {
    case .string(let s), .safe(let s):
      guard let needle = item.stringValue else {
        throw ValueError("'in' on a string needs a string, not \(item.typeName)")
      }
      return needle.isEmpty || s.contains(needle)
    case .array(let items): return items.contains { equals($0, item) }
    case .dictionary, .object:
      guard let key = item.stringValue else { return false }
      return container.member(key) != nil
    case .null: return false
    default: throw ValueError("'in' needs a list, map or string, not \(container.typeName)")
    }
  }

  /// Whether one link of a comparison chain holds: `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`,
  /// `not in`.
  static func holds(_ op: BinaryOperator, _ a: TemplateValue, _ b: TemplateValue)
    throws(ValueError) -> Bool
  {
    switch op {
    case .equal: return equals(a, b)
    case .notEqual: return !equals(a, b)
    case .less: return try compare(a, b) < 0
    case .lessOrEqual: return try compare(a, b) <= 0
    case .greater: return try compare(a, b) > 0
    case .greaterOrEqual: return try compare(a, b) >= 0
    case .in: return try contains(b, a)
    case .notIn: return !(try contains(b, a))
    default: throw ValueError("'\(op.rawValue)' is not a comparison")
    }
  }

  /// `+ - * / // %` on numbers; `+` also joins lists and moves a date by days (the renderer
  /// joins two texts itself, as `~`);
  /// `-` also gives the days between two dates; `*` repeats a string or list. Int overflow
  /// falls back to decimals. A string or list longer than `limit` bytes (16 an element) is
  /// refused before it is made.
  static func arithmetic(
    _ op: BinaryOperator, _ a: TemplateValue, _ b: TemplateValue, limit: Int = .max
  ) throws(ValueError) -> TemplateValue {
    switch (op, a, b) {
    case (.add, .array(let x), .array(let y)):
      guard (x.count + y.count) * 16 <= limit else { throw tooLarge(limit) }
      return .array(x + y)
    case (.multiply, .string(let s), .int(let n)), (.multiply, .int(let n), .string(let s)):
      guard n <= 0 || s.utf8.count <= limit / n else { throw tooLarge(limit) }
      return .string(String(repeating: s, count: max(0, n)))
    case (.multiply, .array(let items), .int(let n)), (.multiply, .int(let n), .array(let items)):
      guard n <= 0 || items.count * 16 <= limit / n else { throw tooLarge(limit) }
      var repeated: [TemplateValue] = []
      for _ in 0..<max(0, n) { repeated += items }
      return .array(repeated)
    case (.add, .int(let x), .int(let y)):
      let (r, overflow) = x.addingReportingOverflow(y)
      return overflow ? .decimal(Decimal(x) + Decimal(y)) : .int(r)
    case (.subtract, .int(let x), .int(let y)):
      let (r, overflow) = x.subtractingReportingOverflow(y)
      return overflow ? .decimal(Decimal(x) - Decimal(y)) : .int(r)
    case (.multiply, .int(let x), .int(let y)):
      let (r, overflow) = x.multipliedReportingOverflow(by: y)
      return overflow ? .decimal(Decimal(x) * Decimal(y)) : .int(r)
    case (.floorDivide, .int(let x), .int(let y)), (.remainder, .int(let x), .int(let y)):
      guard y != 0 else { throw ValueError("division by zero") }
      guard !(x == Int.min && y == -1) else { throw ValueError("number too large") }
      let q = x / y
      let floor = (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q
      return op == .floorDivide ? .int(floor) : .int(x - floor * y)
    case (.add, .date(let d), .int(let n)), (.add, .int(let n), .date(let d)):
      return try shifted(d, n)
    case (.subtract, .date(let d), .int(let n)):
      guard n != Int.min else { throw ValueError("number too large") }
      return try shifted(d, -n)
    case (.subtract, .date(let x), .date(let y)): return .int(x.dayNumber - y.dayNumber)
    default: break
    }
    guard let x = a.numberValue, let y = b.numberValue else {
      throw ValueError("cannot apply '\(op.rawValue)' to \(a.typeName) and \(b.typeName)")
    }
    switch op {
    case .add: return .decimal(x + y)
    case .subtract: return .decimal(x - y)
    case .multiply: return .decimal(x * y)
    case .divide, .floorDivide:
      guard !y.isZero else { throw ValueError("division by zero") }
      let q = op == .divide ? x / y : DecimalFormat.floor(x / y)
      if case .int = a, case .int = b { return normalized(q) }
      return .decimal(q)
    default:
      throw ValueError("'%' needs whole numbers, not \(a.typeName) and \(b.typeName)")
    }
  }

  /// The error of a value beyond the value limit.
  static func tooLarge(_ limit: Int) -> ValueError {
    ValueError(
      "the value grows beyond \(size(limit)), the most a template may build (the value limit)")
  }

  /// A limit for messages: `64 MB`, or `10000 bytes` below a megabyte.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
    return bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
  }

  private static func shifted(_ d: LocalDate, _ days: Int) throws(ValueError) -> TemplateValue {
    guard abs(days) <= 3_650_000 else { throw ValueError("date out of range") }
    let moved = d.adding(days: days)
    guard moved.year >= 1, moved.year <= 9999 else { throw ValueError("date out of range") }
    return .date(moved)
  }

  /// A decimal result as an int when it is whole and fits, else as a decimal.
  static func normalized(_ d: Decimal) -> TemplateValue {
    if d.isNaN { return .decimal(d) }
    if d == DecimalFormat.floor(d), d.magnitude < Decimal(Int.max / 2) {
      return .int(NSDecimalNumber(decimal: d).intValue)
    }
    return .decimal(d)
  }
}

extension DecimalFormat {
  /// The largest whole number not above `value`.
  static func floor(_ value: Decimal) -> Decimal {
    var input = value
    var result = Decimal()
    NSDecimalRound(&result, &input, 0, .down)
    return result
  }
}
