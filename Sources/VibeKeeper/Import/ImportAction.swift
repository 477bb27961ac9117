import Foundation

/// `vibekeeper import FORMAT FILE...`: reads exports of other applications and adds what
/// is new to the data folder through the one writer. Running it again adds nothing; a grown
/// export adds only the difference.
public struct ImportAction: DataAction {
  /// What the files are.
  public enum Format: String, Sendable, CaseIterable {
    /// vCard 2.1, 3.0 or 4.0: contacts, their birthdays, anniversaries and other dates.
    case vcard
    /// iCalendar: the events of a calendar, as occasions.
    case ical
    /// Loop Habit Tracker's CSV export (its folder, or Habits.csv and Checkmarks.csv).
    case loop
    /// Game results from any CSV, with a mapping file.
    case csv
    /// Purchases from a CSV (a bank or supermarket export), with a mapping file.
    case purchasesCSV = "purchases-csv"
  }

  /// The format.
  public var format: Format
  /// The files, as paths the process can open.
  public var files: [String]
  /// How contacts are filed (vCard).
  public var vcard = VCardOptions()
  /// The mapping file (`csv`, `purchases-csv`).
  public var mapping: String?
  /// Who played, for the results of `loop` (and of `csv` without a player column).
  public var player: String?
  /// Whether every imported record gets `private: true`.
  public var markPrivate = false
  /// Whether this is a dry run (the summary then says "would").
  public var dryRun = false

  /// An import of `files` in `format`.
  public init(format: Format, files: [String]) {
    self.format = format
    self.files = files
  }

  public func plan(_ context: ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    var batches: [ImportBatch] = []
    let mapping = try loadMapping(context)
    switch format {
    case .loop:
      batches.append(LoopHabits(clock: context.clock, player: player).batch(files))
    default:
      for file in files {
        switch format {
        case .vcard:
          batches.append(
            VCardContacts(options: vcard, today: context.clock.today).batch(file, file: file))
        case .ical:
          batches.append(ICalOccasions(clock: context.clock).batch(file, file: file))
        case .csv:
          if var mapping {
            if let player, mapping.columns["player"] == nil { mapping.defaults["player"] = player }
            batches.append(ResultsCSV(mapping: mapping, clock: context.clock).batch(file))
          }
        case .purchasesCSV:
          if let mapping {
            batches.append(
              PurchasesCSV(mapping: mapping, household: context.household).batch(file))
          }
        case .loop: break
        }
      }
    }
    if markPrivate {
      for b in batches.indices {
        for r in batches[b].records.indices {
          batches[b].records[r].fields.append(("private", .plain("true")))
        }
      }
    }
    var planner = ImportPlanner(household: context.household, writer: context.writer)
    let planned = try planner.plan(batches)
    let report = ImportReport(
      files: planned.files, changes: planned.changes, writer: context.writer)
    var plan = ActionPlan(
      changes: planned.changes, summary: report.text(dryRun: dryRun),
      commitMessage: report.commitMessage(format: format))
    plan.notes = planned.files.flatMap(\.problems)
    return plan
  }

  /// The mapping file of `csv` and `purchases-csv`, read and checked.
  private func loadMapping(_ context: ActionContext) throws(DataWriter.Problem) -> CSVMapping? {
    guard format == .csv || format == .purchasesCSV else { return nil }
    guard let mapping else {
      throw DataWriter.Problem(
        description:
          "import \(format.rawValue) needs a mapping file: --mapping FILE (see docs/import.md)")
    }
    switch CSVMapping.read(mapping, for: format == .csv ? .results : .purchases) {
    case .success(let m): return m
    case .failure(let problems):
      throw DataWriter.Problem(
        description: "the mapping file \(mapping) has errors, so nothing was imported",
        diagnostics: problems.diagnostics)
    }
  }
}
