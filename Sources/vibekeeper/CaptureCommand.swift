import ArgumentParser
import Foundation
import VibeKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `vibekeeper capture "TEXT"`: a gift idea from one sentence.
struct CaptureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "capture",
    abstract: "Capture a gift idea from one sentence and write it to gifts/.",
    discussion: """
      Reads the recipient (a contact's name, first name or relationship: mom, mum, dad, \
      my sister, Sam's), the idea, the occasion (birthday, Christmas/Xmas, or words of an \
      occasion's title), a date (12 Dec, December 12th, 12/12, next Friday) and the price \
      ($35, 35$, ~25€, 80 euros, about 80, under 50). What it found is shown on stderr with \
      a confidence for each field; fields below 0.70 are asked about on a terminal, \
      accepted with --yes, and otherwise refused. Flags replace what the sentence says.

      A sentence that starts with "-" would be read as an option: give the options first, \
      then `--`, then the sentence.

      The gift is written as an idea with `created:` set to today, never over an existing \
      file, and its path is printed. --dry-run shows the record without writing it.

      Exits 0 when written (or shown), 1 when something is missing, unsure or wrong, 2 on \
      a usage error.

      Examples:
        vibekeeper capture "Mom would love a pottery class, about 80 euros"
        vibekeeper capture "Board game for Priya's housewarming, 35€" --yes
        vibekeeper capture "for Dad: a bread book (~25€) for Xmas" --dry-run
        vibekeeper capture "headphones, £120" --for partner
      """
  )

  @Argument(help: "The sentence, e.g. \"Zoë: noise-cancelling headphones, £120\".")
  var text: String

  @Option(name: .customLong("for"), help: ArgumentHelp("The recipient.", valueName: "ID"))
  var recipient: String?

  @Option(help: ArgumentHelp("The gift's title.", valueName: "T"))
  var title: String?

  @Option(help: ArgumentHelp("An occasion id, or birthday.", valueName: "ID"))
  var occasion: String?

  @Option(help: ArgumentHelp("The price.", valueName: "N"))
  var price: String?

  @Option(help: ArgumentHelp("The price's currency (ISO 4217).", valueName: "C"))
  var currency: String?

  @Option(help: ArgumentHelp("The date it is for.", valueName: "D"))
  var date: String?

  @Flag(help: "Accept unsure fields without asking.")
  var yes = false

  @Flag(name: .customLong("dry-run"), help: "Show the record, write nothing.")
  var dryRun = false

  @OptionGroup var nowOptions: NowOptions
  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    let household = try CreateSupport.load(dataOptions, quiet: output.quiet).household
    let clock = try nowOptions.clock(household.settings)
    var overrides = CaptureOverrides()
    overrides.recipient = recipient
    overrides.title = title
    overrides.occasion = occasion
    overrides.price = price
    overrides.currency = currency
    overrides.date = date
    var result: CaptureResult
    switch overrides.apply(
      to: GiftCapture.parse(text, household: household, clock: clock), household: household,
      today: clock.today)
    {
    case .success(let r): result = r
    case .failure(let problem): return try fail(problem.description)
    }
    result.notes += GiftCapture.repeatNotes(result, household: household)
    if !output.quiet {
      Terminal.error("Captured:\n")
      for line in GiftCapture.summary(result, household: household) {
        Terminal.error(TerminalText.escaped(line) + "\n")
      }
      for note in result.notes { Terminal.error("note: \(TerminalText.escaped(note))\n") }
    }
    guard result.missing.isEmpty else {
      return try fail(GiftCapture.missingProblem(result).description)
    }
    try confirm(&result)
    let draft: RecordDraft
    switch GiftCapture.draft(
      result, sentence: text, settings: household.settings, today: clock.today)
    {
    case .success(let d): draft = d
    case .failure(let problem): return try fail(problem.description)
    }
    try CreateSupport.check(draft, household, dataOptions)
    if dryRun { return CreateSupport.dryRun(draft, household, dataOptions) }
    try CreateSupport.write(draft, household, dataOptions)
  }

  /// Settles the fields below the threshold: --yes accepts them, a terminal asks, and
  /// anything else refuses.
  private func confirm(_ result: inout CaptureResult) throws {
    let unsure = result.uncertain()
    guard !unsure.isEmpty, !yes else { return }
    guard isatty(0) == 1, isatty(2) == 1 else {
      return try fail(GiftCapture.unsureProblem(result).description)
    }
    for field in unsure where result.text(of: field) != nil {
      Terminal.error(
        "Is \(field.rawValue) = \(TerminalText.escaped(result.text(of: field) ?? "")) right? [y/N] "
      )
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
      guard answer == "y" || answer == "yes" else {
        // A price, occasion or date said to be wrong is left out; a gift needs the rest.
        if result.drop(field) {
          Terminal.error("Left out \(field.rawValue); give it with \(field.flag) if you know it.\n")
          continue
        }
        return try fail("\(field.rawValue) not confirmed; give it with \(field.flag)")
      }
      result.confirm(field)
    }
  }

  private func fail(_ message: String) throws {
    Terminal.error("error: \(message)\n")
    throw ExitCode(1)
  }
}
