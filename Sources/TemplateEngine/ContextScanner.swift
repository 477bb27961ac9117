/// Follows the literal text of a template in source order to know where each `{{ }}` lands:
/// HTML text, a tag, an attribute value (and which attribute), a script; or, in JSON,
/// inside or outside a string literal.
struct ContextScanner: Sendable {
  private enum State: Sendable, Equatable {
    case data, tagOpen, tagName, inTag, attributeName, afterAttributeName, beforeValue
    case quotedValue(Unicode.Scalar)
    case unquotedValue, markup, comment, bogus, rawText
    case jsonOutside, jsonString, jsonEscape
    /// In iCalendar: a line's name and parameters, a quoted parameter value, its value.
    case icsName, icsQuoted, icsValue
    case plain
  }

  private var state: State
  private var tagName = ""
  private var isEndTag = false
  private var attributeName = ""
  /// Whether the current attribute value already has text that fixes a URL's scheme.
  private var valueFixed = false
  /// Where URL attribute values start and end in the text being fed (UTF-8 offsets), and
  /// the offset of the character being read.
  private var marks: [URLValueMark] = []
  private var offset = 0
  /// Whether a `{{ }}` just started a URL attribute value (`href={{ url }}`).
  private var valueStartedByOutput = false
  private var rawTag = ""
  private var matched = 0
  /// In a comment: right after its `<!--` (so `<!-->` ends it), and after `--!`.
  private var commentStart = false
  private var bang = false
  private let format: OutputFormat
  /// Where the JavaScript of a `<script>` or an event-handler attribute (`onclick`) is.
  private var js = JavaScriptScanner()

