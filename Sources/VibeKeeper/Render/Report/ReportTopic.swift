/// The topics of `vibekeeper report`.
public enum ReportTopic: String, CaseIterable, Sendable {
  case budgets, prices, pantry, shopping, occasions, reminders, streaks

  /// Builds the topic's report from the household as seen by `clock`.
  public func report(_ household: Household, clock: LocalClock) -> Report {
    switch self {
    case .budgets: Reports.budgets(household, clock: clock)
    case .prices: Reports.prices(household, clock: clock)
    case .pantry: Reports.pantry(household, clock: clock)
    case .shopping: Reports.shopping(household, clock: clock)
    case .occasions: Reports.occasions(household, clock: clock)
    case .reminders: Reports.reminders(household, clock: clock)
    case .streaks: Reports.streaks(household, clock: clock)
    }
  }
}

/// How a report is written out.
public enum ReportFormat: String, CaseIterable, Sendable {
  /// Aligned columns for a terminal.
  case table
  /// The analysis as JSON with snake_case keys.
  case json
  /// RFC 4180 CSV, one block per table.
  case csv
  /// GitHub-flavoured Markdown tables.
  case md

  /// The report written in this format.
  public func render(_ report: Report) -> String {
    switch self {
    case .table:
      return report.tables.map(TableFormatter.text).joined(separator: "\n")
    case .json:
      return report.json.serialized()
    case .csv:
      // Several tables: each block starts with a comment-like title row of its own.
      if report.tables.count == 1 { return TableFormatter.csv(report.tables[0]) }
      return report.tables.map { "# \($0.title)\r\n" + TableFormatter.csv($0) }
        .joined(separator: "\r\n")
    case .md:
      let title = report.topic.prefix(1).uppercased() + report.topic.dropFirst()
      return "## \(title)\n\n" + report.tables.map(TableFormatter.markdown).joined(separator: "\n")
    }
  }
}
