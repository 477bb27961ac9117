/// The result of `vibekeeper report TOPIC`: titled tables for people and one JSON value
/// for scripts, built from an analysis by a pure function.
public struct Report: Sendable {
  /// The topic name (`budgets`).
  public var topic: String
  /// Tables in display order (a topic may have several, e.g. one per budget).
  public var tables: [ReportTable]
  /// The machine-readable result, with the spec's snake_case keys.
  public var json: JSONValue
  /// Warnings the analysis found (overlapping budgets, money left out for its currency),
  /// for the command line to print compiler-style; the JSON carries them as well.
  public var diagnostics: [Diagnostic]
  /// For `report all`: a heading and the report of each topic.
  public var heading: String?
  public var sections: [Report] = []

  /// Creates a report.
  public init(
    topic: String, tables: [ReportTable], json: JSONValue, diagnostics: [Diagnostic] = []
  ) {
    self.topic = topic
    self.tables = tables
    self.json = json
    self.diagnostics = diagnostics
  }
}

/// A titled table of text cells.
public struct ReportTable: Sendable, Hashable {
  /// How a column's cells line up.
  public enum Alignment: Sendable, Hashable { case left, right }

  public var title: String
  public var headers: [String]
  public var alignments: [Alignment]
  public var rows: [[String]]
  /// Lines printed under the table (totals, notes).
  public var footer: [String]

  /// Creates a table; alignments default to left.
  public init(
    title: String, headers: [String], alignments: [Alignment]? = nil, rows: [[String]],
    footer: [String] = []
  ) {
    self.title = title
    self.headers = headers
    self.alignments = alignments ?? headers.map { _ in .left }
    self.rows = rows
    self.footer = footer
  }
}
