import Foundation

extension TemplateRenderer {
  /// The value of an expression; an undefined variable is an error under strict mode and
  /// null with a warning otherwise.
  mutating func eval(_ expr: Expr) throws(TemplateError) -> TemplateValue {
    switch expr {
    case .literal(let value): return value
    case .variable, .member, .index:
      if let value = try lookup(expr) { return value }
      return try undefined()
    case .list(let items):
      var values: [TemplateValue] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try eval(item)) }
      return .array(values)
    case .map(let pairs):
      var values: [String: TemplateValue] = [:]
      for pair in pairs { values[pair.key] = try eval(pair.value) }
      return .dictionary(values)
    case .unary(let op, let operand, let at):
      let value = try eval(operand)
      switch op {
      case .not: return .bool(!value.isTruthy)
      case .plus, .negate:
        if op == .negate, case .int(let i) = value, i != Int.min { return .int(-i) }
        guard let d = value.numberValue else {
          throw error("cannot apply '-' to \(value.typeName)", at: at)
        }
        return .decimal(op == .negate ? -d : d)
      }
    case .binary(let op, let left, let right, let at): return try binary(op, left, right, at)
    case .filter(let base, let call): return try applyFilter(base, call)
    case .test(let base, let call, let negated):
      return .bool(try runTest(base, call) != negated)
    case .call(let callee, let arguments, let at): return try call(callee, arguments, at)
    case .conditional(let value, let condition, let otherwise):
      if try eval(condition).isTruthy { return try eval(value) }
      return try otherwise.map { e throws(TemplateError) in try eval(e) } ?? .null
    }
  }

  /// Reports the last failed look-up: an error when strict, else a warning and null.
  mutating func undefined() throws(TemplateError) -> TemplateValue {
    let (message, at) = missing ?? ("undefined value", 0)
    if environment.strict { throw error(message, at: at) }
    let location = current.source.location(at)
    if warned.insert(location).inserted {
      warnings.append(Diagnostic(.warning, location, message))
    }
    return .null
  }

  /// A variable, member or index, or nil (with `missing` set) when it does not exist.
  mutating func lookup(_ expr: Expr) throws(TemplateError) -> TemplateValue? {
    switch expr {
    case .variable(let name, let at):
      for scope in scopes.reversed() {
        if let value = scope[name] { return value }
      }
      let known = Set(scopes.flatMap(\.keys)).sorted()
      missing = ("undefined variable '\(name)'" + .didYouMean(name, in: known), at)
      return nil
    case .member(let base, let name, let at):
      guard let container = try lookup(base) else { return nil }
      if let value = container.member(name) { return value }
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
      guard let container = try lookup(base) else { return nil }
      let index = try eval(indexExpr)
      switch (container, index) {
      case (.array(let items), .int(let i)):
        let position = i < 0 ? items.count + i : i
        if items.indices.contains(position) { return items[position] }
        missing = ("index \(i) is out of range for a list of \(items.count) items", at)
        return nil
      case (.string(let s), .int(let i)), (.safe(let s), .int(let i)):
        let characters = Array(s)
        let position = i < 0 ? characters.count + i : i
        if characters.indices.contains(position) { return .string(String(characters[position])) }
        missing = ("index \(i) is out of range for a string of \(characters.count) characters", at)
        return nil
      case (.dictionary, _), (.object, _):
        guard let key = index.stringValue else {
          throw error("a map is indexed by a string, not \(index.typeName)", at: at)
        }
        if let value = container.member(key) { return value }
        missing = ("\(describe(base)) has no key '\(key)'", at)
        return nil
      case (.null, _):
        missing = ("\(describe(base)) is none and cannot be indexed", at)
        return nil
      default:
        throw error("cannot index \(container.typeName) with \(index.typeName)", at: at)
      }
    default:
      return try eval(expr)
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
    let a = try eval(left)
    switch op {
    case .and: return a.isTruthy ? try eval(right) : a
    case .or: return a.isTruthy ? a : try eval(right)
    default: break
    }
    let b = try eval(right)
    do {
      switch op {
      case .equal: return .bool(ValueOperations.equals(a, b))
      case .notEqual: return .bool(!ValueOperations.equals(a, b))
      case .less: return .bool(try ValueOperations.compare(a, b) < 0)
      case .lessOrEqual: return .bool(try ValueOperations.compare(a, b) <= 0)
      case .greater: return .bool(try ValueOperations.compare(a, b) > 0)
      case .greaterOrEqual: return .bool(try ValueOperations.compare(a, b) >= 0)
      case .in: return .bool(try ValueOperations.contains(b, a))
      case .notIn: return .bool(!(try ValueOperations.contains(b, a)))
      case .concat:
        let text = a.text(environment.clock) + b.text(environment.clock)
        if case .safe = a, case .safe = b { return .safe(text) }
        return .string(text)
      default: return try ValueOperations.arithmetic(op, a, b)
      }
    } catch {
      throw self.error(error.message, at: at)
    }
  }

  mutating func arguments(_ list: [Argument]) throws(TemplateError) -> FilterArguments {
    var result = FilterArguments(positional: [], named: [:])
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

  private mutating func applyFilter(_ base: Expr, _ call: FilterCall) throws(TemplateError)
    -> TemplateValue
  {
    let value: TemplateValue
    if call.filter.acceptsUndefined {
      value = try lookup(base) ?? .null
    } else {
      value = try eval(base)
    }
    let args = try arguments(call.arguments)
    do {
      return try call.filter.apply(value, args, environment)
    } catch let e as ValueError {
      throw error(e.message, at: call.at)
    } catch {
      throw self.error("filter '\(call.name)' failed", at: call.at)
    }
  }

  private mutating func runTest(_ base: Expr, _ call: TestCall) throws(TemplateError) -> Bool {
    if call.name == "defined" || call.name == "undefined" {
      let found = try lookup(base) != nil
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
