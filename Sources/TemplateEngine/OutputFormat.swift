/// What a template produces, chosen from its file extension; it decides how `{{ }}` values
/// are escaped and how the finished text is written.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// `.html`, `.htm`: values escaped for their place in the markup.
  case html
  /// `.ics`: values escaped as iCalendar TEXT; lines end in CRLF and fold at 75 octets.
  case ics
  /// `.json`: values written as JSON (quoted strings, or escaped inside a string literal).
  case json
  /// `.txt` and anything unknown: text passes through.
  case text
  /// `.md`: text passes through.
  case markdown

  /// The format for a template or output file name (by its last extension).
  public init(fileName: String) {
    let ext = fileName.split(separator: "/").last?.split(separator: ".").dropFirst().last
    switch ext?.lowercased() {
    case "html", "htm", "xhtml": self = .html
    case "ics": self = .ics
    case "json": self = .json
    case "md", "markdown": self = .markdown
    default: self = .text
    }
  }
}
