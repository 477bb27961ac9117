import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper search QUERY`: gifts, items and contacts by relevance.
struct SearchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find gifts, items and contacts (case and accent insensitive).",
    discussion: """
      Scores: exact name 100, name prefix 50, name contains 25, any other field 10.

      Examples:
        vibekeeper search zoe
        vibekeeper search "oat milk" --format json
      """
  )

  @Argument(help: "What to look for.")
  var query: String

  @Option(name: .long, help: "table, json, csv or md.")
  var format: ReportFormat = .table

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    let result = dataOptions.load(quiet: !output.verbose)
    Terminal.out(format.render(Reports.search(result.household, query: query)))
    if result.diagnostics.hasErrors { throw ExitCode(1) }
  }
}
