import Foundation

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
enum Escaping {
  /// Escapes `& < > " '` for HTML text and quoted attribute values.
  static func html(_ s: String, into out: inout String) {
    let needs = s.utf8.contains { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }
    guard needs else {
      out += s
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Escapes every ASCII character except letters and digits as a character reference
  /// (OWASP's rule for unquoted attributes), so the value cannot end the attribute or tag.
  static func htmlStrict(_ s: String, into out: inout String) {
    for scalar in s.unicodeScalars {
      if scalar.isASCII, !scalar.properties.isAlphabetic, scalar.properties.numericType == nil {
        out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        continue
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// The URL if its scheme is http, https or mailto or it is relative; otherwise `#blocked`.
  ///
  /// Browsers ignore tabs and line breaks inside a URL and leading spaces or control
  /// characters, so those are removed before the scheme is read.
  static func safeURL(_ s: String) -> String {
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
        return ["http", "https", "mailto"].contains(scheme) ? url : "#blocked"
      }
    }
    return url
  }

  /// Escapes iCalendar TEXT (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks;
  /// other control characters are dropped.
  static func icsText(_ s: String, into out: inout String) {
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
  }

  /// The inside of a JSON string literal (no surrounding quotes).
  static func jsonString(_ s: String, into out: inout String) {
    let quoted = JSONValue.quoted(s)
    out += quoted.dropFirst().dropLast()
  }
}
