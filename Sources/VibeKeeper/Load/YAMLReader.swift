import Yams

/// Parses YAML text into a `YAMLNode` tree with Yams' event parser (basic resolver, so
/// nothing is guessed), and turns libyaml's errors into diagnostics at file positions.
struct YAMLReader {
  /// The file name shown in diagnostics.
  let file: String
  /// Added to every line number (the front matter starts on line 2 of a Markdown file).
  let lineOffset: Int
  /// Nodes a document may expand to, so alias bombs cannot exhaust memory or time.
  var nodeBudget = 200_000

  /// Parses `yaml`; nil with diagnostics when it is not valid YAML.
  func read(_ yaml: Substring) -> (YAMLNode?, [Diagnostic]) {
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
    let root: Yams.Node?
    do {
      let parser = try Parser(yaml: String(yaml), resolver: .basic, encoding: .utf8)
      root = try parser.singleRoot()
    } catch let error as YamlError {
      return (nil, [diagnostic(for: error)])
    } catch {
      return (nil, [Diagnostic(.error, location(1, 1), "could not read YAML: \(error)")])
    }
    guard let root else { return (nil, []) }
    var budget = nodeBudget
    guard let node = convert(root, budget: &budget) else {
      return (
        nil,
        [
          Diagnostic(
            .error, location(1, 1), "the YAML expands to too many values",
            hint: "aliases (*name) that repeat large parts are not supported; write values out")
        ]
      )
    }
    if case .failure(let d) = node { return (nil, [d]) }
    if case .success(let n) = node { return (n, []) }
    return (nil, [])
  }

  private func location(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line + lineOffset, column: column)
  }

  private func convert(_ node: Yams.Node, budget: inout Int) -> Result<YAMLNode, Diagnostic>? {
    budget -= 1
    guard budget >= 0 else { return nil }
    let mark = node.mark.map { (line: $0.line, column: $0.column) } ?? (line: 1, column: 1)
    switch node {
    case .scalar(let s):
      return .success(
        .scalar(
          scalar(
            s.string, s.style == .plain, s.mark.map { (line: $0.line, column: $0.column) } ?? mark))
      )
    case .alias:
      return .failure(
        Diagnostic(.error, location(mark.line, mark.column), "YAML aliases are not supported here"))
    case .sequence(let seq):
      var items: [YAMLNode] = []
      items.reserveCapacity(seq.count)
      for child in seq {
        guard let c = convert(child, budget: &budget) else { return nil }
        switch c {
        case .success(let n): items.append(n)
        case .failure: return c
        }
      }
      return .success(.sequence(items, line: mark.line + lineOffset, column: mark.column))
    case .mapping(let map):
      var entries: [YAMLEntry] = []
      entries.reserveCapacity(map.count)
      for (k, v) in map {
        guard case .scalar(let ks) = k else {
          let km = k.mark.map { (line: $0.line, column: $0.column) } ?? mark
          return .failure(
            Diagnostic(
              .error, location(km.line, km.column), "a field name must be plain text",
              hint: "write `name: value` pairs"))
        }
        guard let value = convert(v, budget: &budget) else { return nil }
        switch value {
        case .success(let n):
          let km = ks.mark.map { (line: $0.line, column: $0.column) } ?? mark
          entries.append(YAMLEntry(key: scalar(ks.string, ks.style == .plain, km), value: n))
        case .failure: return value
        }
      }
      return .success(
        .mapping(YAMLMapping(entries: entries, line: mark.line + lineOffset, column: mark.column)))
    }
  }

  private func scalar(_ text: String, _ plain: Bool, _ mark: (line: Int, column: Int)) -> YAMLScalar
  {
    YAMLScalar(text: text, line: mark.line + lineOffset, column: mark.column, isPlain: plain)
  }

  private func diagnostic(for error: YamlError) -> Diagnostic {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var message = "invalid YAML: \(problem)"
      if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
      return Diagnostic(.error, location(mark.line, mark.column), message, hint: hint(for: problem))
    case .duplicatedKeysInMapping(let duplicates, let context):
      return Diagnostic(
        .error, location(context.mark.line, context.mark.column),
        "a field is given twice: \(duplicates.joined(separator: ", "))",
        hint: "keep one of them")
    case .reader(let problem, _, _, _):
      return Diagnostic(.error, location(1, 1), "invalid YAML: \(problem)")
    default:
      return Diagnostic(.error, location(1, 1), "invalid YAML: \(error)")
    }
  }

  private func hint(for problem: String) -> String? {
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
  private func tabIndentation(in yaml: Substring) -> (line: Int, column: Int)? {
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
