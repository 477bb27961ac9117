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
  /// Inside a string literal in `<script>`: the text escaped as that string's content
  /// (`Escaping.jsString`), without quotes.
  case scriptString
  /// A quoted event-handler attribute (`onclick`): a JSON value, then attribute-escaped.
  case htmlEventAttribute
  /// Inside a string literal of a quoted event-handler attribute: `scriptString`, then
  /// attribute-escaped.
  case htmlEventString
  /// An unquoted event-handler attribute: a JSON value, then every character but letters
  /// and digits a character reference (as `htmlTag`).
  case htmlEventUnquoted
  /// Inside a string literal of an unquoted event-handler attribute.
  case htmlEventStringUnquoted
  /// An attribute whose value is a document (`<iframe srcdoc="…">`): escaped as HTML
  /// text, then every character but letters and digits a character reference, so the
  /// document the browser reads holds the value as text.
  case htmlDocumentAttribute
  /// iCalendar TEXT.
  case ics
  /// An iCalendar parameter value not in quotes (`ATTENDEE;CN={{ name }}:…`): quoted when
  /// it holds `;`, `:` or `,`, its own quotes and control characters dropped.
  case icsParameter
  /// An iCalendar parameter value inside quotes: its quotes and control characters
  /// dropped.
  case icsQuotedParameter
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
  /// Eight bytes at a time: a word with no byte to change is copied whole; otherwise the
  /// word's clean bytes before the first one to change are kept and that byte is replaced
  /// from a table. Text after the first change is escaped into a small buffer on the stack,
  /// a chunk at a time, and each chunk appended (no zero-filled room in `out`).
  @discardableResult
  public static func html(_ s: String, into out: inout [UInt8]) -> Bool {
    var text = s
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      let count = bytes.count
      var first = 0
      while first + 8 <= count {
        let found = HTMLEscapes.found(in: HTMLEscapes.word(base, at: first))
        if found != 0 {
          first += found.trailingZeroBitCount >> 3
          break
        }
        first += 8
      }
      while first < count, HTMLEscapes.kind(base[first]) == 0 { first += 1 }
      guard first < count else {
        out.append(contentsOf: bytes)
        return false
      }
      out.append(contentsOf: UnsafeBufferPointer(start: base, count: first))
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: HTMLEscapes.bufferSize) { buffer in
        guard let target = buffer.baseAddress else { return }
        var i = first
        while i < count {
          let written = HTMLEscapes.escapeChunk(
            base, from: &i, limit: min(count, i + HTMLEscapes.chunk), count: count, into: target)
          out.append(contentsOf: UnsafeBufferPointer(start: target, count: written))
        }
      }
      return true
    }
  }

  /// An iCalendar parameter value (RFC 5545 §3.2): no quote, no control character, and
  /// in quotes when it holds a `;`, `:` or `,` (and `quoted` is false: the template has
  /// its own), so it can end neither the parameter nor the property's name.
  static func icsParameter(_ s: String, quoted: Bool) -> String {
    let clean = String(
      String.UnicodeScalarView(
        s.unicodeScalars.filter { $0 != "\"" && !($0.value < 0x20 || $0.value == 0x7F) }))
    guard !quoted, clean.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) else {
      return clean
    }
    return "\"" + clean + "\""
  }

  /// The quotes as character references, and nothing else: markup in a quoted attribute
  /// value keeps its own references and cannot end the value.
  static func attributeQuotes(_ s: String) -> String {
    guard s.contains(where: { $0 == "\"" || $0 == "'" }) else { return s }
    var out = ""
    for c in s {
      switch c {
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(c)
      }
    }
    return out
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
    return hasBlockedScheme(url.unicodeScalars) ? "#blocked" : url
  }

  /// The schemes a URL printed in an attribute may have.
  static let allowedSchemes: Set<String> = ["http", "https", "mailto", "webcal", "webcals"]

  /// Whether a URL attribute's value, as the page holds it (character references and all),
  /// is read by a browser as a URL with a scheme other than the allowed ones: references
  /// decoded (`&#58;`, `&#x3a;`, `&colon;` are colons), then read as `hasBlockedScheme(_:)`
  /// reads characters.
  static func hasBlockedScheme(_ written: ArraySlice<UInt8>) -> Bool {
    // Most values are relative or allowed URLs: a `/`, `?` or `#` before any `:` or
    // character reference (`&`) ends the scheme with none, as the full reading below
    // finds.
    guard let first = written.firstIndex(where: Escaping.endsOrMakesScheme),
      written[first] == UInt8(ascii: ":") || written[first] == UInt8(ascii: "&")
    else { return false }
    var bytes = written
    return hasBlockedScheme(AnyIterator { nextURLScalar(&bytes) })
  }

  /// Whether `byte` ends a URL's scheme (`/`, `?`, `#`, `:`) or may stand for a character
  /// that does (`&` of a character reference).
  private static func endsOrMakesScheme(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "&")
  }

  /// Whether characters of a URL make a scheme other than the allowed ones, as browsers
  /// read them: tabs and line breaks dropped, leading spaces and control characters
  /// skipped, then the text before the first `:` when no `/`, `?` or `#` comes first.
  static func hasBlockedScheme(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
    var scheme = String.UnicodeScalarView()
    var started = false
    for scalar in scalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
      if !started, scalar.value <= 0x20 { continue }
      started = true
      switch scalar {
      case "/", "?", "#": return false
      case ":":
        // Only a letter, then letters, digits, `+`, `-` and `.`, make a scheme; anything
        // else before the colon is a relative URL to a browser (`12:30.html`).
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic,
          scheme.allSatisfy({
            $0.isASCII
              && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || "+-.".unicodeScalars.contains($0))
          })
        else { return false }
        return !allowedSchemes.contains(String(scheme).lowercased())
      default: scheme.append(scalar)
      }
    }
    return false
  }

  /// The named character references that can make or end a scheme.
  private static let namedInURLs: [String: Unicode.Scalar] = [
    "colon": ":", "Tab": "\t", "NewLine": "\n", "sol": "/", "quest": "?", "num": "#",
    "amp": "&", "period": ".", "plus": "+",
  ]

  /// The next character of attribute text as a browser reads it, taking a character
  /// reference (`&#58;`, `&#x3A;`, `&colon;`, `&amp;`) as the character it stands for.
  private static func nextURLScalar(_ bytes: inout ArraySlice<UInt8>) -> Unicode.Scalar? {
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "&") {
      var rest = bytes.dropFirst()
      if rest.first == UInt8(ascii: "#") {
        rest = rest.dropFirst()
        let hex = rest.first == UInt8(ascii: "x") || rest.first == UInt8(ascii: "X")
        if hex { rest = rest.dropFirst() }
        let digits = rest.prefix { (b: UInt8) in
          (48...57).contains(b) || (hex && ((65...70).contains(b) || (97...102).contains(b)))
        }
        if !digits.isEmpty {
          rest = rest.dropFirst(digits.count)
          if rest.first == UInt8(ascii: ";") { rest = rest.dropFirst() }
          bytes = rest
          let value = UInt32(
            String(decoding: digits.prefix(8), as: UTF8.self), radix: hex ? 16 : 10)
          return value.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
        }
      } else {
        let name = rest.prefix { (65...90).contains($0) || (97...122).contains($0) }
        if rest.dropFirst(name.count).first == UInt8(ascii: ";"),
          let scalar = namedInURLs[String(decoding: name, as: UTF8.self)]
        {
          bytes = rest.dropFirst(name.count + 1)
          return scalar
        }
      }
    }
    // One UTF-8 character.
    let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
    let character = String(decoding: bytes.prefix(length), as: UTF8.self)
    bytes = bytes.dropFirst(length)
    return character.unicodeScalars.first
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

  /// Text as the content of a JavaScript string literal of any quote (`'…'`, `"…"` or a
  /// template literal): JSON's escapes, and `'`, `` ` `` and `$` as `\u` escapes too, so
  /// it can neither end the string nor start a `${…}`; `<`, `>` and `&` are escaped, so it
  /// cannot end the script either; `/` as `\/`, so where a string was only thought to be
  /// (a regular expression holding a quote) it ends no expression.
  public static func jsString(_ s: String) -> String {
    let content = jsonString(s)
    guard
      content.unicodeScalars.contains(where: { $0 == "'" || $0 == "`" || $0 == "$" || $0 == "/" })
    else { return content }
    var out = ""
    for scalar in content.unicodeScalars {
      switch scalar {
      case "'": out += "\\u0027"
      case "`": out += "\\u0060"
      case "$": out += "\\u0024"
      case "/": out += "\\/"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A JSON value as JavaScript code in a script or an event handler: its `/` as `\/`
  /// (only strings hold one), so no value ends a comment (`*/`) or a regular expression
  /// literal it was put in.
  static func scriptJSON(_ json: String) -> String {
    json.contains("/") ? json.replacingOccurrences(of: "/", with: "\\/") : json
  }
}

/// The tables and steps of `Escaping.html`: which bytes change and what each becomes.
private enum HTMLEscapes {
  /// Input bytes escaped per chunk; a chunk's output (at most six bytes each, plus a word
  /// past the end) fits in `bufferSize`, small enough to live on the stack.
  static let chunk = 160
  static let bufferSize = (chunk + 8) * 6 + 8

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

  /// The replacements' UTF-8 bytes, each as one little-endian word at its number.
  static let entities: [UInt64] = ["", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "\u{FFFD}"]
    .map { text in
      text.utf8.enumerated().reduce(0) { word, byte in
        word | UInt64(byte.element) << (8 * UInt64(byte.offset))
      }
    }

  /// The kind of `byte` (0 when it stays).
  @inline(__always)
  static func kind(_ byte: UInt8) -> Int {
    kinds.withUnsafeBufferPointer { Int($0[Int(byte)]) }
  }

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

  /// The eight bytes at `offset`, the first in the lowest bits.
  @inline(__always)
  static func word(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(
      littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The high bit of each byte of `word` that may need escaping: `" & '` (and `#`, which
  /// the table then keeps), `< >`, DEL and bytes below 0x20 (tab and line breaks, too,
  /// kept by the table). The lowest bit set is exact; bytes of multi-byte characters never
  /// match.
  @inline(__always)
  static func found(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = (word & (ones &* 0xFA)) ^ (ones &* 0x22)  // " # & '
    let angles = (word & (ones &* 0xFD)) ^ (ones &* 0x3C)  // < >
    let delete = word ^ (ones &* 0x7F)
    let zeros =
      ((quotes &- ones) & ~quotes) | ((angles &- ones) & ~angles) | ((delete &- ones) & ~delete)
      | ((word &- ones &* 0x20) & ~word)
    return zeros & (ones &* 0x80)
  }

  /// Escapes the input from `i` to about `limit` (a word may pass it; at the end, to
  /// `count`) into `target`, moving `i` past what it read; the number of bytes written.
  @inline(__always)
  static func escapeChunk(
    _ base: UnsafePointer<UInt8>, from i: inout Int, limit: Int, count: Int,
    into target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    kinds.withUnsafeBufferPointer { kinds in
      entities.withUnsafeBufferPointer { entities in
        var j = 0
        @inline(__always) func replace(_ kind: Int) {
          UnsafeMutableRawPointer(target + j).storeBytes(
            of: UInt64(littleEndian: entities[kind]), as: UInt64.self)
          j += length(kind)
        }
        while i + 8 <= limit {
          // The word is copied as it is; a byte to change is then written over.
          let raw = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
          UnsafeMutableRawPointer(target + j).storeBytes(of: raw, as: UInt64.self)
          let found = found(in: UInt64(littleEndian: raw))
          if found == 0 {
            i += 8
            j += 8
            continue
          }
          let clean = found.trailingZeroBitCount >> 3
          let kind = Int(kinds[Int(base[i + clean])])
          i += clean + 1
          j += clean
          if kind == 0 { j += 1 } else { replace(kind) }
        }
        if limit == count {
          while i < count {
            let byte = base[i]
            i += 1
            let kind = Int(kinds[Int(byte)])
            if kind == 0 {
              target[j] = byte
              j += 1
            } else {
              replace(kind)
            }
          }
        }
        return j
      }
    }
  }
}
