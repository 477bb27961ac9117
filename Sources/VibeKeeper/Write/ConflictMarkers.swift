/// Finds the lines git leaves in a file with an unresolved merge conflict (`<<<<<<< `,
/// `=======`, `>>>>>>> `): such a file is reported by `check` and never written.
public enum ConflictMarkers {
  /// The 1-based line of the first conflict marker in `text`, or nil when there is none.
  public static func firstLine(in text: String) -> Int? {
    var line = 1
    var atLineStart = true
    var utf8 = text.utf8[...]
    while !utf8.isEmpty {
      if atLineStart, isMarker(utf8) { return line }
      guard let newline = utf8.firstIndex(of: 0x0A) else { return nil }
      utf8 = utf8[utf8.index(after: newline)...]
      line += 1
      atLineStart = true
    }
    return nil
  }

  /// Whether a line starts with seven `<`, `=` or `>` followed by a space, a line end or
  /// the end (`=======` stands alone).
  private static func isMarker(_ line: Substring.UTF8View) -> Bool {
    guard let first = line.first, first == 0x3C || first == 0x3D || first == 0x3E else {
      return false
    }
    let run = line.prefix { $0 == first }
    guard run.count == 7 else { return false }
    let after = line.dropFirst(7).first
    if first == 0x3D { return after == nil || after == 0x0A || after == 0x0D }
    return after == 0x20 || after == nil || after == 0x0A || after == 0x0D
  }

  /// What the diagnostic of a conflicted file says.
  static let message = "the file has an unresolved merge conflict, so none of its records are read"

  /// The diagnostic for a file with a conflict marker at `line`.
  static func diagnostic(file: String, line: Int) -> Diagnostic {
    Diagnostic(
      .error, SourceLocation(file: file, line: line, column: 1), message,
      hint:
        "keep the lines you want from both sides, delete the <<<<<<<, ======= and >>>>>>> "
        + "lines, then `git add` the file")
  }
}
