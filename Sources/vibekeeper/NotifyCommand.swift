import ArgumentParser
import Foundation
import VibeKeeper

/// `--state FILE`: the notify state file (what was sent, the action links).
struct StateOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The notify state file (default: ~/.local/state/vibekeeper/notify-HASH.state, one per data folder).",
      valueName: "FILE"))
  var state: String?

  /// The state of the data folder `data`.
  func notifyState(data: String) -> NotifyState {
    if let state { return NotifyState(url: URL(fileURLWithPath: state)) }
    return NotifyState.standard(
      forData: URL(fileURLWithPath: data), environment: ProcessInfo.processInfo.environment)
  }
}

/// `vibekeeper notify`: send the notifications that are due (run from cron).
struct NotifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notify",
    abstract: "Send the reminders that are due now to ntfy, a webhook or email.",
    discussion: """
      Run it every few minutes (cron, a systemd timer); `serve` runs the same loop. Each \
      notice (a dose due, a dose missed, a streak at risk, an occasion's lead days, a \
      budget's alert, food expiring) goes out once per channel, even across restarts and \
      runs that overlap: what was sent is kept in a state file outside the data folder. \
      A run that comes late (the machine slept) still sends what is current and skips \
      what is over. --dry-run prints the schedule from --now through --days ahead, and \
      sends and writes nothing. Channels are set in vibekeeper.yml, their secrets in \
      vibekeeper.local.yml: see docs/notifications.md.

      Examples:
        vibekeeper notify
        vibekeeper notify --dry-run --now 2026-11-24T07:00 --days 2
        */5 * * * * vibekeeper notify --data ~/household --quiet
      """)

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var nowOptions: NowOptions
  @OptionGroup var stateOptions: StateOptions
  @Flag(help: "Print the schedule and what would be sent; send and write nothing.")
  var dryRun = false
  @Option(help: ArgumentHelp("With --dry-run: how many days ahead to list.", valueName: "N"))
  var days = 1
  @Flag(name: [.short, .long], help: "Print only errors.")
  var quiet = false

  func validate() throws {
    guard (0...366).contains(days) else { throw ValidationError("--days must be 0 to 366") }
  }

  func run() throws {
    try dataOptions.requireFolder()
    let data = dataOptions.data
    var notify = NotifyRun(
      root: URL(fileURLWithPath: data), displayRoot: data,
      state: stateOptions.notifyState(data: data),
      environment: ProcessInfo.processInfo.environment)
    notify.nowText = nowOptions.now
    let outcome: NotifyRun.Outcome
    do {
      if dryRun {
        let (planned, clock, found) = try notify.schedule(days: days)
        report(found.diagnostics)
        if let refusal = found.refusal { Terminal.error("error: \(refusal)\n") }
        Terminal.out(
          TerminalText.escapedLines(
            NotifySchedulePrinter.text(planned, clock: clock, channels: found.channels, days: days)
          ))
        if found.refusal != nil || found.hasErrors { throw ExitCode(1) }
        return
      }
      outcome = try notify.run()
    } catch {
      Terminal.error("error: \(TerminalText.escapedLines("\(error)"))\n")
      throw ExitCode(1)
    }
    report(outcome.diagnostics)
    if let refusal = outcome.refusal {
      Terminal.error("error: \(refusal)\n")
      throw ExitCode(1)
    }
    if outcome.channels.isEmpty, !quiet {
      Terminal.out(
        "No channels: nothing to send. Add notify.channels to vibekeeper.yml (docs/notifications.md).\n"
      )
    }
    var text = ""
    for d in outcome.deliveries {
      if let problem = d.problem {
        Terminal.error(TerminalText.escapedLines("error: \(d.channel): \(d.title): \(problem)\n"))
      } else if !quiet {
        text +=
          "Sent to \(d.channel): \(d.title.split(whereSeparator: \.isNewline).joined(separator: "; "))\n"
      }
    }
    if !quiet, outcome.deliveries.isEmpty, !outcome.channels.isEmpty {
      text += "Nothing due.\n"
    }
    Terminal.out(TerminalText.escapedLines(text))
    // A failed send, or records left out for their errors (cron and timers see it).
    if !outcome.succeeded || outcome.hasErrors { throw ExitCode(1) }
  }

  /// The data folder's errors, briefly (a cron run mails what it prints).
  private func report(_ diagnostics: [Diagnostic]) {
    let errors = diagnostics.filter { $0.severity == .error }
    let settings = errors.filter {
      $0.location.file.hasSuffix("vibekeeper.yml")
        || $0.location.file.hasSuffix(LocalSettings.fileName)
    }
    Terminal.printDiagnostics(settings, quiet: true, fences: [dataOptions.data])
    if errors.count > settings.count {
      Terminal.error(
        "warning: \(errors.count - settings.count) record(s) have errors and are left out; `vibekeeper check` shows them\n"
      )
    }
  }
}
