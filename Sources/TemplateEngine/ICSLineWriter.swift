/// Finishes rendered iCalendar text (RFC 5545 3.1): every line ends in CRLF, blank lines are
/// dropped, and lines longer than 75 octets are folded (CRLF and a space) without splitting
/// a UTF-8 character. Works on the UTF-8 bytes (a year of feeds is tens of megabytes), either
/// on a whole text (`finish`) or line by line as a feed is written (`append`, `endLine`).
public struct ICSLineWriter {
  /// The most octets on one physical line, not counting the CRLF.
  public static let maxOctets = 75

  /// The finished lines so far.
  private var out: [UInt8] = []
  /// The line being written (without its line break).
  private var line: [UInt8] = []
  /// The octets given so far, with line breaks, before finishing (what a template would
  /// have rendered).
  public private(set) var inputCount = 0

  /// A writer with room for about `capacity` octets.
  public init(capacity: Int = 0) {
    out.reserveCapacity(capacity + capacity / 64 + 16)
    line.reserveCapacity(256)
  }

  /// The text with CRLF line ends and folded long lines.
  public static func finish(_ text: String) -> String {
    var writer = ICSLineWriter(capacity: text.utf8.count)
    writer.append(text)
    return writer.finished()
  }

  /// Appends text that may hold line breaks (CRLF, LF or CR each end a line).
  public mutating func append(_ text: String) {
    var source = text
    source.withUTF8 { bytes in
      inputCount += bytes.count
      var start = 0
      for i in 0..<bytes.count where bytes[i] == 0x0A || bytes[i] == 0x0D {
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        emitLine()
        start = i + 1
      }
      line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }

  /// Appends iCalendar TEXT, escaped (it never holds a line break).
  public mutating func appendEscaped(_ text: String) {
    let before = line.count
    Escaping.icsText(text, into: &line)
    inputCount += line.count - before
  }

  /// Ends the current line (a blank one is dropped).
  public mutating func endLine() {
    inputCount += 1
    emitLine()
  }

  /// The finished text (the last line ended).
  public mutating func finished() -> String {
    emitLine()
    return String(decoding: out, as: UTF8.self)
  }

  /// Writes the current line, folded, with its CRLF (nothing for a blank line), and
  /// starts a new one. (A CRLF in the input gives an empty line between, also dropped.)
  private mutating func emitLine() {
    defer { line.removeAll(keepingCapacity: true) }
    guard !ICSLineWriter.isBlank(line) else { return }
    let count = line.count
    if count <= ICSLineWriter.maxOctets {
      out.append(contentsOf: line)
    } else {
      // Each physical line takes as many whole characters as fit: 75 octets on the first,
      // 74 after the folding space on the others.
      var j = 0
      var budget = ICSLineWriter.maxOctets
      while j < count {
        var end = min(j + budget, count)
        while end < count, end > j + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
        out.append(contentsOf: line[j..<end])
        j = end
        if j < count { out.append(contentsOf: [0x0D, 0x0A, 0x20]) }
        budget = ICSLineWriter.maxOctets - 1
      }
    }
    out.append(contentsOf: [0x0D, 0x0A])
  }

  /// Whether a line holds nothing but white space (Unicode's, as scalars).
  private static func isBlank(_ line: [UInt8]) -> Bool {
    var ascii = true
    for b in line {
      if b >= 0x80 {
        ascii = false
      } else if !(b == 0x20 || (0x09...0x0D).contains(b)) {
        return false
      }
    }
    if ascii { return true }
    return !String(decoding: line, as: UTF8.self).unicodeScalars.contains {
      !$0.properties.isWhitespace
    }
  }
}
