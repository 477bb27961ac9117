import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper check`: load the data folder and report every problem.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the data folder and print every problem at its file:line:column.",
    discussion: """
      The templates (built-in, or yours) are checked too: every page and feed is rendered in
      memory in strict mode, so an undefined variable is an error. Nothing is written.
      Exits 0 when there are no errors, 1 when there are, 2 on a usage error.

      Examples:
        vibekeeper check
        vibekeeper check --data ~/household --templates ~/household/templates
        NO_COLOR=1 vibekeeper check --data data 2> problems.txt
      """
  )

  @OptionGroup var dataOptions: DataOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Your templates, checked with the data (default: templates/ beside the data folder, when it exists).",
      valueName: "DIR"))
  var templates: String?

  @OptionGroup var nowOptions: NowOptions

  @OptionGroup var output: OutputOptions

  func run() throws {
    let started = ContinuousClock.now
    let result = dataOptions.load(quiet: output.quiet)
    if output.verbose {
      Terminal.error("loaded \(dataOptions.data) in \(Terminal.milliseconds(since: started)) ms\n")
    }
    // The templates render every page in memory, strictly: undefined variables are errors.
    let folder = templates ?? BuildOptions.defaultTemplateFolder(beside: dataOptions.data)
    let templateProblems = TemplateCheck.diagnostics(
      household: result.household, templates: folder.map { URL(fileURLWithPath: $0) },
      templatesDisplay: folder, clock: try nowOptions.clock(result.household.settings))
    let crossRecord = HouseholdChecks.diagnostics(result.household)
    Terminal.printDiagnostics(crossRecord + templateProblems, quiet: output.quiet)
    let all = result.diagnostics + crossRecord + templateProblems
    let errors = all.errorCount
    let warnings = all.warningCount
    if !output.quiet {
      Terminal.out("Checked \(dataOptions.data):\n")
      Terminal.out(LoadSummary.text(result.household, diagnostics: result.diagnostics))
      Terminal.out(
        DiagnosticFormatter(color: false).summary(errors: errors, warnings: warnings) + "\n")
    }
    if errors > 0 { throw ExitCode(1) }
  }
}
