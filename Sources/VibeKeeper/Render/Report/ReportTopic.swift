/// The topics of `vibekeeper report`; `all` is every topic in one summary.
public enum ReportTopic: String, CaseIterable, Sendable {
  case budgets, prices, pantry, shopping, occasions, reminders, streaks, notify, all

  /// The topics that `all` combines, in its order.
  public static let summaryOrder: [ReportTopic] = [
    .occasions, .reminders, .budgets, .shopping, .pantry, .prices, .streaks,
  ]

  /// Builds the topic's report from the household and its analysis (run once, shared by
  /// every topic of `all`); `notifyLog` is the notify state's lines (`all` shows them
  /// when there are channels).
  public func report(
    _ household: Household, analysis: HouseholdAnalysis, notifyLog: [NotifyState.Entry] = []
  ) -> Report {
    let clock = analysis.clock
    switch self {
    case .all:
      let topics =
        ReportTopic.summaryOrder + (household.settings.notify.channels.isEmpty ? [] : [.notify])
      let sections = topics.map {
        $0.report(household, analysis: analysis, notifyLog: notifyLog)
      }
      var report = Report(
        topic: "all", tables: [],
        json: .object(
          [
            JSONField("title", .string(household.settings.title)),
            JSONField("today", .string("\(clock.today)")),
          ]
            + sections.map { JSONField($0.topic, $0.json) }),
        diagnostics: sections.flatMap(\.diagnostics))
      report.heading =
        "\(household.settings.title): household report, \(LocalClock.dayMonthYear(clock.today))"
      report.sections = sections
      return report
    case .budgets: return Reports.budgets(household, analysis: analysis)
    case .prices: return Reports.prices(household, analysis: analysis)
    case .pantry: return Reports.pantry(household, analysis: analysis)
    case .shopping: return Reports.shopping(household, analysis: analysis)
    case .occasions: return Reports.occasions(household, analysis: analysis)
    case .reminders: return Reports.reminders(household, analysis: analysis)
    case .streaks: return Reports.streaks(household, analysis: analysis)
    case .notify: return Reports.notifications(household, log: notifyLog, clock: clock)
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
    if !report.sections.isEmpty {
      let body = report.sections.map(render)
      switch self {
      case .json: return report.json.serialized()
      case .md:
        return "# \(TableFormatter.markdownText(report.heading ?? report.topic))\n\n"
          + body.joined(separator: "\n")
      case .csv: return body.joined(separator: "\r\n")
      case .table:
        return (report.heading.map { TerminalText.escaped($0) + "\n\n" } ?? "")
          + body.joined(separator: "\n")
      }
    }
    switch self {
    case .table:
      return report.tables.map(TableFormatter.text).joined(separator: "\n")
    case .json:
      return report.json.serialized()
    case .csv:
      // Several tables: each block starts with a comment-like title row of its own.
      if report.tables.count == 1 { return TableFormatter.csv(report.tables[0]) }
      return report.tables.map {
        TableFormatter.csvField("# " + $0.title) + "\r\n" + TableFormatter.csv($0)
      }
      .joined(separator: "\r\n")
    case .md:
      let title = report.topic.prefix(1).uppercased() + report.topic.dropFirst()
      return "## \(title)\n\n" + report.tables.map(TableFormatter.markdown).joined(separator: "\n")
    }
  }
}
