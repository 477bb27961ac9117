import CCmark
import Foundation

/// Options of the markdown renderer.
public struct MarkdownOptions: Sendable, Hashable {
  /// Whether raw HTML in the markdown is kept (by default it is replaced by a comment).
  public var allowRawHTML: Bool
  /// Whether quotes and dashes become typographic ones.
  public var smartPunctuation: Bool

  /// Creates options; the defaults are safe (no raw HTML) and smart punctuation on.
  public init(allowRawHTML: Bool = false, smartPunctuation: Bool = true) {
    self.allowRawHTML = allowRawHTML
    self.smartPunctuation = smartPunctuation
  }
}

/// CommonMark to HTML through libcmark.
public enum Markdown {
  /// The HTML of a CommonMark text. Without `allowRawHTML`, raw HTML and dangerous link
  /// schemes (`javascript:` ...) are removed by cmark's safe mode.
  /// `headingLevels` moves every heading down that many levels (at most to `<h6>`): a
  /// record's body sits under its page's `<h1>` and a section's `<h2>`, so its `# Notes`
  /// is an `<h3>` there.
  public static func html(
    _ text: String, options: MarkdownOptions = MarkdownOptions(), headingLevels: Int = 0
  ) -> String {
    var flags = CMARK_OPT_DEFAULT
    if options.smartPunctuation { flags |= CMARK_OPT_SMART }
    if options.allowRawHTML { flags |= CMARK_OPT_UNSAFE }
    let bytes = Array(text.utf8)
    guard
      let document = bytes.withUnsafeBufferPointer({ buffer in
        buffer.baseAddress.map { base in
          base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            cmark_parse_document($0, buffer.count, flags)
          }
        } ?? cmark_parse_document("", 0, flags)
      })
    else { return "" }
    defer { cmark_node_free(document) }
    if headingLevels > 0, let walk = cmark_iter_new(document) {
      defer { cmark_iter_free(walk) }
      while cmark_iter_next(walk) != CMARK_EVENT_DONE {
        guard cmark_iter_get_event_type(walk) == CMARK_EVENT_ENTER,
          let node = cmark_iter_get_node(walk), cmark_node_get_type(node) == CMARK_NODE_HEADING
        else { continue }
        let level = cmark_node_get_heading_level(node)
        cmark_node_set_heading_level(node, min(6, level + Int32(headingLevels)))
      }
    }
    guard let result = cmark_render_html(document, flags) else { return "" }
    defer { free(result) }
    return String(cString: result)
  }
}
