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
  ///
  /// Lines are found on the UTF-8 bytes: a line feed is always a character boundary of its
  /// own, so this splits exactly where splitting the characters would.
  static func split(_ text: String) -> Result<FrontMatter, Problem> {
    let bytes = text.utf8
    var lineStart = bytes.startIndex
    var yamlStart: String.Index?
    while true {
      let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
      let line = bytes[lineStart..<lineEnd]
      let next = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
      if let yamlStart {
        if isFence(line, allowDots: true) {
          var body = String(text[next...])
          while body.hasPrefix("\n") { body.removeFirst() }
          return .success(
            FrontMatter(yaml: text[yamlStart..<lineStart], yamlFirstLine: 2, body: body))
        }
      } else {
        guard isFence(line, allowDots: false) else { return .failure(.noOpening) }
        yamlStart = next
      }
      guard lineEnd < bytes.endIndex else { return .failure(.noClosing) }
      lineStart = next
    }
  }

  /// Whether a line is `---` (or `...` when `allowDots`), ignoring trailing blanks.
  private static func isFence(_ line: Substring.UTF8View, allowDots: Bool) -> Bool {
    var l = line
    while let last = l.last, last == 0x20 || last == 0x09 { l.removeLast() }
    return l.elementsEqual("---".utf8) || (allowDots && l.elementsEqual("...".utf8))
  }
}
