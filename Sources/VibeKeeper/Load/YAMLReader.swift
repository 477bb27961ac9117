/// Parses YAML text into a `YAMLNode` tree with libyaml's event parser (`YAMLComposer`;
/// nothing is guessed), and turns its errors into diagnostics at file positions.
struct YAMLReader {
  /// The file name shown in diagnostics.
  let file: String
  /// Added to every line number (the front matter starts on line 2 of a Markdown file).
  let lineOffset: Int
  /// Nodes a document may expand to at least, so alias bombs cannot exhaust memory or time.
  /// A larger document may have one node for every two bytes, which no document without
  /// aliases reaches (a decade of purchases in one list file is about 400,000 nodes).
  var nodeBudget = 200_000
  /// Keep a mapping whose key is given twice (every entry, in order) instead of failing the
  /// whole document: a record file's records are read by `RecordFields`, which reports the
  /// repeated field at that record, so one record's mistake never drops the others.
  var keepsDuplicates = false

  /// How the diagnostic of a document whose aliases expand too far begins.
  static let expandsTooFar = "the YAML expands to more than"

  /// Parses `yaml`; nil with diagnostics when it is not valid YAML.
  func read(_ yaml: Substring) -> (YAMLNode?, [Diagnostic]) {
    if let hidden = hiddenBreak(in: yaml) {
      // libyaml breaks the line there (YAML 1.1), where no editor shows a break: text
      // after it in a comment or a value would be read as a line of its own.
      return (
        nil,
        [
          Diagnostic(
            .error, location(hidden.line, hidden.column),
            "U+\(String(hidden.scalar.value, radix: 16, uppercase: true)) (\(hidden.name)) is in this line: YAML reads a line break there, which editors do not show",
            hint: "remove it; in a double-quoted value, write it as \\\(hidden.escape)")
        ]
      )
    }
    if let tab = tabIndentation(in: yaml) {
      return (
        nil,
        [
          Diagnostic(
            .error, location(tab.line, tab.column), "a tab is used for indentation",
            hint: "YAML indents with spaces; replace the tab with spaces")
        ]
      )
    }
    let budget = max(nodeBudget, yaml.utf8.count / 2)
    var composer = YAMLComposer(nodeBudget: budget, lineOffset: lineOffset)
    composer.keepsDuplicates = keepsDuplicates
    switch composer.compose(String(yaml)) {
    case .success(let node):
      return (node, [])
    case .failure(.yaml(let problem)):
      return (nil, [diagnostic(for: problem, in: yaml)])
    case .failure(.keyNotText(let line, let column)):
      return (
        nil,
        [
          Diagnostic(
            .error, SourceLocation(file: file, line: line, column: column),
            "a field name must be plain text", hint: "write `name: value` pairs")
        ]
      )
    case .failure(.tooManyNodes):
      return (
        nil,
        [
          Diagnostic(
            .error, location(1, 1),
            Self.expandsTooFar + " \(budget) values, the limit for a file of its size",
            hint:
              "its aliases (*name) repeat large parts again and again; write the values out, "
              + "or split the file")
        ]
      )
    }
  }