  /// A scanner at the start of a template of `format`.
  init(format: OutputFormat) {
    self.format = format
    switch format {
    case .html: state = .data
    case .json: state = .jsonOutside
    case .ics: state = .icsName
    default: state = .plain
    }
  }

  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "cite", "background", "poster", "data", "codebase",
    "longdesc", "usemap", "manifest", "xlink:href", "ping", "icon", "srcset", "lowsrc",
    "dynsrc", "archive", "classid", "profile",
    // SVG animations set an attribute (`<set attributeName="href" to="javascript:…">`).
    "to", "from", "by", "values",
  ]

  /// The escaping for a `{{ }}` at the current position; also notes that the value's text
  /// now belongs to the attribute value it starts.
  mutating func modeForOutput() -> EscapeMode {
    switch state {
    case .plain: return .none
    case .icsName: return .icsParameter
    case .icsQuoted: return .icsQuotedParameter
    case .icsValue: return .ics
    case .jsonOutside: return .jsonValue
    case .jsonString, .jsonEscape: return .jsonString
    case .data, .comment, .markup, .bogus: return .htmlText
    // In a script, a value inside a string literal ('…', "…", `…`) is that string's
    // content, escaped so it cannot end it; elsewhere it is a JSON value.
    case .rawText:
      guard rawTag == "script" else { return .htmlText }
      return js.inString ? .scriptString : .script
    case .tagOpen, .tagName, .inTag, .attributeName, .afterAttributeName: return .htmlTag
    // A value printed where a URL's scheme is still open is checked as a URL start, and so
    // is every later one until literal text fixes the scheme ("{{ a }}{{ b }}" checks both).
    case .beforeValue:
      state = .unquotedValue
      valueFixed = false
      js = JavaScriptScanner()
      if isEventHandler { return .htmlEventUnquoted }
      if attributeName == "srcdoc" { return .htmlDocumentAttribute }
      valueStartedByOutput = isURLAttribute
      return isURLAttribute ? .htmlTagURL : .htmlTag
    case .unquotedValue:
      if isEventHandler { return js.inString ? .htmlEventStringUnquoted : .htmlEventUnquoted }
      if attributeName == "srcdoc" { return .htmlDocumentAttribute }
      let isURL = ContextScanner.urlAttributes.contains(attributeName) && !valueFixed
      return isURL ? .htmlTagURL : .htmlTag
    case .quotedValue:
      if isEventHandler { return js.inString ? .htmlEventString : .htmlEventAttribute }
      if attributeName == "srcdoc" { return .htmlDocumentAttribute }
      let isURL = ContextScanner.urlAttributes.contains(attributeName) && !valueFixed
      return isURL ? .htmlURL : .htmlAttribute
    }
  }

  /// Whether the attribute being written is an event handler (its value is JavaScript).
  private var isEventHandler: Bool { attributeName.hasPrefix("on") }

  /// Whether the attribute being written takes a URL (and is no event handler).
  private var isURLAttribute: Bool {
    !isEventHandler && ContextScanner.urlAttributes.contains(attributeName)
  }

  /// Advances over literal template text; returns where in it (UTF-8 offsets) URL
  /// attribute values start and end, in order (empty for most texts).
  mutating func feed(_ text: String) -> [URLValueMark] {
    guard state != .plain else { return [] }
    marks = []
    offset = 0
    for c in text.unicodeScalars {
      step(c)
      offset += UTF8.width(c)
    }
    return marks
  }

  /// Whether the last `{{ }}` started a URL attribute value (`href={{ url }}`); asked once.
  mutating func takeValueStartedByOutput() -> Bool {
    defer { valueStartedByOutput = false }
    return valueStartedByOutput
  }

  private static func isSpace(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
  }

  private mutating func step(_ c: Unicode.Scalar) {
    // An iCalendar line starts with its name.
    if c == "\n", state == .icsQuoted || state == .icsValue {
      state = .icsName
      return
    }
    switch state {
    case .plain: return
    case .jsonOutside: if c == "\"" { state = .jsonString }
    case .jsonString: state = c == "\\" ? .jsonEscape : (c == "\"" ? .jsonOutside : .jsonString)
    case .jsonEscape: state = .jsonString
    case .icsName: if c == "\"" { state = .icsQuoted } else if c == ":" { state = .icsValue }
    case .icsQuoted: if c == "\"" { state = .icsName }
    case .icsValue: break
    case .data:
      if c == "<" { state = .tagOpen }
    case .tagOpen, .tagName, .inTag: stepTag(c)
    case .attributeName, .afterAttributeName, .beforeValue, .quotedValue, .unquotedValue:
      stepAttribute(c)
    case .markup, .bogus, .comment: stepMarkup(c)
    case .rawText: stepRawText(c)
    }
  }

  /// Inside `<name ...` before any attribute.
  private mutating func stepTag(_ c: Unicode.Scalar) {
    switch state {
    case .tagOpen:
      if c == "/" {
        isEndTag = true
      } else if c == "!" || c == "?" {
        state = c == "!" ? .markup : .bogus
        matched = 0
      } else if c.isASCII, c.properties.isAlphabetic {
        tagName = String(c).lowercased()
        state = .tagName
      } else {
        state = .data
        isEndTag = false
      }
    case .tagName:
      if ContextScanner.isSpace(c) || c == "/" {
        state = .inTag
      } else if c == ">" {
        closeTag()
      } else {
        tagName += String(c).lowercased()
      }
    default:
      if c == ">" {
        closeTag()
      } else if !ContextScanner.isSpace(c), c != "/" {
        attributeName = String(c).lowercased()
        state = .attributeName
      }
    }
  }

  /// An attribute's name and value.
  private mutating func stepAttribute(_ c: Unicode.Scalar) {
    switch state {
    case .attributeName:
      if c == "=" {
        state = .beforeValue
      } else if ContextScanner.isSpace(c) {
        state = .afterAttributeName
      } else if c == ">" {
        closeTag()
      } else if c == "/" {
        state = .inTag
      } else {
        attributeName += String(c).lowercased()
      }
    case .afterAttributeName:
      if c == "=" {
        state = .beforeValue
      } else if c == ">" {
        closeTag()
      } else if !ContextScanner.isSpace(c) {
        attributeName = String(c).lowercased()
        state = .attributeName
      }
    case .beforeValue:
      valueFixed = false
      js = JavaScriptScanner()
      if c == "\"" || c == "'" {
        state = .quotedValue(c)
        if isURLAttribute { marks.append(URLValueMark(offset: offset + 1, starts: true)) }
      } else if c == ">" {
        closeTag()
      } else if !ContextScanner.isSpace(c) {
        state = .unquotedValue
        if isURLAttribute { marks.append(URLValueMark(offset: offset, starts: true)) }
        noteValueText(c)
      }
    case .quotedValue(let quote):
      if c == quote {
        endValue()
        state = .inTag
      } else {
        noteValueText(c)
      }
    default:
      if ContextScanner.isSpace(c) {
        endValue()
        state = .inTag
      } else if c == ">" {
        endValue()
        closeTag()
      } else {
        noteValueText(c)
      }
    }
  }

  /// `<!...>`, `<?...>` and comments.
  private mutating func stepMarkup(_ c: Unicode.Scalar) {
    switch state {
    case .markup:
      if c == "-" {
        matched += 1
        if matched == 2 {
          state = .comment
          matched = 0
          commentStart = true
        }
      } else {
        state = c == ">" ? .data : .bogus
      }
    case .bogus: if c == ">" { state = .data }
    default:
      // As browsers read comments: `<!-->` and `<!--->` are whole (empty) comments, and
      // `--!>` ends one as `-->` does.
      let opening = commentStart
      commentStart = opening && c == "-" && matched == 0
      if c == ">" && (matched >= 2 || opening || bang) {
        state = .data
        matched = 0
        bang = false
        return
      }
      bang = c == "!" && matched >= 2
      matched = c == "-" ? matched + 1 : (bang ? matched : 0)
    }
  }

  /// Notes that the attribute value being read ends before the current character.
  private mutating func endValue() {
    if isURLAttribute { marks.append(URLValueMark(offset: offset, starts: false)) }
  }

  private mutating func noteValueText(_ c: Unicode.Scalar) {
    // Only a separator fixes the scheme: a literal prefix such as "java" followed by a
    // value could still form one.
    if c == "/" || c == "?" || c == "#" || c == ":" { valueFixed = true }
    if isEventHandler { js.step(c) }
  }

  private mutating func closeTag() {
    let raw = ["script", "style", "textarea", "title"]
    if !isEndTag, raw.contains(tagName) {
      rawTag = tagName
      state = .rawText
      matched = 0
      js = JavaScriptScanner()
    } else {
      state = .data
    }
    isEndTag = false
  }

  /// Looks for `</tag` (case-insensitive) to leave script, style, textarea or title.
  private mutating func stepRawText(_ c: Unicode.Scalar) {
    if rawTag == "script" { js.step(c) }
    let target = Array(("</" + rawTag).unicodeScalars)
    let lower = ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32) ?? c : c
    if matched < target.count, lower == target[matched] {
      matched += 1
      if matched == target.count {
        tagName = rawTag
        isEndTag = true
        state = .tagName
        matched = 0
      }
    } else {
      matched = lower == "<" ? 1 : 0
    }
  }
}

/// Where a URL attribute value starts or ends in a literal text (a UTF-8 offset): the
/// renderer reads each such value whole once it is written (`Escaping.hasBlockedScheme`).
struct URLValueMark: Sendable, Equatable {
  let offset: Int
  let starts: Bool
}
