import Foundation

/// Parses the expression tokens of one `{{ }}` or `{% %}` by precedence climbing:
/// `if`-`else`, `or`, `and`, `not`, comparison chains (`==` ... `in`), `~`, `+ -`,
/// `* / // %`, a sign, then member access, indexing and calls, then filters and `is` tests.
struct ExpressionParser {
  /// The deepest nesting of an expression before parsing gives up (no stack overflow).
  static let maxDepth = 64

  let source: TemplateSource
  let tokens: [ExprToken]
  /// The filters `|` may name.
  let filters: [String: TemplateFilter]
  var position: Int
  private var depth = 0

  /// A parser over `tokens`, starting at `position`, that knows `filters`.
  init(
    source: TemplateSource, tokens: [ExprToken], filters: [String: TemplateFilter],
    position: Int = 0
  ) {
    self.source = source
    self.tokens = tokens
    self.filters = filters
    self.position = position
  }

  /// The current token (the `end` token once everything is read).
  var current: ExprToken { tokens[min(position, tokens.count - 1)] }

  mutating func advance() { if position < tokens.count - 1 { position += 1 } }

  func error(_ message: String, at token: ExprToken? = nil) -> TemplateError {
    TemplateError(message, in: source, at: (token ?? current).offset)
  }

  /// Whether the current token is the identifier `word`.
  func isWord(_ word: String) -> Bool { current.kind == .identifier(word) }

  /// Whether the current token is the symbol `symbol`.
  func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

  /// Consumes the symbol or fails with "expected ...".
  mutating func expect(_ symbol: String, _ what: String? = nil) throws(TemplateError) {
    guard isSymbol(symbol) else {
      throw error("expected \(what ?? "'\(symbol)'"), found \(current.display)")
    }
    advance()
  }

  /// Consumes an identifier and returns it, or fails with "expected <what>".
  mutating func name(_ what: String) throws(TemplateError) -> String {
    guard case .identifier(let name) = current.kind else {
      throw error("expected \(what), found \(current.display)")
    }
    advance()
    return name
  }

  /// Fails unless all tokens are used.
  func expectEnd(_ what: String) throws(TemplateError) {
    guard current.kind == .end else {
      throw error("expected \(what), found \(current.display)")
    }
  }

  private mutating func enter() throws(TemplateError) {
    depth += 1
    if depth > ExpressionParser.maxDepth {
      throw error("expression nested too deeply (more than \(ExpressionParser.maxDepth) levels)")
    }
  }

  /// A whole expression, including `a if b else c`.
  mutating func parseExpression(allowingCondition: Bool = true) throws(TemplateError) -> Expr {
    try enter()
    defer { depth -= 1 }
    let value = try parseBinary(level: 0)
    guard allowingCondition, isWord("if") else { return value }
    advance()
    let condition = try parseBinary(level: 0)
    var otherwise: Expr?
    if isWord("else") {
      advance()
      otherwise = try parseExpression()
    }
    return .conditional(value, condition: condition, otherwise: otherwise)
  }

  /// The left-associative operators of each level, loosest first; level 2 is `not` and
  /// level 3 the comparison chain, which have parsers of their own.
  private static let levels: [[String]] = [
    ["or"], ["and"], [], [], ["~"], ["+", "-"], ["*", "/", "//", "%"],
  ]

