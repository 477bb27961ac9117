import Foundation

/// Cuts template source into text, `{{ }}` outputs and `{% %}` tags, tokenising the
/// expressions inside, dropping `{# #}` comments, copying `{% raw %}` blocks verbatim and
/// applying `-` whitespace control.
struct TemplateLexer {
  private let source: TemplateSource
  private let s: [Unicode.Scalar]
  private var i = 0
  private var tokens: [TemplateToken] = []
  private var trimNextText = false

  /// A lexer over one template's source.
  init(source: TemplateSource) {
    self.source = source
    self.s = source.scalars
  }

  /// The template's tokens, or the first lexical error.
  static func tokenize(_ source: TemplateSource) throws(TemplateError) -> [TemplateToken] {
    var lexer = TemplateLexer(source: source)
    try lexer.run()
    return lexer.tokens
  }

  private func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < s.count && s[k] == c }

  private mutating func run() throws(TemplateError) {
    var textStart = 0
    while i < s.count {
      guard s[i] == "{", i + 1 < s.count, s[i + 1] == "{" || s[i + 1] == "%" || s[i + 1] == "#"
      else {
        i += 1
        continue
      }
      let open = i
      let trimBefore = at(i + 2, "-")
      emitText(textStart, open, trimTrailing: trimBefore)
      switch s[i + 1] {
      case "#": try skipComment(open)
      case "{":
        i += trimBefore ? 3 : 2
        try lexExpression(open, closer: "}", kind: .output)
      default:
        i += trimBefore ? 3 : 2
        try lexExpression(open, closer: "%", kind: .tag)
        if case .identifier("raw") = tokens.last?.tokens.first?.kind {
          tokens.removeLast()
          try lexRaw(open)
        }
      }
      textStart = i
    }
    emitText(textStart, s.count, trimTrailing: false)
  }

  private mutating func emitText(_ start: Int, _ end: Int, trimTrailing: Bool) {
    var a = start
    var b = end
    if trimNextText { while a < b, s[a].properties.isWhitespace { a += 1 } }
    if trimTrailing { while b > a, s[b - 1].properties.isWhitespace { b -= 1 } }
    trimNextText = false
    guard a < b else { return }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: s[a..<b])
    tokens.append(TemplateToken(kind: .text(String(view)), offset: a))
  }

  private mutating func skipComment(_ open: Int) throws(TemplateError) {
    var k = open + 2
    while k + 1 < s.count {
      if s[k] == "#", s[k + 1] == "}" {
        // `{#-#}` trims only before: its one `-` belongs to the opening.
        trimNextText = s[k - 1] == "-" && k - 1 > open + (at(open + 2, "-") ? 2 : 1)
        i = k + 2
        return
      }
      k += 1
    }
    throw TemplateError("unclosed comment; expected '#}'", in: source, at: open)
  }

  /// Copies everything up to `{% endraw %}` as one text token.
  private mutating func lexRaw(_ open: Int) throws(TemplateError) {
    let start = i
    var k = i
    while k + 1 < s.count {
      if s[k] == "{", s[k + 1] == "%" {
        var j = k + 2
        let trimBefore = at(j, "-")
        if trimBefore { j += 1 }
        while j < s.count, s[j].properties.isWhitespace { j += 1 }
        let word = "endraw".unicodeScalars
        if j + word.count <= s.count, s[j..<(j + word.count)].elementsEqual(word) {
          j += word.count
          while j < s.count, s[j].properties.isWhitespace { j += 1 }
          let trimAfter = at(j, "-")
          if trimAfter { j += 1 }
          if at(j, "%"), at(j + 1, "}") {
            emitText(start, k, trimTrailing: trimBefore)
            i = j + 2
            trimNextText = trimAfter
            return
          }
        }
      }
      k += 1
    }
    throw TemplateError("unclosed 'raw'; expected '{% endraw %}'", in: source, at: open)
  }

  /// Tokenises an expression up to `}}` or `%}` (with an optional `-` before it).
  private mutating func lexExpression(
    _ open: Int, closer: Unicode.Scalar, kind: TemplateToken.Kind
  ) throws(TemplateError) {
    var list: [ExprToken] = []
    var braces = 0
    let name = closer == "}" ? "'{{'; expected '}}'" : "'{%'; expected '%}'"
    while true {
      while i < s.count, s[i].properties.isWhitespace { i += 1 }
      guard i < s.count else { throw TemplateError("unclosed \(name)", in: source, at: open) }
      let c = s[i]
      let closesHere = braces == 0 && c == closer && at(i + 1, "}")
      if closesHere || (c == "-" && braces == 0 && at(i + 1, closer) && at(i + 2, "}")) {
        list.append(ExprToken(kind: .end, offset: i))
        var token = TemplateToken(kind: kind, offset: open, tokens: list)
        token.endOffset = i
        tokens.append(token)
        trimNextText = c == "-"
        i += c == "-" ? 3 : 2
        return
      }
      if c == "{" { braces += 1 }
      if c == "}" { braces = max(0, braces - 1) }
      list.append(try lexToken())
      if list.count > 100_000 {
        throw TemplateError("expression too long", in: source, at: open)
      }
    }
  }

  private static let twoCharSymbols: Set<String> = ["==", "!=", "<=", ">=", "//"]

  private mutating func lexToken() throws(TemplateError) -> ExprToken {
    let start = i
    let c = s[i]
    if c == "\"" || c == "'" { return try lexString() }
    if c.properties.numericType != nil, c.isASCII { return lexNumber() }
    if c == "_" || (c.isASCII && c.properties.isAlphabetic) {
      var name = String.UnicodeScalarView()
      while i < s.count,
        s[i] == "_" || (s[i].isASCII && s[i].properties.isAlphabetic)
          || (s[i].isASCII && s[i].properties.numericType != nil)
      {
        name.append(s[i])
        i += 1
      }
      return ExprToken(kind: .identifier(String(name)), offset: start)
    }
    if i + 1 < s.count {
      let pair = String(String.UnicodeScalarView([c, s[i + 1]]))
      if TemplateLexer.twoCharSymbols.contains(pair) {
        i += 2
        return ExprToken(kind: .symbol(pair), offset: start)
      }
    }
    if "+-*/%~|.,:()[]{}<>=".unicodeScalars.contains(c) {
      i += 1
      return ExprToken(kind: .symbol(String(c)), offset: start)
    }
    let shown =
      c.properties.isWhitespace || c.value < 0x20 ? "U+\(String(c.value, radix: 16))" : "\(c)"
    throw TemplateError("unexpected character '\(shown)' in expression", in: source, at: start)
  }

  private mutating func lexNumber() -> ExprToken {
    let start = i
    var text = ""
    while i < s.count, s[i].isASCII, s[i].properties.numericType != nil {
      text.unicodeScalars.append(s[i])
      i += 1
    }
    var isDecimal = false
    if at(i, "."), i + 1 < s.count, s[i + 1].isASCII, s[i + 1].properties.numericType != nil {
      isDecimal = true
      text += "."
      i += 1
      while i < s.count, s[i].isASCII, s[i].properties.numericType != nil {
        text.unicodeScalars.append(s[i])
        i += 1
      }
    }
    if !isDecimal, let value = Int(text) { return ExprToken(kind: .int(value), offset: start) }
    let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal.nan
    return ExprToken(kind: .decimal(value), offset: start)
  }

  private mutating func lexString() throws(TemplateError) -> ExprToken {
    let start = i
    let quote = s[i]
    i += 1
    var out = String.UnicodeScalarView()
    while i < s.count {
      let c = s[i]
      if c == quote {
        i += 1
        return ExprToken(kind: .string(String(out)), offset: start)
      }
      if c == "\\", i + 1 < s.count {
        i += 1
        switch s[i] {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "\\", "'", "\"": out.append(s[i])
        case "x", "u", "U": out.append(try hexEscape())
        default:
          throw TemplateError(
            "unknown escape '\\\(s[i])' in a string; write '\\\\' for a backslash", in: source,
            at: i - 1)
        }
      } else {
        out.append(c)
      }
      i += 1
    }
    throw TemplateError("unclosed string; expected \(quote)", in: source, at: start)
  }

  /// The character of `\xHH`, `\uHHHH` or `\UHHHHHHHH` (Python's escapes), with `i` on
  /// the letter; leaves `i` on the last digit.
  private mutating func hexEscape() throws(TemplateError) -> Unicode.Scalar {
    let letter = s[i]
    let width = letter == "x" ? 2 : (letter == "u" ? 4 : 8)
    var value: UInt32 = 0
    for k in 1...width {
      guard i + k < s.count, s[i + k].isASCII, let digit = UInt32(String(s[i + k]), radix: 16)
      else {
        throw TemplateError(
          "'\\\(letter)' needs \(width) hexadecimal digits", in: source, at: i - 1)
      }
      value = value * 16 + digit
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw TemplateError(
        "'\\\(letter)' gives U+\(String(value, radix: 16, uppercase: true)), which is not a character",
        in: source, at: i - 1)
    }
    i += width
    return scalar
  }
}
