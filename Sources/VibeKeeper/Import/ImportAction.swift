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

  public func plan(_ context: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    // An import compares with everything there is (to skip what it brought in before).
    context.records.readEverything()
    let mapping = try loadMapping(context)
    var planner = ImportPlanner(household: context.household, writer: context.writer)
    var reports: [ImportPlanner.FileReport] = []
    func marked(_ record: ImportedRecord) -> ImportedRecord {
      guard markPrivate else { return record }
      var r = record
      r.fields.append(("private", .plain("true")))
      return r
    }
    /// A batch read whole, then planned.
    func planned(_ batch: ImportBatch) {
      var report = ImportPlanner.FileReport(file: batch.file)
      report.problems = batch.problems
      for record in batch.records { planner.add(marked(record), to: &report) }
      reports.append(report)
    }
    /// A CSV file planned row by row as it is read, so a large one is never all in memory.
    func streamed(_ file: String, _ read: ((ImportedRecord) -> Void) -> ImportBatch) {
      var report = ImportPlanner.FileReport(file: file)
      let batch = read { planner.add(marked($0), to: &report) }
      report.problems = batch.problems + report.problems
      reports.append(report)
    }
    // A Loop export is one import of its files together; the other formats, one per file.
    if format == .loop { planned(LoopHabits(clock: context.clock, player: player).batch(files)) }
    for file in files where format != .loop {
      switch format {
      case .loop: break
      case .vcard:
        var reader = VCardContacts(options: vcard, today: context.clock.today)
        let known = planner
        reader.isImported = { known.knows($0) }
        planned(reader.batch(file, file: file))
      case .ical: planned(ICalOccasions(clock: context.clock).batch(file, file: file))
      case .csv:
        guard var mapping else { continue }
        // Over a `player:` default, and for the rows whose player cell is blank; a player
        // the column names wins.
        if let player { mapping.defaults["player"] = player }
        let reader = ResultsCSV(mapping: mapping, clock: context.clock)
        streamed(file) { reader.batch(file, emit: $0) }
      case .purchasesCSV:
        guard let mapping else { continue }
        let reader = PurchasesCSV(mapping: mapping, household: context.household)
        streamed(file) { reader.batch(file, emit: $0) }
      }
    }
    let changes = try planner.finish()
    let report = ImportReport(files: reports, changes: changes, writer: context.writer)
    var plan = ActionPlan(
      changes: changes, summary: report.text(dryRun: dryRun),
      commitMessage: report.commitMessage(format: format))
    plan.notes = reports.flatMap(\.problems)
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
