import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper init [DIR]`: a new data folder.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Create a new data folder that `check` accepts.",
    discussion: """
      Writes vibekeeper.yml (time zone and currency default to the system's, and the output \
      says which were taken), a folder per kind, a .gitignore for local files and a \
      .gitattributes that lets two people append to the same monthly log without a merge \
      conflict. With --git: a repository (unless the folder is in one), a pre-commit hook \
      that runs `vibekeeper check`, and a first commit. A folder that already holds \
      anything is refused.

      Examples:
        vibekeeper init
        vibekeeper init ~/household --title "The Smiths" --time-zone Europe/Berlin --currency EUR --git
      """)

  @Argument(help: "The folder to create (default: data).") var folder: String = "data"
  @Option(help: "The household's name.") var title: String = "Our household"
  @Option(name: .customLong("time-zone"), help: "An IANA time zone (default: the system's).")
  var timeZone: String?
  @Option(help: "An ISO 4217 currency code (default: the system's).") var currency: String?
  @Flag(help: "Make it a git repository with a pre-commit hook and a first commit.")
  var git = false
  @Flag(name: [.short, .long], help: "Print only errors.") var quiet = false

  func run() throws {
    guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ValidationError("--title must not be empty; give the household's name")
    }
    let zone = timeZone ?? TimeZone.current.identifier
    guard TimeZone(identifier: zone) != nil else {
      throw ValidationError("unknown time zone '\(zone)'; use an IANA name such as Europe/Berlin")
    }
    let code = (currency ?? Locale.current.currency?.identifier ?? "EUR").uppercased()
    guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }), ISO4217.isKnown(code)
    else {
      let guess = ISO4217.closest(to: code)
      throw ValidationError(
        "'\(code)' is not an ISO 4217 currency code such as EUR"
          + (guess.map { " (did you mean '\($0)'?)" } ?? ""))
    }
    var setup = DataFolderInit(
      folder: URL(fileURLWithPath: folder), title: title, timeZone: zone, currency: code)
    setup.git = git
    setup.executable = Bundle.main.executablePath
    do {
      let outcome = try setup.run()
      guard !quiet else { return }
      var text = "Created the data folder \(folder)\n"
      text +=
        "  time zone \(zone)\(timeZone == nil ? " (the system's; change it in vibekeeper.yml)" : "")\n"
      text +=
        "  currency \(code)\(currency == nil ? " (the system's; change it in vibekeeper.yml)" : "")\n"
      if git {
        text +=
          outcome.createdRepository
          ? "  a new git repository\n" : "  in the existing git repository\n"
        text +=
          outcome.hook
          ? "  a pre-commit hook that runs `vibekeeper check`\n"
          : "  (a pre-commit hook was there already; left as it was)\n"
        if let commit = outcome.commit { text += "  first commit \(commit)\n" }
      }
      text += "Next: vibekeeper new contact \"Ana\" --data \(folder) --birthday 1990-05-14\n"
      Terminal.out(TerminalText.escapedLines(text))
    } catch {
      Terminal.error("error: " + TerminalText.escapedLines(error.description + "\n"))
      throw ExitCode(1)
    }
  }
}
