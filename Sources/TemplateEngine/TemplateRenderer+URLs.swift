/// Where the scheme of the URL attribute value being written stands, while values and
/// literal text are written into it in turn.
///
/// A URL's scheme is its text before the first `:` when no `/`, `?` or `#` comes before it.
/// Where values start a URL attribute value, the scheme may be made of several of them and
/// of the literal text after them (`href="{{ a }}:{{ b }}"`, `href="{{ a }}cript:…"`); it is
/// checked once it is complete, whatever made it, and when it is not an allowed one the
/// value written so far becomes `#blocked`.
enum URLSchemeState: Equatable {
  /// No `:`, `/`, `?` or `#` yet: `start` is where the value's open part begins in the
  /// output, and `text` what it says (values as they read, before escaping), as
  /// `Escaping.openScheme` keeps it.
  case open(start: Int, text: String)
  /// A value decided it (the text after it cannot make a scheme): later values are still
  /// checked on their own.
  case decided
}

extension TemplateRenderer {
  /// Writes a value where a URL attribute value's scheme is open (`href="{{ url }}"`,
  /// `href="{{ a }}{{ b }}"`): the value is read together with what came before it in the
  /// value, and when that makes a scheme other than the allowed ones (or the value has such
  /// a scheme on its own), the value so far becomes `#blocked`. This holds for safe values
  /// too: `href="{{ url | e }}"` is a common habit, and escaping never made a URL safe.
  mutating func writeURL(_ value: TemplateValue, _ mode: EscapeMode) {
    var safe: String?
    if case .safe(let s) = value { safe = s }
    let text = safe ?? value.text(environment.clock)
    var start = out.count
    var before = ""
    let decided = urlScheme == .decided
    if case .open(let openStart, let openText)? = urlScheme {
      start = openStart
      before = openText
    }
    let own = Escaping.scheme(of: text)
    let whole = before.isEmpty ? own : Escaping.scheme(of: before + text)
    guard own != .blocked, whole != .blocked else {
      out.removeSubrange(min(start, out.count)...)
      let marker = mode == .htmlTagURL && safe == nil ? Escaping.htmlStrict("#blocked") : "#blocked"
      out.append(contentsOf: marker.utf8)
      urlScheme = .decided
      return
    }
    if let safe {
      out.append(contentsOf: safe.utf8)
    } else if mode == .htmlTagURL {
      out.append(contentsOf: Escaping.htmlStrict(Escaping.safeURL(text)).utf8)
    } else {
      Escaping.html(Escaping.safeURL(text), into: &out)
    }
    let stillOpen = whole == .open && !decided
    urlScheme =
      stillOpen ? .open(start: start, text: Escaping.openScheme(before + text)) : .decided
  }

  /// Writes literal text that takes part in a URL attribute value's open scheme (see
  /// `URLText`): text that goes on with a scheme values left open, and text that ends
  /// inside a URL attribute value before its scheme is decided (`<a href="java`). When
  /// the text's `:` completes a scheme begun by values and it is not an allowed one
  /// (`href="{{ a }}:{{ b }}"` with `a` = `javascript`), the value written so far and the
  /// text before the `:` become `#blocked`; what follows is then a fragment of that.
  mutating func writeURLText(_ text: String, _ url: URLText) {
    let state = urlScheme
    urlScheme = nil
    let count = text.utf8.count
    if let leading = url.leading, case .open(let start, let before)? = state {
      let scheme = before + String(decoding: text.utf8.prefix(leading), as: UTF8.self)
      if leading == count {
        out.append(contentsOf: text.utf8)
        urlScheme = .open(start: start, text: Escaping.openScheme(scheme))
        return
      }
      if url.colon, Escaping.scheme(of: scheme + ":") == .blocked {
        out.removeSubrange(min(start, out.count)...)
        out.append(contentsOf: "#blocked".utf8)
        out.append(contentsOf: text.utf8.dropFirst(leading))
      } else {
        out.append(contentsOf: text.utf8)
      }
    } else if url.leading == count, state == .decided {
      // The value a value decided goes on.
      out.append(contentsOf: text.utf8)
      urlScheme = .decided
      return
    } else {
      out.append(contentsOf: text.utf8)
    }
    if let trailing = url.trailing {
      urlScheme = .open(start: out.count - url.trailingBytes, text: Escaping.openScheme(trailing))
    }
  }
}
