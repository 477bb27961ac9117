/// A Markdown record split into its YAML front matter and its body.
struct FrontMatter {
  /// The YAML between the `---` lines.
  let yaml: Substring
  /// The file line on which the YAML starts (1-based), to map YAML positions back.
  let yamlFirstLine: Int
  /// The Markdown after the closing `---`, without its leading blank lines.
  let body: String

  /// Why a Markdown file could not be split.
  enum Problem: Error {
    case noOpening
    case noClosing
  }

  /// Splits `text` at a first line `---` and the next line that is `---` or `...`.
  static func split(_ text: String) -> Result<FrontMatter, Problem> {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
    guard let first = lines.next(), isFence(first, allowDots: false) else {
      return .failure(.noOpening)
    }
    let yamlStart =
      first.endIndex < text.endIndex ? text.index(after: first.endIndex) : first.endIndex
    while let line = lines.next() {
      if isFence(line, allowDots: true) {
        let yaml = text[yamlStart..<line.startIndex]
        var bodyStart = line.endIndex
        if bodyStart < text.endIndex { bodyStart = text.index(after: bodyStart) }
        var body = String(text[bodyStart...])
        while body.hasPrefix("\n") { body.removeFirst() }
        return .success(FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body))
      }
    }
    return .failure(.noClosing)
  }

  private static func isFence(_ line: Substring, allowDots: Bool) -> Bool {
    var l = line
    while let last = l.last, last == " " || last == "\t" { l.removeLast() }
    return l == "---" || (allowDots && l == "...")
  }
}
