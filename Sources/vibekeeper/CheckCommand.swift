import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper check`: load the data folder and report every problem.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the data folder and print every problem at its file:line:column.",
    discussion: """
      `check` is `build --strict` without publishing: the data, the analyses and the
      templates give the diagnostics `build` prints, and an undefined template variable is
      an error. Every page and feed your templates make (or reach through a layout,
      include or import) is rendered in memory; the built-in templates alone need no
      render (only `build` meets the engine's size limits on their pages). Nothing is
      written. Exits 0 when there are no errors, 1 when there are, 2 on a usage error.

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
    // A mistyped --data is said as such, not as a table of nothing.
    try dataOptions.requireFolder()
    let started = ContinuousClock.now
    // `check` is `build --strict` without its publish step: the same diagnostics (an
    // undefined template variable is an error), nothing written.
    let folder = templates ?? BuildOptions.defaultTemplateFolder(beside: dataOptions.data)
    var build = dataOptions.siteBuild(templates: folder)
    build.publishes = false
    build.strict = true
    let outcome = try build.run(clock: nowOptions.clock)
    Terminal.printDiagnostics(
      outcome.diagnostics, quiet: output.quiet,
      fences: dataOptions.fences(templates: folder))
    if output.verbose {
      Terminal.error(
        "checked \(dataOptions.data) in \(Terminal.milliseconds(since: started)) ms (\(outcome.steps.summary))\n"
      )
    }
    let errors = outcome.diagnostics.errorCount
    if !output.quiet {
      Terminal.out("Checked \(dataOptions.data):\n")
      Terminal.out(LoadSummary.text(outcome.household))
      Terminal.out(
        DiagnosticFormatter(color: false).summary(
          errors: errors, warnings: outcome.diagnostics.warningCount) + "\n")
    }
    if errors > 0 { throw ExitCode(1) }
  }
}
