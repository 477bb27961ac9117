import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

/// The byte-level escaping gives what the scalar-by-scalar rules say, for text that needs
/// nothing (the fast path) and text that does.
@Suite struct EscapingFastPathTests {
  static let samples = [
    "", "plain", "gifts/tea-set.html", "../contacts/ana.html", "index.html", "?q=1", "#top",
    "Tom & Jerry <b>\"hi\"</b> it's", "Grüße, Ärger; \\ back\\slash", "a\r\nb\nc\rd\te",
    "\u{7}bell\u{7F}del", "€€€ 💐 flowers, roses", "  https://example.com/a b",
    "java\nscript:alert(1)", "\t javascript:x", "JavaScript:x", "HTTPS://EXAMPLE.COM",
    "mailto:ana@example.com", "/x/javascript:y", "a:b/c", "\u{0}x", "ab\u{85}cd",
  ]

  /// RFC 5545 TEXT escaping, scalar by scalar.
  static func icsReference(_ s: String) -> String {
    var out = ""
    var previousCR = false
    for scalar in s.unicodeScalars {
      defer { previousCR = scalar == "\r" }
      switch scalar {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\r": out += "\\n"
      case "\n": if !previousCR { out += "\\n" }
      case "\t": out += " "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// HTML escaping, scalar by scalar.
  static func htmlReference(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  @Test func icsTextMatchesTheRules() {
    for s in Self.samples {
      var out = "prefix:"
      Escaping.icsText(s, into: &out)
      #expect(out == "prefix:" + Self.icsReference(s), "\(s.debugDescription)")
      var bytes: [UInt8] = []
      Escaping.icsText(s, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == Self.icsReference(s))
    }
    var out = ""
    Escaping.icsText("a;b,c\\d\r\ne", into: &out)
    #expect(out == "a\\;b\\,c\\\\d\\ne")
  }

  @Test func htmlMatchesTheRules() {
    for s in Self.samples {
      var out = "<p>"
      Escaping.html(s, into: &out)
      #expect(out == "<p>" + Self.htmlReference(s), "\(s.debugDescription)")
    }
    var out = ""
    Escaping.html("Grüße & <Tschüs>", into: &out)
    #expect(out == "Grüße &amp; &lt;Tschüs&gt;")
  }

  /// The word-at-a-time scan: every ASCII byte, at every place of an 8-byte word, in text
  /// around it of every length up to 24 (with multi-byte characters beside it).
  @Test func htmlMatchesTheRulesForEveryByteAtEveryPlace() {
    for byte in UInt8(0)..<128 {
      let c = String(UnicodeScalar(byte))
      for length in 0..<24 {
        for place in 0...length {
          let pad = String(repeating: "aé", count: length)
          let s = String(pad.prefix(place)) + c + String(pad.dropFirst(place))
          var out = ""
          Escaping.html(s, into: &out)
          if out != Self.htmlReference(s) {
            Issue.record("byte \(byte) at \(place) of \(length): \(out.debugDescription)")
            return
          }
        }
      }
    }
  }

  /// Escaping goes a chunk at a time after the first change: texts of every length around
  /// the chunk's size, all of one character to change or with one at every place near the
  /// boundary, come out as the rules say.
  @Test func htmlMatchesTheRulesAcrossChunks() {
    for length in 140..<360 {
      for c in ["<", "\u{1}", "\"", "é"] {
        let s = String(repeating: c, count: length)
        var out = ""
        Escaping.html(s, into: &out)
        #expect(out == Self.htmlReference(s), "\(c.debugDescription) × \(length)")
      }
      let s =
        String(repeating: "ab#=?", count: length / 5) + "&" + String(repeating: "x", count: 170)
      var bytes: [UInt8] = []
      Escaping.html(s, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == Self.htmlReference(s), "\(length)")
    }
  }

  @Test func aLongTextIsEscapedLikeAShortOne() {
    let s = String(repeating: "Ana's <tea> & \"cups\" — très bien. ", count: 5000)
    var out = ""
    Escaping.html(s, into: &out)
    #expect(out == Self.htmlReference(s))
    var bytes: [UInt8] = Array("<p>".utf8)
    #expect(Escaping.html(s, into: &bytes))
    #expect(String(decoding: bytes, as: UTF8.self) == "<p>" + Self.htmlReference(s))
    #expect(!Escaping.html("plain text", into: &bytes))
  }

  @Test func safeURLMatchesTheRules() {
    for s in Self.samples {
      #expect(Escaping.safeURL(s) == Escaping.checkedURL(s), "\(s.debugDescription)")
    }
    #expect(Escaping.safeURL("../gifts/lamp.html") == "../gifts/lamp.html")
    #expect(Escaping.safeURL("java\nscript:alert(1)") == "#blocked")
    #expect(Escaping.safeURL("https://example.com/") == "https://example.com/")
  }

  @Test func streamedFeedLinesMatchFinishingTheWholeText() {
    var writer = ICSLineWriter()
    writer.append("BEGIN:VCALENDAR\r\n\nSUMMARY:")
    writer.appendEscaped(String(repeating: "Grüße, ", count: 20))
    writer.endLine()
    writer.append("  \nDESCRIPTION:")
    writer.appendEscaped("a\nb")
    writer.endLine()
    writer.append("END:VCALENDAR")
    let text =
      "BEGIN:VCALENDAR\r\n\nSUMMARY:" + Self.icsReference(String(repeating: "Grüße, ", count: 20))
      + "\n  \nDESCRIPTION:a\\nb\nEND:VCALENDAR"
    #expect(writer.finished() == ICSLineWriter.finish(text))
    #expect(ICSLineWriter.finish(text).hasPrefix("BEGIN:VCALENDAR\r\nSUMMARY:Grüße\\, "))
  }

  /// The written-attribute check's shortcut (a `/`, `?` or `#` before any `:` or `&`)
  /// gives what reading every character gives, for plain and character-referenced values.
  @Test func writtenSchemeShortcutMatchesTheFullReading() {
    let written =
      Self.samples + [
        "java&#58;script:x", "javascript&colon;x", "&#x6A;avascript:x", "x&amp;y/z:w",
        "a/b&#58;c", "data&#x3a;text/html,x", "12:30.html", "?a:b", "#x:y", "&", ":",
      ]
    for text in written {
      var bytes = ArraySlice(Array(text.utf8))
      let full = Escaping.hasBlockedScheme(AnyIterator { Self.nextScalar(&bytes) })
      #expect(Escaping.hasBlockedScheme(ArraySlice(Array(text.utf8))) == full, "\(text)")
    }
    #expect(Escaping.hasBlockedScheme(ArraySlice(Array("java&#58;script:x".utf8))))
    #expect(!Escaping.hasBlockedScheme(ArraySlice(Array("../gifts/a:b.html".utf8))))
  }

  /// The next scalar of written text with `&#58;`-style references decoded, for the
  /// reference reading above (decimal, hex and the named colon only: what the samples use).
  static func nextScalar(_ bytes: inout ArraySlice<UInt8>) -> Unicode.Scalar? {
    guard let first = bytes.first else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    for (reference, scalar) in [
      ("&#58;", ":"), ("&#x3a;", ":"), ("&#x6A;", "j"), ("&colon;", ":"), ("&amp;", "&"),
    ] as [(String, Unicode.Scalar)] where text.hasPrefix(reference) {
      bytes = bytes.dropFirst(reference.utf8.count)
      return scalar
    }
    bytes = bytes.dropFirst()
    return Unicode.Scalar(first)
  }
}
