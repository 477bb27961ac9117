import Foundation

/// Parses the expression tokens of one `{{ }}` or `{% %}` by precedence climbing:
/// `if`-`else`, `or`, `and`, `not`, comparisons / `in` / `is`, `~`, `+ -`, `* / // %`,
/// unary `-`, then filters, member access, indexing and calls.
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
  mutating func parseExpression() throws(TemplateError) -> Expr {
    try enter()
    defer { depth -= 1 }
    let value = try parseBinary(level: 0)
    guard isWord("if") else { return value }
    advance()
    let condition = try parseBinary(level: 0)
    var otherwise: Expr?
    if isWord("else") {
      advance()
      otherwise = try parseExpression()
    }
    return .conditional(value, condition: condition, otherwise: otherwise)
  }

  private static let levels: [[String]] = [
    ["or"], ["and"], [], ["==", "!=", "<", "<=", ">", ">=", "in", "not", "is"], ["~"],
    ["+", "-"], ["*", "/", "//", "%"],
  ]

  private func operatorHere(level: Int) -> String? {
    let ops = ExpressionParser.levels[level]
    switch current.kind {
    case .identifier(let w) where ops.contains(w):
      if w == "not" {
        let next = tokens[min(position + 1, tokens.count - 1)]
        return next.kind == .identifier("in") ? "not in" : nil
      }
      return w
    case .symbol(let s) where ops.contains(s): return s
    default: return nil
    }
  }

  private mutating func parseBinary(level: Int) throws(TemplateError) -> Expr {
    if level == 2 { return try parseNot() }
    if level == ExpressionParser.levels.count { return try parseUnary() }
    var left = try parseBinary(level: level + 1)
    var chain = 0
    defer { depth -= chain }
    while let op = operatorHere(level: level) {
      let at = current.offset
      try enter()
      chain += 1
      advance()
      if op == "not in" { advance() }
      if op == "is" {
        left = try parseTest(left)
        continue
      }
      let right = try parseBinary(level: level + 1)
      guard let binary = BinaryOperator(rawValue: op) else {
        throw TemplateError("unknown operator '\(op)'", in: source, at: at)
      }
      left = .binary(binary, left, right, at: at)
    }
    return left
  }

  private mutating func parseNot() throws(TemplateError) -> Expr {
    guard isWord("not") else { return try parseBinary(level: 3) }
    let at = current.offset
    try enter()
    defer { depth -= 1 }
    advance()
    return .unary(.not, try parseNot(), at: at)
  }

  private mutating func parseTest(_ value: Expr) throws(TemplateError) -> Expr {
    var negated = false
    if isWord("not") {
      negated = true
      advance()
    }
    let token = current
    let name = try name("a test name after 'is' (defined, empty ...)")
    guard TemplateTests.names.contains(name) else {
      throw error(
        "unknown test '\(name)'" + .didYouMean(name, in: TemplateTests.names), at: token)
    }
    var arguments: [Argument] = []
    if isSymbol("(") { arguments = try parseArguments() }
    return .test(
      value, TestCall(name: name, arguments: arguments, at: token.offset), negated: negated)
  }

  private mutating func parseUnary() throws(TemplateError) -> Expr {
    guard isSymbol("-") || isSymbol("+") else { return try parsePostfix() }
    let at = current.offset
    let op: UnaryOperator = isSymbol("-") ? .negate : .plus
    try enter()
    defer { depth -= 1 }
    advance()
    return .unary(op, try parseUnary(), at: at)
  }

  private mutating func parsePostfix() throws(TemplateError) -> Expr {
    var value = try parsePrimary()
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
      } else if isSymbol("|") {
        advance()
        value = .filter(value, try parseFilter())
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
    let arguments = isSymbol("(") ? try parseArguments() : []
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
