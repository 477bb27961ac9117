/// A position in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path as shown to the user (relative to the working folder when possible).
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
  case note, warning, error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in the user's data or templates, reported compiler-style.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// Error, warning or note.
  public var severity: Severity
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong.
  public var message: String
  /// How to fix it, when there is a useful suggestion.
  public var hint: String?
  /// A second place that matters (the other file of a duplicate id, say).
  public var related: SourceLocation?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ location: SourceLocation, _ message: String, hint: String? = nil,
    related: SourceLocation? = nil
  ) {
    self.severity = severity
    self.location = location
    self.message = message
    self.hint = hint
    self.related = related
  }

  /// `file:line:column: severity: message`, then the hint and related place on their own lines.
  public var description: String {
    var s = "\(location): \(severity.rawValue): \(message)"
    if let related { s += "\n\(related): note: see also here" }
    if let hint { s += "\n  hint: \(hint)" }
    return s
  }
}

extension Array where Element == Diagnostic {
  /// The number of errors.
  public var errorCount: Int { filter { $0.severity == .error }.count }
  /// The number of warnings.
  public var warningCount: Int { filter { $0.severity == .warning }.count }
  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}
