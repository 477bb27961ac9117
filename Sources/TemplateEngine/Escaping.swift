import Foundation
import VibeBasics

/// How a `{{ }}` value is escaped; the parser picks one for each output from the format and,
/// in HTML and JSON, from where in the markup the output sits.
enum EscapeMode: Sendable, Equatable {
  /// Text passes through (`.txt`, `.md`).
  case none
  /// HTML text content (and RCDATA such as `<title>`).
  case htmlText
  /// A quoted HTML attribute value.
  case htmlAttribute
  /// The start of a quoted URL attribute value (`href`, `src` ...): unsafe schemes blocked.
  case htmlURL
  /// Inside a tag but not in a quoted value (unquoted value, attribute name): everything but
  /// letters and digits becomes a character reference.
  case htmlTag
  /// The start of an unquoted URL attribute value.
  case htmlTagURL
  /// Inside `<script>`: a JSON value (strings quoted), so data stays data.
  case script
  /// A quoted event-handler attribute (`onclick`): a JSON value, then attribute-escaped.
  case htmlEventAttribute
  /// iCalendar TEXT.
  case ics
  /// A JSON value outside a string literal.
  case jsonValue
  /// Inside a JSON string literal: escaped without quotes.
  case jsonString
}

/// The escaping functions of every output context.
public enum Escaping {
  /// A value's text as part of safe markup in `format`: a safe value as it is; any other
  /// escaped as HTML text in HTML and as TEXT in iCalendar (JSON and plain text leave it).
  static func markup(_ value: TemplateValue, _ format: OutputFormat, _ clock: LocalClock)
    -> String
  {
    if case .safe(let s) = value { return s }
    var out = ""
    switch format {
    case .html: html(value.text(clock), into: &out)
    case .ics: icsText(value.text(clock), into: &out)
    default: out = value.text(clock)
    }
    return out
  }

  /// Whether safe values keep their mark through `~` and the text filters: everywhere but
  /// in JSON, where a safe value is raw JSON that text cannot safely join.
  static func keepsMarkup(_ format: OutputFormat) -> Bool { format != .json }

  /// Escapes `& < > " '` for HTML text and quoted attribute values; a control character
  /// (NUL and the others but tab and line breaks, and DEL), which HTML does not allow,
  /// becomes U+FFFD.
  public static func html(_ s: String, into out: inout String) {
    var bytes: [UInt8] = []
    out += html(s, into: &bytes) ? String(decoding: bytes, as: UTF8.self) : s
  }

