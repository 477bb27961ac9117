import VibeBasics

/// The text of one template and the name it is shown under, shared by every node parsed
/// from it so errors can point at a line and column without copying the source.
public final class TemplateSource: Sendable {
  /// The template's name in the library (`gift.html`, `partials/row.html`).
  public let name: String
  /// The path shown in messages (`templates/gift.html`, or `<default>/gift.html`).
  public let displayPath: String
  /// The template text as Unicode scalars (positions are offsets into this array).
  let scalars: [Unicode.Scalar]
  /// The template text.
  var text: String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
  /// Scalar offsets at which each line starts.
  private let lineStarts: [Int]

  /// Whether `other` is the same template: the same name, path and text, scalar for
  /// scalar.
  func isSame(as other: TemplateSource) -> Bool {
    self === other
      || (name == other.name && displayPath == other.displayPath && scalars == other.scalars)
  }

  /// Wraps a template's text.
  public init(name: String, displayPath: String? = nil, text: String) {
    self.name = name
    self.displayPath = displayPath ?? name
    let scalars = Array(text.unicodeScalars)
    self.scalars = scalars
    var starts = [0]
    for (i, s) in scalars.enumerated() where s == "\n" { starts.append(i + 1) }
    self.lineStarts = starts
  }

  /// The 1-based line and column of a scalar offset.
  func lineAndColumn(_ offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return (low + 1, offset - lineStarts[low] + 1)
  }

  /// The location of a scalar offset, for diagnostics.
  func location(_ offset: Int) -> SourceLocation {
    let (line, column) = lineAndColumn(offset)
    return SourceLocation(file: displayPath, line: line, column: column)
  }

  /// The text of a 1-based line without its line break.
  func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
    if end > start, scalars[end - 1] == "\r" { end -= 1 }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[start..<max(start, end)])
    return String(view)
  }
}
