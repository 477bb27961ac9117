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
  public static func html(_ text: String, options: MarkdownOptions = MarkdownOptions()) -> String {
    var flags = CMARK_OPT_DEFAULT
    if options.smartPunctuation { flags |= CMARK_OPT_SMART }
    if options.allowRawHTML { flags |= CMARK_OPT_UNSAFE }
    let bytes = Array(text.utf8)
    guard
      let result = bytes.withUnsafeBufferPointer({ buffer in
        buffer.baseAddress.map { base in
          base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            cmark_markdown_to_html($0, buffer.count, flags)
          }
        } ?? cmark_markdown_to_html("", 0, flags)
      })
    else { return "" }
    defer { free(result) }
    return String(cString: result)
  }
}