  /// `html` into UTF-8 bytes (a render's output), with no text made on the way; false when
  /// nothing needed escaping (the text is appended as it is).
  ///
  /// Table-driven: eight bytes at a time find the first byte to change (most text has
  /// none); the rest is written in place, clean words whole and the other bytes from a
  /// table of replacements.
  @discardableResult
  public static func html(_ s: String, into out: inout [UInt8]) -> Bool {
    var text = s
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      let count = bytes.count
      var first = 0
      while first + 8 <= count, !mayNeedHTMLEscape(base, at: first) { first += 8 }
      return HTMLEscapes.kinds.withUnsafeBufferPointer { kinds in
        while first < count, kinds[Int(base[first])] == 0 { first += 1 }
        guard first < count else {
          out.append(contentsOf: bytes)
          return false
        }
        // Room for the worst case (every byte six), given back after; a long text is
        // measured first instead, so it never takes six times its size.
        var room = (count - first) * 6
        if count - first > 1 << 16 {
          room = count - first
          for i in first..<count { room += HTMLEscapes.growth(kinds[Int(base[i])]) }
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: first))
        let end = out.count
        out.append(contentsOf: repeatElement(0, count: room))
        var written = 0
        out.withUnsafeMutableBufferPointer { target in
          HTMLEscapes.entities.withUnsafeBufferPointer { entities in
            guard let start = target.baseAddress.map({ $0 + end }),
              let entity = entities.baseAddress
            else { return }
            var j = 0
            var i = first
            while i < count {
              if i + 8 <= count, !mayNeedHTMLEscape(base, at: i) {
                // A clean word is copied as one.
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                UnsafeMutableRawPointer(start + j).storeBytes(of: word, as: UInt64.self)
                i += 8
                j += 8
                continue
              }
              let byte = base[i]
              i += 1
              let kind = Int(kinds[Int(byte)])
              if kind == 0 {
                start[j] = byte
                j += 1
              } else {
                let length = HTMLEscapes.length(kind)
                (start + j).update(from: entity + kind * 8, count: length)
                j += length
              }
            }
            written = j
          }
        }
        out.removeLast(room - written)
        return true
      }
    }
  }

  /// Whether any of the eight bytes at `offset` may need HTML escaping: `& < > " '`, DEL or
  /// a byte below 0x20 (word-at-a-time tests; bytes of multi-byte characters never match).
  @inline(__always)
  private static func mayNeedHTMLEscape(_ base: UnsafePointer<UInt8>, at offset: Int) -> Bool {
    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    let below20 = (word &- ones &* 0x20) & ~word & highs != 0
    return below20 || hasZeroByte(word ^ (ones &* 0x26)) || hasZeroByte(word ^ (ones &* 0x3C))
      || hasZeroByte(word ^ (ones &* 0x3E)) || hasZeroByte(word ^ (ones &* 0x22))
      || hasZeroByte(word ^ (ones &* 0x27)) || hasZeroByte(word ^ (ones &* 0x7F))
  }

  /// Escapes every ASCII character except letters and digits as a character reference
  /// (OWASP's rule for unquoted attributes), so the value cannot end the attribute or tag.
  static func htmlStrict(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      if scalar.isASCII, !scalar.properties.isAlphabetic, scalar.properties.numericType == nil {
        out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        continue
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The URL if its scheme is http, https, mailto or webcal(s) (a calendar subscription) or
  /// it is relative; otherwise `#blocked`.
  ///
  /// Browsers ignore tabs and line breaks inside a URL and leading spaces or control
  /// characters, so those are removed before the scheme is read.
  static func safeURL(_ s: String) -> String {
    // The usual case, a link without a scheme, spaces or controls, needs no cleaning.
    var delimiter: UInt8 = 0
    var plain = true
    for byte in s.utf8 {
      if byte <= 0x20 {
        plain = false
        break
      }
      if delimiter == 0, byte == 0x2F || byte == 0x3F || byte == 0x23 || byte == 0x3A {
        delimiter = byte
      }
    }
    if plain, delimiter != 0x3A { return s }
    return checkedURL(s)
  }

  /// `safeURL` without the shortcut: cleaned, then the scheme read.
  static func checkedURL(_ s: String) -> String {
    var cleaned = String.UnicodeScalarView()
    for scalar in s.unicodeScalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
      if cleaned.isEmpty, scalar.value <= 0x20 { continue }
      cleaned.append(scalar)
    }
    let url = String(cleaned)
    for scalar in url.unicodeScalars {
      if scalar == "/" || scalar == "?" || scalar == "#" { return url }
      if scalar == ":" {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        return ["http", "https", "mailto", "webcal", "webcals"].contains(scheme) ? url : "#blocked"
      }
    }
    return url
  }

  /// Escapes iCalendar TEXT (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks;
  /// other control characters are dropped.
  static func icsText(_ s: String, into out: inout String) {
    guard s.utf8.contains(where: needsICSEscape) else {
      out += s
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count + 8)
    icsText(s, into: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// `icsText` into UTF-8 bytes. Every character it changes is ASCII, so it works on the
  /// bytes: a CR, or a LF not after a CR, becomes `\n`.
  static func icsText(_ s: String, into out: inout [UInt8]) {
    guard s.utf8.contains(where: needsICSEscape) else {
      out.append(contentsOf: s.utf8)
      return
    }
    var previousCR = false
    for byte in s.utf8 {
      defer { previousCR = byte == 0x0D }
      guard needsICSEscape(byte) else {
        out.append(byte)
        continue
      }
      switch byte {
      case 0x5C: out += [0x5C, 0x5C]
      case 0x3B: out += [0x5C, 0x3B]
      case 0x2C: out += [0x5C, 0x2C]
      case 0x0D: out += [0x5C, 0x6E]
      case 0x0A: if !previousCR { out += [0x5C, 0x6E] }
      case 0x09: out.append(0x20)
      default: continue  // other controls are dropped
      }
    }
  }

  /// Whether a byte is changed by iCalendar TEXT escaping (`\ ; ,` and controls).
  private static func needsICSEscape(_ b: UInt8) -> Bool {
    b < 0x20 || b == 0x7F || b == 0x5C || b == 0x3B || b == 0x2C
  }

  /// The inside of a JSON string literal (no surrounding quotes).
  static func jsonString(_ s: String) -> String {
    String(JSONValue.quoted(s).dropFirst().dropLast())
  }
}

/// The tables of `Escaping.html`: what each byte becomes.
private enum HTMLEscapes {
  /// By byte: 0 when it stays, else the number of its replacement (1-6).
  static let kinds: [UInt8] = (0..<256).map { byte -> UInt8 in
    switch byte {
    case 38: return 1
    case 60: return 2
    case 62: return 3
    case 34: return 4
    case 39: return 5
    case 9, 10, 13: return 0
    case 0..<32, 127: return 6
    default: return 0
    }
  }

  /// The replacements' UTF-8 bytes, each in an 8-byte slot at its number.
  static let entities: [UInt8] = {
    let texts = ["", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "\u{FFFD}"]
    var slots = [UInt8](repeating: 0, count: texts.count * 8)
    for (kind, text) in texts.enumerated() {
      for (i, byte) in text.utf8.enumerated() { slots[kind * 8 + i] = byte }
    }
    return slots
  }()

  /// The length of replacement `kind` (1-6): `entities`' texts' lengths, as a switch for
  /// speed (the escaping tests of every byte check the two agree).
  @inline(__always)
  static func length(_ kind: Int) -> Int {
    switch kind {
    case 1, 5: return 5
    case 4: return 6
    case 6: return 3
    default: return 4
    }
  }

  /// How many bytes a byte of `kind` adds (0 when it stays).
  @inline(__always)
  static func growth(_ kind: UInt8) -> Int { kind == 0 ? 0 : length(Int(kind)) - 1 }
}
