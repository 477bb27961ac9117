import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper check`: load the data folder and report every problem.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the data folder and print every problem at its file:line:column.",
    discussion: """
      Exits 0 when there are no errors, 1 when there are, 2 on a usage error.

      Examples:
        vibekeeper check
        vibekeeper check --data ~/household
        NO_COLOR=1 vibekeeper check --data data 2> problems.txt
      """
  )

  @OptionGroup var dataOptions: DataOptions

  @OptionGroup var output: OutputOptions

  func run() throws {
    let started = ContinuousClock.now
    let result = dataOptions.load(quiet: output.quiet)
    if output.verbose {
      Terminal.error("loaded \(dataOptions.data) in \(Terminal.milliseconds(since: started)) ms\n")
    }
    let errors = result.diagnostics.errorCount
    let warnings = result.diagnostics.warningCount
    if !output.quiet {
      Terminal.out("Checked \(dataOptions.data):\n")
      Terminal.out(LoadSummary.text(result.household, diagnostics: result.diagnostics))
      Terminal.out(
        DiagnosticFormatter(color: false).summary(errors: errors, warnings: warnings) + "\n")
    }
    if errors > 0 { throw ExitCode(1) }
  }
}
