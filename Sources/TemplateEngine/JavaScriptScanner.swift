/// Where JavaScript text is, as far as the escaping needs to know: in code, in a string
/// literal (`'…'`, `"…"`, or a template literal's text), or in a comment. A template
/// literal's `${…}` is code again until its `}`. Regular-expression literals are not told
/// apart from division (a quote inside one is taken as a string's start).
struct JavaScriptScanner: Sendable, Equatable {
  private enum Mode: Equatable {
    case code
    case string(Unicode.Scalar)
    case lineComment
    case blockComment
  }

  private var mode = Mode.code
  private var escaped = false
  private var previous: Unicode.Scalar = " "
  /// For each `${` open inside a template literal, the braces opened within it since.
  private var templates: [Int] = []

  /// Whether the text so far ends inside a string literal's content.
  var inString: Bool {
    if case .string = mode { return true }
    return false
  }

  /// Advances over one character of literal template text.
  mutating func step(_ c: Unicode.Scalar) {
    defer { previous = c }
    switch mode {
    case .lineComment:
      if c == "\n" || c == "\r" { mode = .code }
    case .blockComment:
      if previous == "*" && c == "/" {
        mode = .code
        previous = " "
      }
    case .string(let quote):
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == quote {
        mode = .code
      } else if quote == "`", previous == "$", c == "{" {
        templates.append(0)
        mode = .code
      }
    case .code:
      if c == "'" || c == "\"" || c == "`" {
        mode = .string(c)
        escaped = false
      } else if previous == "/" && c == "/" {
        mode = .lineComment
      } else if previous == "/" && c == "*" {
        mode = .blockComment
        previous = " "
        return
      } else if !templates.isEmpty, c == "{" {
        templates[templates.count - 1] += 1
      } else if let open = templates.last, c == "}" {
        if open == 0 {
          templates.removeLast()
          mode = .string("`")
        } else {
          templates[templates.count - 1] -= 1
        }
      }
    }
  }
}
