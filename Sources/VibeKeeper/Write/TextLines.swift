/// A file's text as lines that keep their own line ends, so an edit changes only the lines
/// it means to and the rest come back byte for byte.
struct TextLines: Equatable {
  /// Each line with its terminator (`\n`, `\r\n`, or none for a last line without one).
  var lines: [String]

  /// Splits `text` after each line feed.
  init(_ text: String) {
    var out: [String] = []
    var current = ""
    for scalar in text.unicodeScalars {
      current.unicodeScalars.append(scalar)
      if scalar == "\n" {
        out.append(current)
        current = ""
      }
    }
    if !current.isEmpty { out.append(current) }
    lines = out
  }

  /// The text again.
  var text: String { lines.joined() }

  /// The line end the file uses: `\r\n` when its first line has one, else `\n`.
  var lineEnd: String { lines.first.map(Self.ending) == "\r\n" ? "\r\n" : "\n" }

  /// The line end `text` uses, read from its first line alone (without splitting a large
  /// file into lines).
  static func lineEnd(of text: String) -> String {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { return previous == UInt8(ascii: "\r") ? "\r\n" : "\n" }
      previous = byte
    }
    return "\n"
  }

  /// A line's terminator, compared on scalars (`"\r\n"` is one Character in Swift, so
  /// `hasSuffix("\n")` would miss it): `\r\n`, `\n` or empty.
  static func ending(_ line: String) -> String {
    let scalars = line.unicodeScalars
    guard scalars.last == "\n" else { return "" }
    return scalars.dropLast().last == "\r" ? "\r\n" : "\n"
  }

  /// A line without its terminator.
  static func bare(_ line: String) -> String {
    var scalars = line.unicodeScalars[...]
    if scalars.last == "\n" { scalars = scalars.dropLast() }
    if scalars.last == "\r" { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }

  /// Line `n` (1-based) without its terminator.
  func content(_ n: Int) -> String {
    guard lines.indices.contains(n - 1) else { return "" }
    return Self.bare(lines[n - 1])
  }

  /// The terminator of line `n` (the file's line end for a last line without one).
  func terminator(_ n: Int) -> String {
    guard lines.indices.contains(n - 1) else { return lineEnd }
    let end = Self.ending(lines[n - 1])
    return end.isEmpty ? lineEnd : end
  }

  /// Replaces line `n`'s content, keeping its terminator (adding the file's line end to a
  /// last line that had none only when a line follows).
  mutating func replace(_ n: Int, with content: String) {
    guard lines.indices.contains(n - 1) else { return }
    let had = !Self.ending(lines[n - 1]).isEmpty
    lines[n - 1] = content + (had ? terminator(n) : "")
  }

  /// Inserts lines (contents, without terminators) after line `n` (0: at the top).
  mutating func insert(_ contents: [String], after n: Int) {
    let end = lineEnd
    if n > 0, lines.indices.contains(n - 1), Self.ending(lines[n - 1]).isEmpty {
      lines[n - 1] += end
    }
    lines.insert(contentsOf: contents.map { $0 + end }, at: min(max(0, n), lines.count))
  }

  /// Appends lines (contents, without terminators) at the end.
  mutating func append(_ contents: [String]) {
    insert(contents, after: lines.count)
  }
}
