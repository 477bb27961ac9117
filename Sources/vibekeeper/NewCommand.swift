import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper new KIND TITLE [--FIELD VALUE ...]`: a new record file from a skeleton.
struct NewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Create a new record file with a front-matter skeleton and print its path.",
    discussion: """
      KIND is one of \(RecordKind.allCases.map(\.folder).joined(separator: ", ")) (singular \
      works too: gift, contact). TITLE fills the title, or the name for contacts, items, games \
      and purchases, the item for prices and the game for results. Any other field of the \
      kind is given as --FIELD VALUE; the rest appear as commented lines to fill in later.

      A title that starts with "-" would be read as an option: give the options first, \
      then `--`, then the title (vibekeeper new gift --data d -- "-20% voucher").

      The file is named after the title (gifts/pottery-class.md) and is never overwritten: \
      when the name is taken, the next free one (pottery-class-2.md) is used and a note says \
      so. The record is checked like `check` would before it is written.

      Exits 0 on success, 1 when a value is wrong (nothing is written), 2 on a usage error \
      (unknown kind or field, missing required field).

      Examples:
        vibekeeper new gift "Pottery class" --for family/mom --price 80
        vibekeeper new contact "Sam Carter" --relationship friend --birthday --07-04
        vibekeeper new occasion "Game night" --date 2026-12-05
        vibekeeper new budget "December groceries" --amount 450 --scope groceries
        vibekeeper new reminder "Vitamin D" --time 08:30 --days mon,wed,fri
      """
  )

  @Argument(
    help: "The kind of record (gift, contact, occasion, ...).",
    completion: .list(
      RecordKind.allCases.map { $0.singular.replacingOccurrences(of: " ", with: "-") }))
  var kind: String

  @Argument(help: "The title or name.")
  var title: String

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var nowOptions: NowOptions

  @Flag(name: .customLong("dry-run"), help: "Show what would be written, write nothing.")
  var dryRun = false
  @Flag(help: "Commit the new record to git.")
  var commit = false

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "Field values, e.g. --price 80 --for family/mom.", valueName: "--FIELD VALUE"))
  var fields: [String] = []

  func run() throws {
    guard let kind = RecordKind(word: kind) else {
      let suggestion = Suggestion.closest(to: kind, in: RecordKind.words)
      throw CreateSupport.usageError(
        NewRecordProblem.unknownKind(kind, suggestion: suggestion).message)
    }
    let pairs = try Self.pairs(fields)
    let result = try CreateSupport.load(dataOptions, quiet: output.quiet)
    let household = result.household
    let clock = try nowOptions.clock(household.settings)
    let draft: RecordDraft
    switch RecordDraft.make(
      kind: kind, title: title, fields: pairs, settings: household.settings, today: clock.today,
      time: clock.localTime(of: clock.now), household: household)
    {
    case .success(let d): draft = d
    case .failure(let problem): throw CreateSupport.usageError(problem.message)
    }
    if NewEntryAction.kinds.contains(kind) {
      // Events that happen often go to the month's list file, one line each.
      try ActionRun(
        data: dataOptions.data, now: nowOptions.now, dryRun: dryRun, commit: commit,
        quiet: output.quiet
      ).run(NewEntryAction(draft: draft))
      return
    }
    try CreateSupport.check(draft, household, dataOptions)
    if dryRun { return CreateSupport.dryRun(draft, household, dataOptions) }
    try CreateSupport.write(draft, household, dataOptions, commit: commit)
  }

  /// `--name value` and `--name=value` pairs, in order.
  static func pairs(_ args: [String]) throws -> [(String, String)] {
    var out: [(String, String)] = []
    var i = 0
    while i < args.count {
      let arg = args[i]
      guard arg.hasPrefix("--"), arg.count > 2 else {
        throw CreateSupport.usageError(NewRecordProblem.notAnOption(arg).message)
      }
      let body = arg.dropFirst(2)
      if let eq = body.firstIndex(of: "=") {
        out.append((String(body[..<eq]), String(body[body.index(after: eq)...])))
        i += 1
        continue
      }
      guard i + 1 < args.count else {
        throw CreateSupport.usageError(NewRecordProblem.missingValue(String(body)).message)
      }
      out.append((String(body), args[i + 1]))
      i += 2
    }
    return out
  }
}
