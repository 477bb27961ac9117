import ArgumentParser
import Foundation
import VibeKeeper

/// The options `build` and `watch` share, and one build with its printed summary.
struct BuildOptions: ParsableArguments {
  @OptionGroup var dataOptions: DataOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Your templates, overriding the built-in ones by name (default: templates/ beside the data folder, when it exists).",
      valueName: "DIR"))
  var templates: String?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Where the site goes (default: _site; for serve, _serve).", valueName: "DIR"))
  var outputOption: String?

  /// Where the site goes: `--output`, else `_site` (`serve` sets its own default).
  var outputFolder: String { outputOption ?? "_site" }

  @OptionGroup var nowOptions: NowOptions

  @Flag(help: "Fail on any error, and on undefined template variables.")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "How many files to decode and pages to render at once (default: one per processor).",
      valueName: "N"))
  var jobs: Int?

  @Flag(
    help:
      "Render every page, even those whose data and templates did not change since the last build."
  )
  var full = false

  @Flag(
    help:
      "Publish even when the data has far fewer records than the published site (they were really removed)."
  )
  var allowShrink = false

  @Flag(
    help:
      "A local build, never to publish: the dashboard shows the secret feed addresses with QR codes."
  )
  var local = false

  @OptionGroup var output: OutputOptions

  var quiet: Bool { output.quiet }
  var verbose: Bool { output.verbose }

  /// The template folder in use: `--templates`, else `templates/` beside the data folder.
  var templateFolder: String? { templates ?? Self.defaultTemplateFolder(beside: dataOptions.data) }

  /// `templates/` beside the data folder, when it exists.
  static func defaultTemplateFolder(beside data: String) -> String? {
    let shown = DataFolderPath.parent(of: data)
    let candidate = shown.isEmpty ? "templates" : shown + "/templates"
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir) && isDir.boolValue
      ? candidate : nil
  }

  /// What one build came to.
  enum Result {
    /// Nothing was published.
    case failed
    /// Published, with this many errors reported (their records are left out).
    case published(errors: Int)
  }

  /// Builds once, prints diagnostics and the summary line. With `kept` (watch), files
  /// unchanged since the last build are not decoded again, nor is what the render made.
  /// Exits 1 when nothing could ever be published into the output folder (`watch` and
  /// `serve` would run on without a site).
  func requireUsableOutput() throws {
    let build = dataOptions.siteBuild(templates: templateFolder, output: outputFolder)
    guard let problem = build.outputProblem else { return }
    Terminal.error("error: \(problem.description)\n")
    throw ExitCode(1)
  }

  func buildOnce(prefix: String = "Built", kept: inout SiteBuild.Kept?) throws -> Result {
    try buildOnce(prefix: prefix, kept: &kept, at: nil).result
  }

  /// Builds once at `instant` (else at `--now` or the clock), with `configure` making
  /// last changes to the build (`serve`'s address); the result, and the build's outcome
  /// (its settings, its "now", when "now" changes next).
  func buildOnce(
    prefix: String = "Built", kept: inout SiteBuild.Kept?, at instant: Date?,
    configure: (inout SiteBuild) -> Void = { _ in }
  ) throws -> (result: Result, outcome: SiteBuild.Outcome) {
    let started = ContinuousClock.now
    let folder = templateFolder
    var build = dataOptions.siteBuild(templates: folder, output: outputFolder)
    build.strict = strict
    build.full = full
    build.allowsShrinking = allowShrink
    build.codeIdentity = Self.codeIdentity
    build.keep(kept)
    if let jobs { build.jobs = max(1, jobs) }
    build.showsSecretAddresses = local
    configure(&build)
    let bar = BuildProgress(label: "Rendering", enabled: !quiet && Terminal.isTerminal(fd: 2))
    let clock: (Settings) throws -> LocalClock =
      instant.map { at in { LocalClock(now: at, timeZone: $0.timeZone) } } ?? nowOptions.clock
    let outcome = try build.run(clock: clock) { bar.update($0, $1) }
    kept?.update(from: outcome)
    Terminal.printDiagnostics(
      outcome.diagnostics, quiet: quiet, fences: dataOptions.fences(templates: folder))
    if let failure = outcome.failure {
      Terminal.error("error: \(failure.description)\n")
      return (.failed, outcome)
    }
    let errors = outcome.diagnostics.errorCount
    let seconds = (ContinuousClock.now - started).seconds
    if !quiet {
      let counts = DiagnosticFormatter(color: false).summary(
        errors: errors, warnings: outcome.diagnostics.warningCount)
      let leftOut =
        errors > 0
        ? "; records with errors are left out (`vibekeeper check` lists them)" : ""
      Terminal.out(
        "\(prefix) \(outcome.pages) pages and \(outcome.feeds) feeds from \(outcome.records) records into \(outputFolder) "
          + "(\(counts)) in \(String(format: "%.2f", seconds)) s\(leftOut)\n"
      )
    }
    if verbose, let p = outcome.published {
      Terminal.out(
        "  \(outcome.decodedFiles) record files decoded, \(outcome.rendered) rendered, \(outcome.skipped) unchanged since the last build\n"
          + "  \(p.written) written, \(p.linked) linked, \(p.unchanged) untouched, \(p.removed) removed, \(p.kept) of yours kept\n"
          + "  \(outcome.steps.summary)\n"
      )
    }
    return (.published(errors: errors), outcome)
  }

  /// This program's identity for the page record: its version and the executable's size,
  /// modification time and inode, so a new or rebuilt `vibekeeper` renders every page again.
  static var codeIdentity: String {
    let version = VibeKeeperCLI.configuration.version
    let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
    guard let a = try? FileManager.default.attributesOfItem(atPath: path),
      let size = a[.size] as? NSNumber, let date = a[.modificationDate] as? Date
    else { return version + "-unknown" }
    let inode = (a[.systemFileNumber] as? NSNumber)?.intValue ?? 0
    return "\(version)-\(size.intValue)-\(date.timeIntervalSince1970)-\(inode)"
  }
}

/// `vibekeeper build`: the dashboard, pages and feeds, published atomically.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Build the site (dashboard, pages, calendar feeds) into the output folder.",
    discussion: """
      The new site is written beside the output folder and swapped in only when complete, so a
      failed or interrupted build leaves the previous site as it was. Nothing is published
      when the data folder cannot be read, when it gives less than half the records of the
      published site (unless --allow-shrink), when a template fails, or, with --strict, on
      any error. Exits 1 whenever an error was reported (records and fields with errors are
      left out of a published site), 2 on a usage error.

      Examples:
        vibekeeper build
        vibekeeper build --data ~/household --output ~/public/home
        vibekeeper build --now 2026-11-22T10:00 --strict
      """
  )

  @OptionGroup var options: BuildOptions

  func run() throws {
    var noCache: SiteBuild.Kept? = nil
    guard case .published(errors: 0) = try options.buildOnce(kept: &noCache) else {
      throw ExitCode(1)
    }
  }
}
