/// Follows the literal text of a template in source order to know where each `{{ }}` lands:
/// HTML text, a tag, an attribute value (and which attribute), a script; or, in JSON,
/// inside or outside a string literal.
struct ContextScanner: Sendable {
  private enum State: Sendable, Equatable {
    case data, tagOpen, tagName, inTag, attributeName, afterAttributeName, beforeValue
    case quotedValue(Unicode.Scalar)
    case unquotedValue, markup, comment, bogus, rawText
    case jsonOutside, jsonString, jsonEscape
    case plain
  }

  private var state: State
  private var tagName = ""
  private var isEndTag = false
  private var attributeName = ""
  /// Whether the current attribute value already has text that fixes a URL's scheme.
  private var valueFixed = false
  /// Whether the current attribute value is a URL (`href`, `src` ...).
  private var urlValue = false
  /// The literal text of the current URL attribute value while its scheme is open, since the
  /// value began or since the last `{{ }}` in it; and how many UTF-8 bytes of it the text
  /// being fed holds.
  private var schemeText = ""
  private var schemeBytes = 0
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
    default: state = .plain
    }
  }

  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "cite", "background", "poster", "data", "codebase",
    "longdesc", "usemap", "manifest", "xlink:href", "ping", "icon", "srcset", "lowsrc",
    "dynsrc", "archive", "classid", "profile",
  ]

  /// The escaping for a `{{ }}` at the current position; also notes that the value's text
  /// now belongs to the attribute value it starts.
  mutating func modeForOutput() -> EscapeMode {
    switch state {
    case .plain: return format == .ics ? .ics : .none
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
      schemeText = ""
      js = JavaScriptScanner()
      if isEventHandler { return .htmlEventUnquoted }
      return ContextScanner.urlAttributes.contains(attributeName) ? .htmlTagURL : .htmlTag
    case .unquotedValue:
      if isEventHandler { return js.inString ? .htmlEventStringUnquoted : .htmlEventUnquoted }
      let isURL = ContextScanner.urlAttributes.contains(attributeName) && !valueFixed
      if isURL { schemeText = "" }
      return isURL ? .htmlTagURL : .htmlTag
    case .quotedValue:
      if isEventHandler { return js.inString ? .htmlEventString : .htmlEventAttribute }
      let isURL = ContextScanner.urlAttributes.contains(attributeName) && !valueFixed
      if isURL { schemeText = "" }
      return isURL ? .htmlURL : .htmlAttribute
    }
  }

  /// Whether the attribute being written is an event handler (its value is JavaScript).
  private var isEventHandler: Bool { attributeName.hasPrefix("on") }

  /// Advances over literal template text; tells how the text takes part in the scheme of a
  /// URL attribute value that is still open, when it does (nil for most texts).
  mutating func feed(_ text: String) -> URLText? {
    guard state != .plain else { return nil }
    let startsOpen = inOpenURL
    var leading: Int?
    var colon = false
    var offset = 0
    schemeBytes = 0
    for c in text.unicodeScalars {
      step(c)
      if startsOpen, leading == nil, !inOpenURL {
        leading = offset
        colon = c == ":"
      }
      offset += UTF8.width(c)
    }
    let trailing = inOpenURL ? schemeText : nil
    guard startsOpen || trailing != nil else { return nil }
    return URLText(
      leading: startsOpen ? leading ?? offset : nil, colon: colon, trailing: trailing,
      trailingBytes: trailing == nil ? 0 : schemeBytes)
  }

  /// Whether the position is inside a URL attribute value whose scheme is still open: no
  /// literal `:`, `/`, `?` or `#` yet.
  private var inOpenURL: Bool {
    guard urlValue, !valueFixed else { return false }
    switch state {
    case .quotedValue, .unquotedValue: return true
    default: return false
    }
  }

  /// Notes that the attribute's name is complete and its value comes next.
  private mutating func startValue() {
    state = .beforeValue
    urlValue = !isEventHandler && ContextScanner.urlAttributes.contains(attributeName)
  }

  private static func isSpace(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
  }

  private mutating func step(_ c: Unicode.Scalar) {
    switch state {
    case .plain: return
    case .jsonOutside: if c == "\"" { state = .jsonString }
    case .jsonString: state = c == "\\" ? .jsonEscape : (c == "\"" ? .jsonOutside : .jsonString)
    case .jsonEscape: state = .jsonString
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
        startValue()
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
        startValue()
      } else if c == ">" {
        closeTag()
      } else if !ContextScanner.isSpace(c) {
        attributeName = String(c).lowercased()
        state = .attributeName
      }
    case .beforeValue:
      valueFixed = false
      schemeText = ""
      schemeBytes = 0
      js = JavaScriptScanner()
      if c == "\"" || c == "'" {
        state = .quotedValue(c)
      } else if c == ">" {
        closeTag()
      } else if !ContextScanner.isSpace(c) {
        state = .unquotedValue
        noteValueText(c)
      }
    case .quotedValue(let quote):
      if c == quote { state = .inTag } else { noteValueText(c) }
    default:
      if ContextScanner.isSpace(c) {
        state = .inTag
      } else if c == ">" {
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

  private mutating func noteValueText(_ c: Unicode.Scalar) {
    // Only a separator fixes the scheme: a literal prefix such as "java" followed by a
    // value could still form one.
    if c == "/" || c == "?" || c == "#" || c == ":" { valueFixed = true }
    if urlValue, !valueFixed {
      schemeText.unicodeScalars.append(c)
      schemeBytes += UTF8.width(c)
    }
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

/// How a literal text takes part in the scheme of a URL attribute value that is still open
/// (no literal `:`, `/`, `?` or `#` yet), where values printed at the value's start and the
/// text after them could together make a scheme (`href="{{ a }}:{{ b }}"`); the renderer
/// checks the scheme once it is complete (see `TemplateRenderer.writeURLText`).
struct URLText: Sendable, Equatable {
  /// When the text starts inside such a value: how many of its UTF-8 bytes come before the
  /// scheme is decided (all of them when it stays open to the text's end).
  var leading: Int?
  /// Whether the character after `leading` is the `:` that ends a scheme (rather than
  /// `/`, `?`, `#` or the end of the value).
  var colon = false
  /// When the text ends inside such a value: the value's literal text since it began or
  /// since the last `{{ }}` in it (the start of a scheme), and how many UTF-8 bytes of that
  /// are in this text.
  var trailing: String?
  var trailingBytes = 0
}
