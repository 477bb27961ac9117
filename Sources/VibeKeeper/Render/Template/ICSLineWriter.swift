/// Finishes rendered iCalendar text (RFC 5545 3.1): every line ends in CRLF, blank lines are
/// dropped, and lines longer than 75 octets are folded (CRLF and a space) without splitting
/// a UTF-8 character.
public enum ICSLineWriter {
  /// The most octets on one physical line, not counting the CRLF.
  public static let maxOctets = 75

  /// The text with CRLF line ends and folded long lines.
  public static func finish(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 64 + 16)
    var line = String.UnicodeScalarView()
    func flush() {
      defer { line = String.UnicodeScalarView() }
      guard line.contains(where: { !$0.properties.isWhitespace }) else { return }
      fold(String(line), into: &out)
    }
    var previousCR = false
    for scalar in text.unicodeScalars {
      defer { previousCR = scalar == "\r" }
      if scalar == "\n" {
        if !previousCR { flush() }
      } else if scalar == "\r" {
        flush()
      } else {
        line.append(scalar)
      }
    }
    flush()
    return out
  }

  private static func fold(_ line: String, into out: inout String) {
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if octets + size > maxOctets {
        out += "\r\n "
        octets = 1
      }
      out.unicodeScalars.append(scalar)
      octets += size
    }
    out += "\r\n"
  }
}