  private func location(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line + lineOffset, column: column)
  }

  private func diagnostic(for problem: YAMLComposer.YAMLProblem, in yaml: Substring) -> Diagnostic {
    switch problem {
    case .syntax(let problem, let line, let column, let context):
      if problem.hasPrefix("Maximum nesting level reached") {
        // libyaml names its own function here; say what it means instead.
        return Diagnostic(
          .error, location(line, column), "invalid YAML: nested too deeply",
          hint: "lists and mappings may nest at most 1,000 levels; flatten the data")
      }
      var message = "invalid YAML: \(problem)"
      if let context { message += " (\(context.text) at line \(context.line + lineOffset))" }
      return Diagnostic(
        .error, location(line, column), message, hint: hint(for: problem, line: line, in: yaml))
    case .duplicateKeys(let duplicates, let line, let column):
      return Diagnostic(
        .error, location(line, column),
        "a field is given twice: \(duplicates.joined(separator: ", "))",
        hint: "keep one of them")
    case .reader(let problem, let offset):
      let (line, column) = Self.position(ofByte: offset, in: yaml)
      return Diagnostic(.error, location(line, column), "invalid YAML: \(problem)")
    case .memory:
      return Diagnostic(.error, location(1, 1), "invalid YAML: Memory error")
    }
  }

  /// The line and column (in characters) of the byte at `offset` of `text`, both from 1:
  /// where libyaml's reader found a character it does not allow.
  static func position(ofByte offset: Int, in text: Substring) -> (line: Int, column: Int) {
    let utf8 = text.utf8
    let end = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
    let before = text[..<end]
    let line = before.utf8.count { $0 == 0x0A } + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return (line, text[lineStart..<end].count + 1)
  }

  /// Whether line `n` of `yaml` is indented further than the fields of the line before it,
  /// which holds a value (`name: B` under `- date: …` at one space too many): libyaml then
  /// says "mapping values are not allowed", as for an unquoted `: ` in a value.
  static func isOverIndented(_ n: Int, in yaml: Substring) -> Bool {
    let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
    guard n >= 2, n <= lines.count else { return false }
    func indent(_ l: Substring) -> Int { l.prefix { $0 == " " }.count }
    let current = lines[n - 1]
    guard
      let previous = lines[..<(n - 1)].last(where: {
        !$0.allSatisfy(\.isWhitespace) && !$0.drop { $0 == " " }.hasPrefix("#")
      })
    else { return false }
    let rest = previous.drop { $0 == " " }
    let fields = indent(previous) + (rest.hasPrefix("- ") ? 2 : 0)
    let trimmed = previous.trimmingCharacters(in: .whitespacesAndNewlines)
    return indent(current) > fields && !trimmed.hasSuffix(":") && trimmed.contains(": ")
  }

  /// A hint for one of libyaml's problems at line `line` of `yaml`, when there is a useful
  /// one.
  func hint(for problem: String, line: Int, in yaml: Substring) -> String? {
    if problem.contains("mapping values are not allowed"), Self.isOverIndented(line, in: yaml) {
      return
        "check the indentation: this line is indented further than the field before it, so it reads as part of that field's value; line it up with the other fields of the record"
    }
    if problem.contains("mapping values are not allowed") {
      return "a value that contains ': ' must be quoted, e.g. title: \"Note: buy milk\""
    }
    if problem.contains("did not find expected key") || problem.contains("expected <block end>") {
      return "check the indentation: fields of one record line up in the same column"
    }
    if problem.contains("found character that cannot start any token") {
      return "quote values that start with @, ` or %"
    }
    if problem.contains("found unexpected end of stream") {
      return "a quote or bracket is opened but never closed"
    }
    return nil
  }

  /// The first tab in a line's leading whitespace, where libyaml would fail obscurely.
  /// The first U+0085, U+2028 or U+2029: characters YAML 1.1 reads as line breaks and
  /// editors show as none.
  func hiddenBreak(in yaml: Substring) -> (
    line: Int, column: Int, scalar: Unicode.Scalar, name: String, escape: String
  )? {
    // Looked for in the bytes first (C2 85, E2 80 A8, E2 80 A9): text with `€` or `—`
    // has the same lead bytes and none of these.
    var (before, last): (UInt8, UInt8) = (0, 0)
    var seen = false
    for byte in yaml.utf8 {
      if (last == 0xC2 && byte == 0x85)
        || (before == 0xE2 && last == 0x80 && (byte == 0xA8 || byte == 0xA9))
      {
        seen = true
        break
      }
      (before, last) = (last, byte)
    }
    guard seen else { return nil }
    var line = 1
    var column = 1
    for ch in yaml.unicodeScalars {
      switch ch {
      case "\n":
        line += 1
        column = 1
        continue
      case "\u{85}": return (line, column, ch, "next line", "N")
      case "\u{2028}": return (line, column, ch, "line separator", "L")
      case "\u{2029}": return (line, column, ch, "paragraph separator", "P")
      default: column += 1
      }
    }
    return nil
  }

  func tabIndentation(in yaml: Substring) -> (line: Int, column: Int)? {
    guard yaml.utf8.contains(0x09) else { return nil }
    var line = 1
    var atLineStart = true
    var column = 1
    for ch in yaml.unicodeScalars {
      if ch == "\n" {
        line += 1
        column = 1
        atLineStart = true
        continue
      }
      if atLineStart {
        if ch == "\t" { return (line, column) }
        if ch != " " && ch != "-" { atLineStart = false }
      }
      column += 1
    }
    return nil
  }
}
