import ArgumentParser
import Foundation
import VibeKeeper

extension ImportAction.Format: ExpressibleByArgument {}
extension VCardOptions.Categories: ExpressibleByArgument {}

/// `vibekeeper import FORMAT FILE...`: bring contacts, calendars, habits and purchases in
/// from the exports of other applications.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import contacts, calendars, habits and purchases from other applications' exports.",
    discussion: """
      Formats: vcard (contacts from a phone, Google, iCloud, Outlook, Thunderbird, \
      Nextcloud), ical (the events of a calendar export, as occasions), loop (Loop Habit \
      Tracker's CSV export folder), csv (game results from another app, with --mapping), \
      purchases-csv (a bank or supermarket export, with --mapping). Running it again adds \
      nothing; a grown export adds only what is new. What cannot be imported is listed \
      with its line, and never stops the rest. Everything is written through the same \
      safe writer as the daily actions: see docs/import.md.

      Examples:
        vibekeeper import vcard ~/Downloads/contacts.vcf --dry-run
        vibekeeper import vcard contacts.vcf --categories folders --photos --commit
        vibekeeper import ical holidays.ics
        vibekeeper import loop ~/Downloads/Loop-Habits-CSV-2026-11-24/
        vibekeeper import purchases-csv bank.csv --mapping bank.rules.yml
      """)

  @Argument(help: "vcard, ical, loop, csv or purchases-csv.")
  var format: ImportAction.Format

  @Argument(help: "The export files (for loop: the unzipped export folder).")
  var files: [String]

  @Option(
    name: .long,
    help: ArgumentHelp("The mapping file for csv and purchases-csv.", valueName: "FILE"))
  var mapping: String?

  @Option(
    name: .long,
    help: "Where a contact's categories go: tags (default), folders (the first one), or none.")
  var categories: VCardOptions.Categories = .tags

  @Flag(name: .long, help: "Write the contacts' photos into media/contacts/.")
  var photos = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Your own card's name: its related names (mother, sister) become those contacts' relationship.",
      valueName: "NAME"))
  var me: String?

  @Option(name: .long, help: ArgumentHelp("Who played (loop and csv results).", valueName: "NAME"))
  var player: String?

  @Flag(name: .customLong("private"), help: "Mark every imported record private: true.")
  var markPrivate = false

  @OptionGroup var options: ActionOptions

  func validate() throws {
    if (format == .csv || format == .purchasesCSV) && mapping == nil {
      throw ValidationError("import \(format.rawValue) needs --mapping FILE (see docs/import.md)")
    }
    if format != .vcard && (photos || me != nil) {
      throw ValidationError("--photos and --me are for import vcard")
    }
  }

  func run() throws {
    var action = ImportAction(format: format, files: files)
    action.vcard.categories = categories
    action.vcard.photos = photos
    action.vcard.me = me
    action.mapping = mapping
    action.player = player
    action.markPrivate = markPrivate
    action.dryRun = options.dryRun
    let data = options.dataOptions.data
    try DataOptions.requireFolder(data, hint: "use --data DIR, or `vibekeeper init`")
    let run = ActionRun(
      data: data, now: options.now, dryRun: options.dryRun, commit: options.commit,
      quiet: options.quiet)
    let runner = ActionRunner(root: URL(fileURLWithPath: data), displayRoot: run.shownRoot)
    do {
      let outcome = try runner.run(
        action, now: options.now, dryRun: options.dryRun, commit: options.commit)
      Terminal.printDiagnostics(outcome.plan.notes, quiet: options.quiet, fences: [])
      if !options.quiet {
        var text = outcome.plan.summary + "\n"
        if options.dryRun { text += "(dry run: nothing written)\n" }
        if let made = outcome.commit {
          text += "committed \(made): \(outcome.plan.commitMessage)\n"
        }
        Terminal.out(TerminalText.escapedLines(text))
      }
      if let failure = outcome.commitFailure {
        Terminal.error("error: \(TerminalText.escapedLines(failure))\n")
        throw ExitCode(1)
      }
      if outcome.plan.notes.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    } catch let error as DataWriter.Problem {
      Terminal.printDiagnostics(
        error.diagnostics, quiet: false, fences: [data], texts: error.proposed)
      Terminal.error("error: \(TerminalText.escapedLines(error.description))\n")
      throw ExitCode(1)
    }
  }
}
