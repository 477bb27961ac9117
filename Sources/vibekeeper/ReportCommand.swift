import ArgumentParser
import Foundation
import VibeKeeper

extension ReportTopic: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}

/// `--now DATETIME`, shared by every command whose output depends on the date.
struct NowOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Treat this as the current time: YYYY-MM-DD or YYYY-MM-DDTHH:MM, local to the data's time zone (default: the clock).",
      valueName: "DATETIME"))
  var now: String?

  /// A `--now` that is no date or time is a usage error, whatever the command.
  func validate() throws {
    guard let now, NowOption.parse(now, timeZone: TimeZone(identifier: "UTC") ?? .current) == nil
    else { return }
    throw ValidationError("--now must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], not '\(now)'")
  }

  /// A clock in the settings' time zone at `--now`, or at the wall clock.
  func clock(_ settings: Settings) throws -> LocalClock {
    guard let now else { return LocalClock(now: Date(), timeZone: settings.timeZone) }
    guard let instant = NowOption.parse(now, timeZone: settings.timeZone) else {
      throw ValidationError("--now must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], not '\(now)'")
    }
    return LocalClock(now: instant, timeZone: settings.timeZone)
  }
}

/// `vibekeeper report TOPIC`: an analysis as a table, JSON, CSV or Markdown.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Print the analysis of one topic.",
    discussion: """
      Topics: \(ReportTopic.allCases.map(\.rawValue).joined(separator: ", ")); `all` is every
      topic in one summary (with --format md, a monthly report to mail or commit). Errors in
      the data are printed on standard error (all diagnostics with --verbose) and make the
      exit status 1; the report still covers every record that loaded.

      Examples:
        vibekeeper report occasions
        vibekeeper report streaks --now 2026-11-22T10:00
        vibekeeper report reminders --format json | jq '.reminders[0].next_occurrence'
        vibekeeper report budgets --format csv > budgets.csv
        vibekeeper report all --format md > reports/2026-11.md
      """
  )

  @Argument(help: "The topic.")
  var topic: ReportTopic

  @Option(name: .long, help: "table, json, csv or md.")
  var format: ReportFormat = .table

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var nowOptions: NowOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var stateOptions: StateOptions

  func run() throws {
    let started = ContinuousClock.now
    let (loaded, analysis) = try dataOptions.siteBuild(templates: nil).analyse(
      clock: nowOptions.clock)
    let diagnostics = BuildDiagnostics.collect(loaded: loaded, analysis: analysis)
    let log =
      topic == .notify || topic == .all
      ? stateOptions.notifyState(data: dataOptions.data).entries() : []
    let report = topic.report(loaded.household, analysis: analysis, notifyLog: log)
    // Errors always; warnings with --verbose (the report's JSON carries its topic's).
    Terminal.printDiagnostics(
      diagnostics, quiet: !output.verbose, fences: dataOptions.fences(templates: nil))
    if output.verbose {
      Terminal.error(
        "\(loaded.household.recordCount) records, report in \(Terminal.milliseconds(since: started)) ms\n"
      )
    }
    // No data folder at all (a wrong --data): no report, so `> budgets.json` in a cron job
    // does not replace yesterday's file with an empty one.
    guard loaded.folderReadable else { throw ExitCode(1) }
    let text = format.render(report)
    // CSV, JSON and Markdown are written as they are for a file or a pipe; on a terminal a
    // person reads them, and what the data holds must not drive the terminal (escape
    // sequences, bidirectional controls): those are written out.
    Terminal.out(
      format != .table && Terminal.isTerminal(fd: 1)
        ? TerminalText.escapedLines(text.replacingOccurrences(of: "\r\n", with: "\n")) : text)
    if diagnostics.hasErrors { throw ExitCode(1) }
  }
}
