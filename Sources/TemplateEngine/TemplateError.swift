import VibeBasics

/// A syntax or runtime error in a template, with the place it happened.
///
/// Its `description` reads like a compiler message: the position, the message, then the
/// source line and a caret under the column.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
  /// Where the error is.
  public var location: SourceLocation
  /// What went wrong and, where possible, what was expected.
  public var message: String
  /// The source line the error is on (without its line break).
  public var sourceLine: String

  /// Creates an error at an offset of a template's source.
  init(_ message: String, in source: TemplateSource, at offset: Int) {
    self.location = source.location(offset)
    self.message = message
    self.sourceLine = source.lineText(location.line)
  }

  /// Creates an error that has no position inside a template (a missing template, say).
  init(_ message: String, file: String) {
    self.location = SourceLocation(file: file, line: 1, column: 1)
    self.message = message
    self.sourceLine = ""
  }

  /// The error as a `Diagnostic` (severity error).
  public var diagnostic: Diagnostic { Diagnostic(.error, location, message) }

  /// `file:line:column: error: message`, the source line, and a caret under the column.
  public var description: String {
    var text = "\(location): error: \(message)"
    guard !sourceLine.isEmpty else { return text }
    text += "\n" + sourceLine + "\n"
    var pad = ""
    for (i, scalar) in sourceLine.unicodeScalars.enumerated() where i < location.column - 1 {
      pad.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
    }
    return text + pad + "^"
  }
}

extension String {
  /// `; did you mean 'x'?` when a close candidate exists, else the empty string.
  static func didYouMean(_ name: String, in candidates: [String]) -> String {
    guard let match = Suggestion.closest(to: name, in: candidates) else { return "" }
    return "; did you mean '\(match)'?"
  }
}
