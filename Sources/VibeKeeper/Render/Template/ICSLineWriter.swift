/// Finishes rendered iCalendar text (RFC 5545 3.1): every line ends in CRLF, blank lines are
/// dropped, and lines longer than 75 octets are folded (CRLF and a space) without splitting
/// a UTF-8 character. Works on the UTF-8 bytes (a year of feeds is tens of megabytes).
public enum ICSLineWriter {
  /// The most octets on one physical line, not counting the CRLF.
  public static let maxOctets = 75

  /// The text with CRLF line ends and folded long lines.
  public static func finish(_ text: String) -> String {
    var source = text
    var out: [UInt8] = []
    source.withUTF8 { bytes in
      out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
      var start = 0
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        guard b == 0x0A || b == 0x0D else {
          i += 1
          continue
        }
        emit(UnsafeBufferPointer(rebasing: bytes[start..<i]), into: &out)
        if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        i += 1
        start = i
      }
      emit(UnsafeBufferPointer(rebasing: bytes[start...]), into: &out)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends one line, folded, with its CRLF; a line of only white space is dropped.
  private static func emit(_ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    guard !isBlank(line) else { return }
    if line.count <= maxOctets {
      out.append(contentsOf: line)
    } else {
      var octets = 0
      var j = 0
      while j < line.count {
        var k = j + 1
        while k < line.count, line[k] & 0xC0 == 0x80 { k += 1 }
        if octets + (k - j) > maxOctets {
          out.append(contentsOf: [0x0D, 0x0A, 0x20])
          octets = 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: line[j..<k]))
        octets += k - j
        j = k
      }
    }
    out.append(contentsOf: [0x0D, 0x0A])
  }

  /// Whether a line holds nothing but white space (Unicode's, as scalars).
  private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
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
