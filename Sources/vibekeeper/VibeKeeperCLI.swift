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
      Examples:
        vibekeeper check --data data
      """,
    version: "0.1.0",
    subcommands: [
      BuildCommand.self, WatchCommand.self, CheckCommand.self, ReportCommand.self,
      SearchCommand.self, NewCommand.self, CaptureCommand.self,
    ]
  )

  /// Runs the command; usage errors exit with 2, data errors with 1.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { print(message) }
        Foundation.exit(0)
      }
      if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}