  /// The operators of a comparison chain.
  private static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "in"]

  private func operatorHere(level: Int) -> String? {
    let ops = ExpressionParser.levels[level]
    switch current.kind {
    case .identifier(let w) where ops.contains(w): return w
    case .symbol(let s) where ops.contains(s): return s
    default: return nil
    }
  }

  /// The comparison operator at the current token (`not in` spans two), if any.
  private func comparisonHere() -> String? {
    switch current.kind {
    case .identifier("in"): return "in"
    case .identifier("not"):
      let next = tokens[min(position + 1, tokens.count - 1)]
      return next.kind == .identifier("in") ? "not in" : nil
    case .symbol(let s) where ExpressionParser.comparisons.contains(s): return s
    default: return nil
    }
  }

  private mutating func parseBinary(level: Int) throws(TemplateError) -> Expr {
    if level == 2 { return try parseNot() }
    if level == 3 { return try parseComparison() }
    if level == ExpressionParser.levels.count { return try parseUnary(withFilters: true) }
    var left = try parseBinary(level: level + 1)
    var chain = 0
    defer { depth -= chain }
    while let op = operatorHere(level: level) {
      let at = current.offset
      try enter()
      chain += 1
      advance()
      let right = try parseBinary(level: level + 1)
      guard let binary = BinaryOperator(rawValue: op) else {
        throw TemplateError("unknown operator '\(op)'", in: source, at: at)
      }
      left = .binary(binary, left, right, at: at)
    }
    return left
  }

  /// `a < b <= c`: a chain, each link compared with its left neighbour (as in Jinja).
  private mutating func parseComparison() throws(TemplateError) -> Expr {
    let first = try parseBinary(level: 4)
    var links: [Comparison] = []
    defer { depth -= links.count }
    while let op = comparisonHere() {
      let at = current.offset
      try enter()
      advance()
      if op == "not in" { advance() }
      guard let binary = BinaryOperator(rawValue: op) else {
        throw TemplateError("unknown operator '\(op)'", in: source, at: at)
      }
      links.append(Comparison(op: binary, value: try parseBinary(level: 4), at: at))
    }
    return links.isEmpty ? first : .compare(first, links)
  }

  private mutating func parseNot() throws(TemplateError) -> Expr {
    guard isWord("not") else { return try parseBinary(level: 3) }
    let at = current.offset
    try enter()
    defer { depth -= 1 }
    advance()
    return .unary(.not, try parseNot(), at: at)
  }

  /// The words that end a test without parentheses instead of being its argument.
  private static let keywords: Set<String> = ["if", "else", "and", "or", "not", "in", "is"]

  private mutating func parseTest(_ value: Expr) throws(TemplateError) -> Expr {
    var negated = false
    if isWord("not") {
      negated = true
      advance()
    }
    let token = current
    let name = try name("a test name after 'is' (defined, none, even ...)")
    guard TemplateTests.names.contains(name) else {
      throw error(
        "unknown test '\(name)'" + .didYouMean(name, in: TemplateTests.names), at: token)
    }
    var arguments: [Argument] = []
    switch current.kind {
    case .symbol("("): arguments = try parseArguments()
    case .identifier(let word) where ExpressionParser.keywords.contains(word): break
    case .identifier, .int, .decimal, .string, .symbol("["), .symbol("{"):
      // `x is divisibleby 3`: one argument without parentheses, as in Jinja.
      arguments = [Argument(name: nil, value: try parsePostfix(try parsePrimary()))]
    default: break
    }
    return .test(
      value, TestCall(name: name, arguments: arguments, at: token.offset), negated: negated)
  }

  /// A primary with its member accesses, indexes and calls, then (with `withFilters`) its
  /// filters and tests. A sign applies before the filters, as in Jinja: `-1 | abs` is 1.
  private mutating func parseUnary(withFilters: Bool) throws(TemplateError) -> Expr {
    var value: Expr
    if isSymbol("-") || isSymbol("+") {
      let at = current.offset
      let op: UnaryOperator = isSymbol("-") ? .negate : .plus
      try enter()
      defer { depth -= 1 }
      advance()
      value = .unary(op, try parseUnary(withFilters: false), at: at)
    } else {
      value = try parsePostfix(try parsePrimary())
    }
    return withFilters ? try parseFiltersAndTests(value) : value
  }

  /// `.name`, `[index]` and `(arguments)` after a primary.
  private mutating func parsePostfix(_ primary: Expr) throws(TemplateError) -> Expr {
    var value = primary
    var chain = 0
    defer { depth -= chain }
    while true {
      let at = current.offset
      if isSymbol(".") {
        advance()
        if case .int(let i) = current.kind {
          advance()
          value = .index(value, .literal(.int(i)), at: at)
        } else {
          let nameAt = current.offset
          value = .member(value, try name("a member name after '.'"), at: nameAt)
        }
      } else if isSymbol("[") {
        advance()
        let index = try parseExpression()
        try expect("]")
        value = .index(value, index, at: at)
      } else if isSymbol("(") {
        value = .call(value, try parseArguments(), at: at)
      } else {
        return value
      }
      try enter()
      chain += 1
    }
  }

  /// `| filter(...)` and `is test` after a value, any number of them, in order.
  private mutating func parseFiltersAndTests(_ base: Expr) throws(TemplateError) -> Expr {
    var value = base
    var chain = 0
    defer { depth -= chain }
    while true {
      if isSymbol("|") {
        advance()
        value = .filter(value, try parseFilter())
      } else if isWord("is") {
        advance()
        value = try parseTest(value)
      } else {
        return value
      }
      try enter()
      chain += 1
    }
  }

  private mutating func parseFilter() throws(TemplateError) -> FilterCall {
    let token = current
    let name = try name("a filter name after '|'")
    guard let filter = filters[name] else {
      let known = Array(filters.keys)
      throw error("unknown filter '\(name)'" + .didYouMean(name, in: known), at: token)
    }
    let given = isSymbol("(") ? try parseArguments() : []
    let arguments: [Argument]
    do {
      arguments = try filter.checked(given, name: name)
    } catch {
      throw self.error(error.message, at: token)
    }
    return FilterCall(name: name, filter: filter, arguments: arguments, at: token.offset)
  }

  /// `( a, b, name=c )`.
  mutating func parseArguments() throws(TemplateError) -> [Argument] {
    try expect("(")
    var arguments: [Argument] = []
    while !isSymbol(")") {
      if case .identifier(let key) = current.kind,
        tokens[min(position + 1, tokens.count - 1)].kind == .symbol("=")
      {
        advance()
        advance()
        arguments.append(Argument(name: key, value: try parseExpression()))
      } else {
        arguments.append(Argument(name: nil, value: try parseExpression()))
      }
      if !isSymbol(")") { try expect(",", "',' or ')'") }
    }
    advance()
    return arguments
  }

  private mutating func parsePrimary() throws(TemplateError) -> Expr {
    let token = current
    switch token.kind {
    case .int(let i):
      advance()
      return .literal(.int(i))
    case .decimal(let d):
      advance()
      return .literal(.decimal(d))
    case .string(let s):
      advance()
      return .literal(.string(s))
    case .identifier(let word):
      advance()
      switch word {
      case "true", "True": return .literal(.bool(true))
      case "false", "False": return .literal(.bool(false))
      case "none", "None", "null": return .literal(.null)
      default: return .variable(word, at: token.offset)
      }
    case .symbol("("):
      advance()
      let value = try parseExpression()
      try expect(")")
      return value
    case .symbol("["):
      advance()
      var items: [Expr] = []
      while !isSymbol("]") {
        items.append(try parseExpression())
        if !isSymbol("]") { try expect(",", "',' or ']'") }
      }
      advance()
      return .list(items)
    case .symbol("{"):
      advance()
      var pairs: [(key: String, value: Expr)] = []
      while !isSymbol("}") {
        let keyToken = current
        let key: String
        switch keyToken.kind {
        case .string(let s): key = s
        case .identifier(let s): key = s
        default: throw error("expected a key (a string), found \(keyToken.display)")
        }
        advance()
        try expect(":")
        pairs.append((key, try parseExpression()))
        if !isSymbol("}") { try expect(",", "',' or '}'") }
      }
      advance()
      return .map(pairs)
    case .end:
      throw error("expected an expression, found the end of the tag")
    default:
      throw error("expected an expression, found \(token.display)")
    }
  }
}
