/// Turns a template's tokens into its tree: nodes, blocks, macros and `extends`.
struct TemplateParser {
  /// The deepest nesting of tags (`if` in `for` in `block` ...) before parsing gives up.
  static let maxNesting = 100

  private let source: TemplateSource
  private let tokens: [TemplateToken]
  private var index = 0
  private var scanner: ContextScanner
  /// The filters expressions may use.
  private let filters: [String: TemplateFilter]
  private(set) var blocks: [String: [Node]] = [:]
  private(set) var macros: [String: TemplateMacro] = [:]
  private(set) var parent: (Expr, at: Int)?

  /// A parser for one template whose expressions may use `filters`.
  init(
    source: TemplateSource, tokens: [TemplateToken], format: OutputFormat,
    filters: [String: TemplateFilter]
  ) {
    self.source = source
    self.tokens = tokens
    self.scanner = ContextScanner(format: format)
    self.filters = filters
  }

  private static let tagNames = [
    "if", "elif", "else", "endif", "for", "endfor", "set", "include", "extends", "block",
    "endblock", "macro", "endmacro", "import", "raw", "endraw",
  ]

  /// The nodes up to one of `endTags` (returned with its parser), or to the end.
  mutating func parseNodes(
    until endTags: Set<String>, opener: (name: String, at: Int)?, nesting: Int
  ) throws(TemplateError) -> (nodes: [Node], end: String?, parser: ExpressionParser?) {
    guard nesting <= TemplateParser.maxNesting else {
      throw TemplateError(
        "tags nested too deeply (more than \(TemplateParser.maxNesting) levels)", in: source,
        at: opener?.at ?? 0)
    }
    var nodes: [Node] = []
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .text(let text):
        // Split where URL attribute values start and end.
        var from = 0
        let bytes = Array(text.utf8)
        for mark in scanner.feed(text) {
          if mark.offset > from {
            nodes.append(
              .text(
                String(decoding: bytes[from..<mark.offset], as: UTF8.self), at: token.offset))
          }
          nodes.append(.urlValue(starts: mark.starts, at: token.offset))
          from = mark.offset
        }
        if from == 0 {
          nodes.append(.text(text, at: token.offset))
        } else if from < bytes.count {
          nodes.append(.text(String(decoding: bytes[from...], as: UTF8.self), at: token.offset))
        }
      case .output:
        var p = ExpressionParser(source: source, tokens: token.tokens, filters: filters)
        let value = try p.parseExpression()
        try p.expectEnd("'}}'")
        let mode = scanner.modeForOutput()
        if scanner.takeValueStartedByOutput() {
          nodes.append(.urlValue(starts: true, at: token.offset))
        }
        nodes.append(.output(value, mode, at: token.offset))
      case .tag:
        var p = ExpressionParser(source: source, tokens: token.tokens, filters: filters)
        let nameToken = p.current
        let name = try p.name("a tag name (if, for, set, include, block ...)")
        if endTags.contains(name) { return (nodes, name, p) }
        // Another block's end while this one is open: say which one is still open.
        if let opener, Self.endWords.contains(name) {
          let ends = endTags.sorted().map { "'{% \($0) %}'" }.joined(separator: " or ")
          throw TemplateError(
            "unexpected '{% \(name) %}': the '\(opener.name)' before it is still open; close it with \(ends) first",
            in: source, at: nameToken.offset)
        }
        if let node = try parseTag(name, &p, at: nameToken.offset, nesting: nesting) {
          nodes.append(node)
        }
      }
    }
    if let opener, !endTags.isEmpty {
      let ends = endTags.sorted().map { "'{% \($0) %}'" }.joined(separator: " or ")
      throw TemplateError("unclosed '\(opener.name)'; expected \(ends)", in: source, at: opener.at)
    }
    return (nodes, nil, nil)
  }

  /// The tags that end or continue an opened one.
  static let endWords: Set<String> = [
    "elif", "else", "endif", "endfor", "endblock", "endmacro", "endraw",
  ]

  private mutating func parseTag(
    _ name: String, _ p: inout ExpressionParser, at: Int, nesting: Int
  ) throws(TemplateError) -> Node? {
    switch name {
    case "if": return try parseIf(&p, at: at, nesting: nesting)
    case "for": return try parseFor(&p, at: at, nesting: nesting)
    case "set":
      let variable = try p.name("a variable name after 'set'")
      try p.expect("=")
      let value = try p.parseExpression()
      try p.expectEnd("'%}'")
      return .assign(variable, value, at: at)
    case "include":
      let value = try p.parseExpression()
      try p.expectEnd("'%}'")
      return .include(value, at: at)
    case "import":
      let value = try p.parseExpression()
      guard p.isWord("as") else { throw p.error("expected 'as' after the template name") }
      p.advance()
      let alias = try p.name("a name after 'as'")
      try p.expectEnd("'%}'")
      return .importMacros(value, alias: alias, at: at)
    case "extends":
      guard nesting == 0, parent == nil else {
        throw TemplateError(
          "'extends' must be a top-level tag and appear only once", in: source, at: at)
      }
      let value = try p.parseExpression()
      try p.expectEnd("'%}'")
      parent = (value, at)
      return nil
    case "block": return try parseBlock(&p, at: at, nesting: nesting)
    case "macro":
      try parseMacro(&p, at: at, nesting: nesting)
      return nil
    default:
      if Self.endWords.contains(name) {
        throw TemplateError(
          "unexpected '\(name)' without a matching opening tag", in: source, at: at)
      }
      throw TemplateError(
        "unknown tag '\(name)'" + .didYouMean(name, in: TemplateParser.tagNames), in: source,
        at: at)
    }
  }

  private mutating func parseIf(
    _ p: inout ExpressionParser, at: Int, nesting: Int
  ) throws(TemplateError) -> Node {
    var branches: [(condition: Expr, body: [Node])] = []
    var condition = try p.parseExpression()
    try p.expectEnd("'%}'")
    while true {
      let part = try parseNodes(
        until: ["elif", "else", "endif"], opener: ("if", at), nesting: nesting + 1)
      branches.append((condition, part.nodes))
      guard var q = part.parser else { break }
      switch part.end {
      case "elif":
        condition = try q.parseExpression()
        try q.expectEnd("'%}'")
      case "else":
        try q.expectEnd("'%}'")
        let rest = try parseNodes(until: ["endif"], opener: ("if", at), nesting: nesting + 1)
        try rest.parser?.expectEnd("'%}'")
        return .conditional(branches, otherwise: rest.nodes, at: at)
      default:
        try q.expectEnd("'%}'")
        return .conditional(branches, otherwise: [], at: at)
      }
    }
    return .conditional(branches, otherwise: [], at: at)
  }

  private mutating func parseFor(
    _ p: inout ExpressionParser, at: Int, nesting: Int
  ) throws(TemplateError) -> Node {
    var names = [try p.name("a loop variable after 'for'")]
    if p.isSymbol(",") {
      p.advance()
      names.append(try p.name("a second loop variable after ','"))
    }
    guard p.isWord("in") else { throw p.error("expected 'in', found \(p.current.display)") }
    p.advance()
    // `for x in xs if x.done`: Jinja's loop filter, not an inline `if`.
    let sequence = try p.parseExpression(allowingCondition: false)
    var filter: Expr?
    if p.isWord("if") {
      p.advance()
      filter = try p.parseExpression()
    }
    try p.expectEnd("'%}'")
    let body = try parseNodes(until: ["else", "endfor"], opener: ("for", at), nesting: nesting + 1)
    try body.parser?.expectEnd("'%}'")
    var otherwise: [Node] = []
    if body.end == "else" {
      let rest = try parseNodes(until: ["endfor"], opener: ("for", at), nesting: nesting + 1)
      try rest.parser?.expectEnd("'%}'")
      otherwise = rest.nodes
    }
    return .loop(
      ForLoop(
        names: names, sequence: sequence, filter: filter, body: body.nodes, otherwise: otherwise,
        at: at))
  }

  private mutating func parseBlock(
    _ p: inout ExpressionParser, at: Int, nesting: Int
  ) throws(TemplateError) -> Node {
    let name = try p.name("a block name after 'block'")
    try p.expectEnd("'%}'")
    guard blocks[name] == nil else {
      throw TemplateError("block '\(name)' is defined twice", in: source, at: at)
    }
    let body = try parseNodes(until: ["endblock"], opener: ("block", at), nesting: nesting + 1)
    if var q = body.parser, case .identifier(let closing) = q.current.kind {
      guard closing == name else {
        throw q.error("'endblock \(closing)' closes block '\(name)'")
      }
      q.advance()
      try q.expectEnd("'%}'")
    }
    blocks[name] = body.nodes
    return .block(name, at: at)
  }

  private mutating func parseMacro(
    _ p: inout ExpressionParser, at: Int, nesting: Int
  ) throws(TemplateError) {
    let name = try p.name("a macro name after 'macro'")
    var parameters: [MacroParameter] = []
    try p.expect("(")
    while !p.isSymbol(")") {
      let parameter = try p.name("a parameter name")
      var value: Expr?
      if p.isSymbol("=") {
        p.advance()
        value = try p.parseExpression()
      }
      parameters.append(MacroParameter(name: parameter, defaultValue: value))
      if !p.isSymbol(")") { try p.expect(",", "',' or ')'") }
    }
    p.advance()
    try p.expectEnd("'%}'")
    guard macros[name] == nil else {
      throw TemplateError("macro '\(name)' is defined twice", in: source, at: at)
    }
    let body = try parseNodes(until: ["endmacro"], opener: ("macro", at), nesting: nesting + 1)
    try body.parser?.expectEnd("'%}'")
    macros[name] = TemplateMacro(
      name: name, parameters: parameters, body: body.nodes, templateName: source.name)
  }
}
