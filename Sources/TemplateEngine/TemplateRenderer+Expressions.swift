import Foundation
import VibeBasics

extension TemplateRenderer {
  /// The value of an expression; an undefined variable is an error under strict mode and
  /// null with a warning otherwise.
  mutating func eval(_ expr: Expr) throws(TemplateError) -> TemplateValue {
    switch expr {
    case .literal(let value): return value
    case .variable, .member, .index:
      if let (value, origin) = try lookup(expr) {
        origin?.readAll()
        return value
      }
      return try undefined()
    case .list(let items):
      var values: [TemplateValue] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try eval(item)) }
      return try built(.array(values), at: items.first.map(offset) ?? 0)
    case .map(let pairs):
      var values: [String: TemplateValue] = [:]
      for pair in pairs { values[pair.key] = try eval(pair.value) }
      return try built(.dictionary(values), at: pairs.first.map { offset($0.value) } ?? 0)
    case .unary(let op, let operand, let at):
      let value = try eval(operand)
      switch op {
      case .not: return .bool(!value.isTruthy)
      case .plus, .negate:
        if case .int(let i) = value, i != Int.min { return .int(op == .negate ? -i : i) }
        guard let d = value.numberValue else {
          throw error("cannot apply '\(op == .negate ? "-" : "+")' to \(value.typeName)", at: at)
        }
        return .decimal(op == .negate ? -d : d)
      }
    case .binary(let op, let left, let right, let at): return try binary(op, left, right, at)
    case .compare(let first, let links): return .bool(try compare(first, links))
    case .filter(let base, let call):
      let (value, origin) = try applyFilter(base, call)
      origin?.readAll()
      return value
    case .test(let base, let call, let negated):
      return .bool(try runTest(base, call) != negated)
    case .call(let callee, let arguments, let at): return try call(callee, arguments, at)
    case .conditional(let value, let condition, let otherwise):
      if try truth(condition) { return try eval(value) }
      return try otherwise.map { e throws(TemplateError) in try eval(e) } ?? .null
    }
  }

  /// Reports the last failed look-up: an error when strict, else a warning and null.
  mutating func undefined() throws(TemplateError) -> TemplateValue {
    let (message, at) = missing ?? ("undefined value", 0)
    if environment.strict { throw error(message, at: at) }
    undefinedCount += 1
    lastUndefined = message
    let location = current.source.location(at)
    if warned.insert(location).inserted {
      warnings.append(Diagnostic(.warning, location, message))
    }
    return .null
  }

  /// The value of an expression and, when it is a path into the context (a variable,
  /// member or index), that path's read node, without marking the value as read; `reading`
  /// is marked instead (nothing, `ReadNode.shape`). An undefined path is handled like `eval`.
  mutating func evalKeepingOrigin(_ expr: Expr, reading flags: UInt8 = 0) throws(TemplateError)
    -> (TemplateValue, ReadNode?)
  {
    switch expr {
    case .variable, .member, .index:
      guard let (value, origin) = try lookup(expr) else { return (try undefined(), nil) }
      if let origin {
        if flags & ReadNode.shape != 0 { origin.readTruth(of: value) }
      }
      return (value, origin)
    case .filter(let base, let call) where call.filter.picksElements:
      let (value, origin) = try applyFilter(base, call)
      if let origin, flags & ReadNode.shape != 0 { origin.readTruth(of: value) }
      return (value, origin)
    default:
      return (try eval(expr), nil)
    }
  }

  /// Whether a condition holds; a path into the context is read only as far as its truth
  /// needs (a list's emptiness, not its elements).
  mutating func truth(_ expr: Expr) throws(TemplateError) -> Bool {
    try evalKeepingOrigin(expr, reading: ReadNode.shape).0.isTruthy
  }

  /// A variable, member or index with its read node (nil when not from the context), or
  /// nil (with `missing` set) when it does not exist.
  mutating func lookup(_ expr: Expr) throws(TemplateError) -> (TemplateValue, ReadNode?)? {
    switch expr {
    case .variable(let name, let at):
      if let found = scopes.lookup(name) { return found }
      if let reads {
        _ = reads.member(name)
        reads.readShape()  // the hint below lists the context's names
      }
      let known = scopes.names.sorted()
      missing = ("undefined variable '\(name)'" + .didYouMean(name, in: known), at)
      return nil
    case .member(let base, let name, let at):
      guard let (container, origin) = try lookup(base) else { return nil }
      if let value = container.member(name) { return (value, origin?.member(name)) }
      if let origin {
        _ = origin.member(name)
        origin.readShape()  // the hint lists the members
      }
      let described = describe(base)
      switch container {
      case .dictionary, .object:
        let hint = String.didYouMean(name, in: container.memberNames)
        missing = ("\(described) has no member '\(name)'" + hint, at)
      default:
        missing = ("\(described) is \(container.typeName), it has no member '\(name)'", at)
      }
      return nil
    case .index(let base, let indexExpr, let at):
      guard let (container, origin) = try lookup(base) else { return nil }
      let index = try eval(indexExpr)
      return try lookup(index: index, in: container, origin: origin, of: base, at: at)
    default:
      return (try eval(expr), nil)
    }
  }

  /// `base[index]` once `base` is found: an element of a list, a character of a string or
  /// a value of a map, with its read node; nil (with `missing` set) when there is none.
  mutating func lookup(
    index: TemplateValue, in container: TemplateValue, origin: ReadNode?, of base: Expr,
    at: Int
  ) throws(TemplateError) -> (TemplateValue, ReadNode?)? {
    switch (container, index) {
    case (.array(let items), .int(let i)):
      origin?.readShape()
      let position = i < 0 ? items.count + i : i
      if items.indices.contains(position) { return (items[position], origin?.index(position)) }
      missing = ("index \(i) is out of range for a list of \(items.count) items", at)
      return nil
    case (.string(let s), .int(let i)), (.safe(let s), .int(let i)):
      origin?.readAll()
      let characters = Array(s)
      let position = i < 0 ? characters.count + i : i
      if characters.indices.contains(position) {
        return (.string(String(characters[position])), nil)
      }
      missing = ("index \(i) is out of range for a string of \(characters.count) characters", at)
      return nil
    case (.dictionary, _), (.object, _):
      guard let key = index.stringValue else {
        throw error("a map is indexed by a string, not \(index.typeName)", at: at)
      }
      if let value = container.member(key) { return (value, origin?.member(key)) }
      if let origin {
        _ = origin.member(key)
        origin.readShape()
      }
      missing = ("\(describe(base)) has no key '\(key)'", at)
      return nil
    case (.null, _):
      origin?.readAll()
      missing = ("\(describe(base)) is none and cannot be indexed", at)
      return nil
    default:
      origin?.readAll()
      throw error("cannot index \(container.typeName) with \(index.typeName)", at: at)
    }
  }

  /// `gift.recipient` for a variable path, else "the value".
  func describe(_ expr: Expr) -> String {
    switch expr {
    case .variable(let name, _): return "'\(name)'"
    case .member(let base, let name, _):
      let inner = describe(base)
      return inner.hasPrefix("'") ? "'\(inner.dropFirst().dropLast()).\(name)'" : inner
    default: return "the value"
    }
  }

  private mutating func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ at: Int)
    throws(TemplateError) -> TemplateValue
  {
    let before = undefinedCount
    let a = try eval(left)
    switch op {
    case .and: return a.isTruthy ? try eval(right) : a
    case .or: return a.isTruthy ? a : try eval(right)
    default: break
    }
    let b = try eval(right)
    do throws(ValueError) {
      let limit = environment.maxValueBytes
      // Two texts joined by `+` are joined as by `~`, safe markup included.
      let texts = op == .add && a.stringValue != nil && b.stringValue != nil
      let result =
        op == .concat || texts
        ? try concat(a, b) : try ValueOperations.arithmetic(op, a, b, limit: limit)
      try account(result)
      return result
    } catch {
      throw self.error(error.message + undefinedNote(a, b, since: before), at: at)
    }
  }

  /// `a ~ b`: the texts joined. When one side is safe markup the other is escaped for the
  /// format and the result stays safe (Jinja's `Markup + str`).
  private func concat(_ a: TemplateValue, _ b: TemplateValue) throws(ValueError)
    -> TemplateValue
  {
    let clock = environment.clock
    let format = current.format
    var markup = a.isSafe && b.isSafe
    if !markup, Escaping.keepsMarkup(format) { markup = a.isSafe || b.isSafe }
    let x = markup ? Escaping.markup(a, format, clock) : a.text(clock)
    let y = markup ? Escaping.markup(b, format, clock) : b.text(clock)
    guard x.utf8.count + y.utf8.count <= environment.maxValueBytes else {
      throw ValueError(Self.tooLarge(environment))
    }
    return markup ? .safe(x + y) : .string(x + y)
  }

  /// A comparison chain: `a < b < c` holds when `a < b` and `b < c` (each operand evaluated
  /// once, from the left, stopping at the first link that fails).
  private mutating func compare(_ first: Expr, _ links: [Comparison]) throws(TemplateError)
    -> Bool
  {
    var before = undefinedCount
    var left = try eval(first)
    for link in links {
      let middle = undefinedCount
      let right = try eval(link.value)
      let holds: Bool
      do throws(ValueError) {
        holds = try ValueOperations.holds(link.op, left, right)
      } catch {
        throw self.error(error.message + undefinedNote(left, right, since: before), at: link.at)
      }
      guard holds else { return false }
      left = right
      before = middle
    }
    return true
  }

  /// In lenient mode, why an operand that failed an operation is none: the look-up that
  /// found nothing while the operands were evaluated (its did-you-mean included).
  private func undefinedNote(_ a: TemplateValue, _ b: TemplateValue, since count: Int) -> String {
    guard undefinedCount != count, let lastUndefined else { return "" }
    if case .null = a { return " (\(lastUndefined))" }
    if case .null = b { return " (\(lastUndefined))" }
    return ""
  }

  /// Counts a value the template built against the value limit (its own size) and the build
  /// limit (everything built in this render).
  mutating func account(_ value: TemplateValue) throws(ValueError) {
    let size: Int
    switch value {
    case .string(let s), .safe(let s): size = s.utf8.count
    case .array(let items): size = items.count * 16
    default: return
    }
    if size > environment.maxValueBytes { throw ValueError(Self.tooLarge(environment)) }
    try countBuilt(size)
  }

  /// `account`, with a failure as an error at `at`.
  mutating func account(_ value: TemplateValue, at: Int) throws(TemplateError) {
    do {
      try account(value)
    } catch {
      throw self.error(error.message, at: at)
    }
  }

  /// Adds `size` bytes to what this render built, against the build limit.
  private mutating func countBuilt(_ size: Int) throws(ValueError) {
    builtBytes += size
    guard builtBytes > environment.maxBuiltBytes else { return }
    throw ValueError(
      "the template builds more than \(ValueOperations.size(environment.maxBuiltBytes)) of"
        + " values in all (the build limit)")
  }

  /// A list or map a template wrote as a literal, checked with what it holds: nested lists
  /// that would print as more than the value limit, or nest deeper than 32, are refused
  /// (`{% set l = [l, l] %}` thirty times prints as gigabytes).
  private mutating func built(_ value: TemplateValue, at: Int) throws(TemplateError)
    -> TemplateValue
  {
    var budget = environment.maxValueBytes
    do throws(ValueError) {
      try Self.weigh(value, budget: &budget, depth: 0)
      if budget < 0 { throw ValueError(Self.tooLarge(environment)) }
      try countBuilt(environment.maxValueBytes - budget)
    } catch {
      throw self.error(error.message, at: at)
    }
    return value
  }

  private static func weigh(_ value: TemplateValue, budget: inout Int, depth: Int)
    throws(ValueError)
  {
    switch value {
    case .string(let s), .safe(let s): budget -= s.utf8.count + 2
    case .array(let items):
      guard depth < 32 else { throw ValueError("lists and maps nest more than 32 deep") }
      budget -= 16
      for item in items where budget >= 0 { try weigh(item, budget: &budget, depth: depth + 1) }
    case .dictionary(let map):
      guard depth < 32 else { throw ValueError("lists and maps nest more than 32 deep") }
      budget -= 16
      for (key, item) in map where budget >= 0 {
        budget -= key.utf8.count
        try weigh(item, budget: &budget, depth: depth + 1)
      }
    default: budget -= 16
    }
  }

  /// The offset of an expression, for errors about the value it gives.
  func offset(_ expr: Expr) -> Int {
    switch expr {
    case .variable(_, let at), .member(_, _, let at), .index(_, _, let at), .unary(_, _, let at),
      .binary(_, _, _, let at), .call(_, _, let at):
      return at
    case .filter(_, let call): return call.at
    case .test(_, let call, _): return call.at
    case .compare(let first, _), .conditional(let first, _, _): return offset(first)
    case .list(let items): return items.first.map(offset) ?? 0
    case .map(let pairs): return pairs.first.map { offset($0.value) } ?? 0
    case .literal: return 0
    }
  }

  static func tooLarge(_ environment: RenderEnvironment) -> String {
    ValueOperations.tooLarge(environment.maxValueBytes).message
  }

  /// Evaluates call arguments, each with its read node (for macro parameters).
  mutating func trackedArguments(_ list: [Argument]) throws(TemplateError) -> (
    positional: [(TemplateValue, ReadNode?)], named: [String: (TemplateValue, ReadNode?)]
  ) {
    var positional: [(TemplateValue, ReadNode?)] = []
    positional.reserveCapacity(list.count)
    var named: [String: (TemplateValue, ReadNode?)] = [:]
    for argument in list {
      let value = try evalKeepingOrigin(argument.value)
      if let name = argument.name {
        named[name] = value
      } else {
        positional.append(value)
      }
    }
    return (positional, named)
  }

  mutating func arguments(_ list: [Argument]) throws(TemplateError) -> FilterArguments {
    var result = FilterArguments(positional: [], named: [:], format: current.format)
    for argument in list {
      let value = try eval(argument.value)
      if let name = argument.name {
        result.named[name] = value
      } else {
        result.positional.append(value)
      }
    }
    return result
  }

  /// Applies a filter. A filter that picks elements of a list read from the context
  /// (`where`, `sort`, `limit`, `first`, …) reads only the list's length and the member it
  /// compares; its result keeps the elements' path, so a page that lists the picked gifts'
  /// titles does not depend on their descriptions.
  mutating func applyFilter(_ base: Expr, _ call: FilterCall) throws(TemplateError)
    -> (TemplateValue, ReadNode?)
  {
    let value: TemplateValue
    var origin: ReadNode?
    if call.filter.acceptsUndefined {
      let found = try lookup(base)
      found?.1?.readAll()
      value = found?.0 ?? .null
    } else {
      switch call.filter.reads {
      case .whole: value = try eval(base)
      case .length: value = try evalKeepingOrigin(base, reading: ReadNode.shape).0
      case .pick: (value, origin) = try evalKeepingOrigin(base)
      }
    }
    if call.filter.readsToday { readsToday = true }
    let args = try arguments(call.arguments)
    let result: TemplateValue
    do {
      result = try call.filter.apply(value, args, environment)
      try account(result)
    } catch let e as ValueError {
      origin?.readAll()
      throw error(e.message, at: call.at)
    } catch {
      origin?.readAll()
      throw self.error("filter '\(call.name)' failed", at: call.at)
    }
    guard let origin else { return (result, nil) }
    guard case .array = value else {
      origin.readAll()
      return (result, nil)
    }
    return (result, pickedOrigin(call.filter.reads, of: origin, args: args, result: result))
  }

  /// Records what a filter that picks elements read of the list at `origin` and gives its
  /// result's path: one of the list's elements, or a list of some of them.
  private func pickedOrigin(
    _ reads: FilterReads, of origin: ReadNode, args: FilterArguments, result: TemplateValue
  ) -> ReadNode? {
    guard case .pick(let comparingKey, let single) = reads else { return nil }
    origin.readShape()
    let elements = origin.everyElement()
    if comparingKey {
      let key = args.value(0, "key")?.stringValue ?? ""
      let parts = key.split(separator: ".", omittingEmptySubsequences: false)
      if key.isEmpty || parts.contains(where: { $0.isEmpty || Int($0) != nil }) {
        elements.readAll()  // compared whole, or through list positions
      } else {
        var node = elements
        for part in parts { node = node.member(String(part)) }
        node.readAll()
      }
    }
    if single { return elements }
    guard case .array = result else { return nil }
    return ReadNode(elementsOf: elements)
  }

  private mutating func runTest(_ base: Expr, _ call: TestCall) throws(TemplateError) -> Bool {
    if call.name == "defined" || call.name == "undefined" {
      let found = try lookup(base) != nil  // records only that the path was looked up
      return found == (call.name == "defined")
    }
    let value = try eval(base)
    let args = try arguments(call.arguments).positional
    do {
      return try TemplateTests.run(call.name, value, args)
    } catch {
      throw self.error(error.message, at: call.at)
    }
  }
}
