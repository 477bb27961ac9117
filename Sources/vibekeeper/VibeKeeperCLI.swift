import ArgumentParser
import Foundation
import VibeKeeper

/// The `vibekeeper` command: a thin layer over the VibeKeeper library.
@main
struct VibeKeeperCLI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vibekeeper",
    abstract: "Your household's life admin as plain text: a dashboard, calendar feeds and reports.",
    discussion: """
      Exit status: 0 on success, 1 for problems in the data or templates, 2 for usage errors.
      Diagnostics go to standard error, results to standard output; colour only on a
      terminal and never with NO_COLOR set.

      Examples:
        vibekeeper build --data data            # the dashboard and feeds into _site/
        vibekeeper check                        # every problem at its file:line:column
        vibekeeper report budgets --format json
        vibekeeper capture "Mom would love a pottery class for her birthday, about 80 euros"
        vibekeeper watch                        # rebuild on every change
        vibekeeper done vitamin-d               # today's dose, taken
        vibekeeper bought oat-milk 1.89 --list weekend
      """,
    version: "0.1.0",
    subcommands: [
      InitCommand.self, BuildCommand.self, WatchCommand.self, CheckCommand.self,
      ReportCommand.self, SearchCommand.self, NewCommand.self, CaptureCommand.self,
      DoneCommand.self, PlayedCommand.self, BoughtCommand.self, ListCommand.self,
      UsedCommand.self, GiftCommand.self, ImportCommand.self, ServeCommand.self, FeedsCommand.self,
      NotifyCommand.self,
      CompletionsCommand.self,
    ]
  )

  /// Runs the command; usage errors exit with 2, data errors with 1.
  static func main() {
    // An argument that is not UTF-8 would be changed silently (to U+FFFD): a path that
    // then names another file. Say so instead.
    for i in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else {
        continue
      }
      Terminal.error(
        "error: argument \(i) is not valid UTF-8; VibeKeeper takes UTF-8 paths and text\n")
      Foundation.exit(2)
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { Terminal.out(message + "\n") }
        Foundation.exit(0)
      }
      if !message.isEmpty { Terminal.error(message + "\n") }
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}
