import Foundation

/// What a daily action sees when it plans its change: the records it has read, "now" in
/// the settings time zone, and the writer (to read the files it changes).
///
/// An action reads only what it needs through `records` (the record it names, a log's
/// months): appending one line never decodes the whole household.
public struct ActionContext: Sendable {
  /// The records read so far; an action asks it for more.
  public var records: PartialLoad
  /// The household as read so far: the settings and only the records asked for.
  public var household: Household { records.household }
  /// "Now" in the settings time zone.
  public let clock: LocalClock
  /// The writer, for reading the files to change.
  public let writer: DataWriter
  /// The record schema (the loader's description of every kind).
  public let schema: RecordSchema
}

/// What an action will write and how to say it.
public struct ActionPlan: Sendable {
  /// The files it changes.
  public var changes: [FileChange]
  /// What happened, in a line: "Took Vitamin D at 08:03".
  public var summary: String
  /// The git commit message for `--commit` (the summary, by default).
  public var commitMessage: String
  /// What the planning found that did not stop it (an import's cards without a name).
  public var notes: [Diagnostic] = []

  /// A plan.
  public init(changes: [FileChange], summary: String, commitMessage: String? = nil) {
    self.changes = changes
    self.summary = summary
    self.commitMessage = commitMessage ?? summary
  }
}

/// A command that writes into the data folder (`done`, `played`, `bought`, ...): it plans
/// its change from the loaded data, and `ActionRunner` checks and writes it.
public protocol DataAction: Sendable {
  /// The change, or why there is none; the action reads what it needs through
  /// `context.records`.
  func plan(_ context: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan
}

/// Runs a `DataAction` under the writer's rules (see `DataWriter`): lock, load, plan,
/// check, write, and commit to git when asked.
public struct ActionRunner: Sendable {
  /// The writer.
  public let writer: DataWriter
  /// The schema the loader and the check use.
  public var schema: RecordSchema = .standard
  /// Read the whole household before planning (what every run did before actions read
  /// only what they need; the tests compare the two).
  public var readsEverything = false

  /// A runner for the data folder `root`, shown as `displayRoot`.
  public init(root: URL, displayRoot: String) {
    writer = DataWriter(root: root, displayRoot: displayRoot)
  }

  /// What a run did.
  public struct Outcome: Sendable {
    /// The plan (its changes were written unless `dryRun`).
    public let plan: ActionPlan
    /// Whether the changes were written.
    public let written: Bool
    /// The commit made, when `--commit` was given.
    public let commit: String?
    /// Why the commit failed after the changes were written (they stay written and
    /// staged: the action happened, and a second try must not write it again).
    public var commitFailure: String?
  }

  /// Plans `action` at `now` (`--now`: a date-time or date in the settings time zone; the
  /// wall clock when nil), then checks and writes its changes; with `dryRun` nothing is
  /// written; with `commit` the changed files are committed.
  public func run(_ action: some DataAction, now: String?, dryRun: Bool, commit: Bool)
    throws(DataWriter.Problem) -> Outcome
  {
    try run(action, now: now, at: nil, dryRun: dryRun, commit: commit)
  }

  /// Runs `action` at the instant `at` (a tapped notification button, `serve`'s clock).
  public func run(_ action: some DataAction, at instant: Date, dryRun: Bool, commit: Bool)
    throws(DataWriter.Problem) -> Outcome
  {
    try run(action, now: nil, at: instant, dryRun: dryRun, commit: commit)
  }

  private func run(
    _ action: some DataAction, now: String?, at given: Date?, dryRun: Bool, commit: Bool
  ) throws(DataWriter.Problem) -> Outcome {
    try writer.locked { () throws(DataWriter.Problem) -> Outcome in
      guard FileManager.default.fileExists(atPath: writer.root.appendingPathComponent(".").path)
      else {
        throw DataWriter.Problem(description: "there is no data folder at \(writer.root.path)")
      }
      var loader = DataLoader(root: writer.root, displayRoot: writer.displayRoot)
      loader.schema = schema
      var records = PartialLoad(loader: loader)
      if readsEverything { records.readEverything() }
      let zone = records.household.settings.timeZone
      var instant = given ?? Date()
      if let now {
        guard let parsed = NowOption.parse(now, timeZone: zone) else {
          throw DataWriter.Problem(
            description: "--now must be YYYY-MM-DD or YYYY-MM-DDTHH:MM, not '\(now)'",
            isUsage: true)
        }
        instant = parsed
      }
      let clock = LocalClock(now: instant, timeZone: zone)
      var context = ActionContext(records: records, clock: clock, writer: writer, schema: schema)
      let plan = try action.plan(&context)
      // The check needs to know whether what the changes add a name of exists.
      context.records.read(targetsOf: context.records.addedReferences(in: plan.changes))
      try writer.check(plan.changes, household: context.household, schema: schema)
      guard !dryRun else { return Outcome(plan: plan, written: false, commit: nil) }
      // A command's `--commit` outside git is refused before anything is written; a tapped
      // button (`at`) writes what happened all the same, and says it was not committed.
      if commit, given == nil, !plan.changes.isEmpty {
        try GitCommit.requireRepository(in: writer.root)
      }
      try writer.write(plan.changes)
      guard commit, !plan.changes.isEmpty else {
        return Outcome(plan: plan, written: true, commit: nil)
      }
      do throws(DataWriter.Problem) {
        let made = try GitCommit.commit(
          paths: plan.changes.map(\.path), message: plan.commitMessage, in: writer.root)
        return Outcome(plan: plan, written: true, commit: made)
      } catch {
        return Outcome(plan: plan, written: true, commit: nil, commitFailure: error.description)
      }
    }
  }
}
