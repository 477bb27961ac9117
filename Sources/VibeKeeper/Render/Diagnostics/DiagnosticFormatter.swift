/// Writes diagnostics the way compilers do: `file:line:column: error: message`, the source
/// line with a caret under the column, then the hint. Colour is the caller's decision
/// (only on a terminal, never with NO_COLOR).
public struct DiagnosticFormatter: Sendable {
  /// Whether to use ANSI colours.
  public var color: Bool
  /// Returns a file's lines (by display path) to quote the offending line, when available.
  public var sourceLines: @Sendable (String) -> [Substring]?

  /// Creates a formatter.
  public init(color: Bool, sourceLines: @escaping @Sendable (String) -> [Substring]? = { _ in nil })
  {
    self.color = color
    self.sourceLines = sourceLines
  }

  /// One diagnostic, several lines, ending with a newline.
  public func format(_ d: Diagnostic) -> String {
    let label: String
    switch d.severity {
    case .error: label = paint("error:", "1;31")
    case .warning: label = paint("warning:", "1;35")
    case .note: label = paint("note:", "1;36")
    }
    // Everything from data is escaped: a control character never reaches the terminal, and
    // a line break never splits one diagnostic over several lines.
    var out =
      paint(TerminalText.escaped("\(d.location):"), "1") + " " + label + " "
      + paint(TerminalText.escaped(d.message), "1") + "\n"
    if let lines = sourceLines(d.location.file), d.location.line >= 1,
      d.location.line <= lines.count
    {
      let line = lines[d.location.line - 1]
      let shown = TerminalText.escaped(line)
      if shown.count <= 200 {
        let gutter = String(d.location.line)
        out += " \(gutter) | \(shown)\n"
        let pad = String(repeating: " ", count: max(0, min(d.location.column - 1, shown.count)))
        out +=
          " \(String(repeating: " ", count: gutter.count)) | \(pad)" + paint("^", "1;32") + "\n"
      }
    }
    if let related = d.related {
      out +=
        paint(TerminalText.escaped("\(related):"), "1") + " " + paint("note:", "1;36")
        + " see also here\n"
    }
    if let hint = d.hint {
      out += "  " + paint("hint:", "1;36") + " \(TerminalText.escaped(hint))\n"
    }
    return out
  }

  /// The closing count line: `2 errors, 1 warning`.
  public func summary(errors: Int, warnings: Int) -> String {
    func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
    return plural(errors, "error") + ", " + plural(warnings, "warning")
  }

  private func paint(_ s: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
  }
}
