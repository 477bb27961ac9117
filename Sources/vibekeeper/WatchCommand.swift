import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper watch`: rebuild whenever the data or templates change.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Build, then rebuild whenever anything in the data or template folders changes.",
    discussion: """
      On Linux the kernel tells of each change (inotify); elsewhere the folders are looked
      at every --interval seconds. Changes are debounced: a rebuild starts once nothing has
      changed for --debounce seconds. A rebuild that fails keeps the last good site and prints the diagnostics.
      Stop with Ctrl-C.

      Examples:
        vibekeeper watch
        vibekeeper watch --data ~/household --output /tmp/home --debounce 1
      """
  )

  @OptionGroup var options: BuildOptions

  @Option(help: ArgumentHelp("Seconds without changes before a rebuild.", valueName: "SECONDS"))
  var debounce: Double = 0.05

  @Option(
    help: ArgumentHelp(
      "Seconds between looks at the folders where the kernel does not tell of changes.",
      valueName: "SECONDS"))
  var interval: Double = 0.25

  func validate() throws {
    // A tiny interval would look at the folders in a busy loop.
    guard interval >= 0.05, interval <= 3600, debounce >= 0, debounce <= 3600 else {
      throw ValidationError(
        "--interval must be from 0.05 to 3600 seconds and --debounce from 0 to 3600")
    }
  }

  func run() throws {
    try options.requireUsableOutput()
    var folders = [URL(fileURLWithPath: options.dataOptions.data)]
    if let t = options.templateFolder { folders.append(URL(fileURLWithPath: t)) }
    // Decoded files are kept between rebuilds: only changed files are read again.
    var kept: SiteBuild.Kept? = SiteBuild.Kept()
    let first = try options.buildOnce(kept: &kept, at: nil).outcome
    // A rebuild with an error the site being served does not have keeps that site.
    var served = first.errorCounts
    // The files the watcher saw change since the last load began, when it can vouch for
    // them (the kernel's events, watching since before that load): no other is looked at.
    var vouched: [String]?
    let keep: (inout SiteBuild) -> Void = {
      $0.servedErrors = served
      $0.changedFiles = vouched
    }
    // An edit is built at the last build's "now" while what that shows still holds (the
    // clock's time otherwise), so only the pages it touches are rendered again.
    var standing = StandingNow()
    standing.record(now: first.now, nextChange: first.nextChange)
    // Said once the watcher is in place: a change saved after the message is seen.
    let watcher = FolderWatcher(folders, pollInterval: interval)
    Terminal.out(
      "Watching \(folders.map(\.relativePath).joined(separator: " and ")) (Ctrl-C to stop)\n")
    while true {
      let changed = watcher.changes(timeout: 3600, quiet: debounce)
      guard !changed.isEmpty else { continue }
      vouched = watcher.vouched(changed)
      if options.verbose { Terminal.out("Changed: \(changed.joined(separator: ", "))\n") }
      let clock = options.nowOptions.now == nil ? Date() : nil
      let at = clock.map { standing.instant(at: $0) }
      var (result, outcome) = try options.buildOnce(
        prefix: "Rebuilt", kept: &kept, at: at, configure: keep)
      if let at, StandingNow.isBehind(outcome.nextChange, at: at, clock: Date()) {
        vouched = nil
        (result, outcome) = try options.buildOnce(
          prefix: "Rebuilt", kept: &kept, at: Date(), configure: keep)
      }
      standing.record(now: outcome.now, nextChange: outcome.nextChange)
      if case .failed = result {
        Terminal.error("The last good site is unchanged.\n")
      } else {
        served = outcome.errorCounts
      }
    }
  }
}
