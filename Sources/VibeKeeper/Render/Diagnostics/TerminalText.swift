/// Text from data made safe for a terminal: control characters (C0, DEL and C1, which
/// carry escape sequences that retitle the window or clear the screen) are shown as
/// `\u{1B}` instead of reaching the terminal; a tab becomes a space.
public enum TerminalText {
  /// `text` with every control character written out.
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        out += " "
      } else if isControl(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Several lines, each escaped: the line feeds between them stay line feeds.
  public static func escapedLines(_ text: some StringProtocol) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped($0) }
      .joined(separator: "\n")
  }

  /// C0 and C1 controls and DEL, the line and paragraph separators (they break lines
  /// where none is seen), and the bidirectional controls (they reorder what follows them
  /// on the line: a file name shown backwards, a figure moved).
  private static func isControl(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
      true
    default: false
    }
  }
}
