/// Finds the lines git leaves in a file with an unresolved merge conflict (`<<<<<<< `,
/// `=======`, `>>>>>>> `): such a file is reported by `check` and never written.
public enum ConflictMarkers {
  /// The 1-based line where the first conflict in `text` starts (its `<<<<<<<` line), or
  /// nil when there is none. A conflict is the three markers in their order; one marker
  /// line alone (`=======` under a Markdown heading, a marker quoted in a code block) is
  /// text.
  public static func firstLine(in text: String) -> Int? {
    var line = 1
    var utf8 = text.utf8[...]
    // The `<<<<<<<` line, once seen, and whether its `=======` came.
    var opened: Int?
    var divided = false
    while !utf8.isEmpty {
      switch marker(utf8) {
      case UInt8(ascii: "<"): (opened, divided) = (line, false)
      case UInt8(ascii: "="): if opened != nil { divided = true }
      case UInt8(ascii: ">"): if let opened, divided { return opened }
      default: break
      }
      guard let newline = utf8.firstIndex(of: 0x0A) else { return nil }
      utf8 = utf8[utf8.index(after: newline)...]
      line += 1
    }
    return nil
  }

  /// The marker a line starts with (`<`, `=` or `>`: seven of them followed by a space, a
  /// line end or the end; `=======` stands alone), or nil.
  private static func marker(_ line: Substring.UTF8View) -> UInt8? {
    guard let first = line.first, first == 0x3C || first == 0x3D || first == 0x3E else {
      return nil
    }
    let run = line.prefix { $0 == first }
    guard run.count == 7 else { return nil }
    let after = line.dropFirst(7).first
    if first == 0x3D { return after == nil || after == 0x0A || after == 0x0D ? first : nil }
    return after == 0x20 || after == nil || after == 0x0A || after == 0x0D ? first : nil
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
