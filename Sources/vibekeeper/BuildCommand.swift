import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper build`: the dashboard, pages and feeds, published atomically.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Build the site (dashboard, pages, calendar feeds) into the output folder.",
    discussion: """
      The new site is written beside the output folder and swapped in only when complete, so a
      failed or interrupted build leaves the previous site as it was.

      Examples:
        vibekeeper build
        vibekeeper build --data ~/household --output ~/public/home
        vibekeeper build --now 2026-11-22T10:00 --strict
      """
  )

  @OptionGroup var dataOptions: DataOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Your templates, overriding the built-in ones by name (default: templates/ beside the data folder, when it exists).",
      valueName: "DIR"))
  var templates: String?

  @Option(name: .shortAndLong, help: ArgumentHelp("Where the site goes.", valueName: "DIR"))
  var output: String = "_site"

  @OptionGroup var nowOptions: NowOptions

  @Flag(help: "Fail on any error, and on undefined template variables.")
  var strict = false

  @Flag(name: .shortAndLong, help: "Print errors only.")
  var quiet = false

  func run() throws {
    let started = ContinuousClock.now
    let dataURL = URL(fileURLWithPath: dataOptions.data)
    let templateFolder = templates ?? defaultTemplates(beside: dataURL)
    var build = SiteBuild(
      data: dataURL, dataDisplay: dataOptions.data,
      templates: templateFolder.map { URL(fileURLWithPath: $0) },
      templatesDisplay: templateFolder, output: URL(fileURLWithPath: output))
    build.strict = strict
    let outcome = try build.run(clock: nowOptions.clock)
    Terminal.printDiagnostics(outcome.diagnostics, quiet: quiet)
    if let failure = outcome.failure {
      Terminal.error("error: \(failure)\n")
      throw ExitCode(1)
    }
    let seconds =
      Double((ContinuousClock.now - started).components.attoseconds) / 1e18
      + Double((ContinuousClock.now - started).components.seconds)
    if !quiet {
      let warnings = outcome.diagnostics.warningCount
      let errors = outcome.diagnostics.errorCount
      Terminal.out(
        "Built \(outcome.pages) pages and \(outcome.feeds) feeds from \(outcome.records) records into \(output) "
          + "(\(errors) errors, \(warnings) warnings) in \(String(format: "%.2f", seconds)) s\n")
    }
  }

  /// `templates/` beside the data folder, when it exists and is not the built-in folder of
  /// this repository used as data's sibling by accident (it is used either way: same names).
  private func defaultTemplates(beside data: URL) -> String? {
    let candidate = data.deletingLastPathComponent().appendingPathComponent("templates")
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir),
      isDir.boolValue
    else { return nil }
    let shown = (dataOptions.data as NSString).deletingLastPathComponent
    return shown.isEmpty ? "templates" : shown + "/templates"
  }
}
