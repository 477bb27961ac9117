/// Puts decoded records together into a `Household`: rejects duplicate ids (naming both
/// files), checks every reference against the ids that exist (suggesting the closest),
/// and orders every kind by id so the result never depends on file order.
struct HouseholdAssembly {
  let settings: Settings
  /// Every record kept so far, in file order (records go straight into their lists, so
  /// each is copied once).
  private var household = Household()
  /// The records that name others: kind, position in the kind's list, the references.
  private var referencing: [(kind: RecordKind, index: Int, references: [Reference])] = []
  /// How many records of each kind are kept so far (their lists' counts).
  private var kept: [RecordKind: Int] = [:]
  private var diagnostics: [Diagnostic] = []
  private var firstSeen: [RecordKind: [String: SourceLocation]] = [:]
  /// The records left out because they had an error, by kind and id.
  private var leftOut: [RecordKind: [String: SourceLocation]] = [:]
  /// What the left-out records name, checked like the others' references.
  private var leftOutReferences: [Reference] = []
  /// The files (as diagnostics show them) whose records the assembly had something to say
  /// about: a duplicate id, a reference it could not resolve, a record left out. Records of
  /// the other files went into the household as their files gave them (`HouseholdPatch`).
  private(set) var involved: Set<String> = []

  /// Starts an empty assembly.
  init(settings: Settings) {
    self.settings = settings
  }

  /// Adds what every file yielded, in order, with room made for all their records first
  /// (growing the id tables one record at a time was a good part of the assembly's time).
  mutating func add(contentsOf outputs: some Collection<RecordFile.Output>) {
    var counts: [RecordKind: Int] = [:]
    // A file's records are all of its folder's kind.
    for output in outputs {
      if let kind = output.records.first?.kind { counts[kind, default: 0] += output.records.count }
    }
    household.reserveCapacity(for: counts)
    for (kind, count) in counts { firstSeen[kind, default: [:]].reserveCapacity(count) }
    for output in outputs { add(output) }
  }

  /// Adds what one file yielded, dropping records whose id is already taken.
  mutating func add(_ output: RecordFile.Output) {
    diagnostics += output.diagnostics
    for record in output.leftOut { involved.insert(record.location.file) }
    for record in output.leftOut where leftOut[record.kind]?[record.id] == nil {
      leftOut[record.kind, default: [:]][record.id] = record.location
    }
    for record in output.leftOut { leftOutReferences += record.references }
    for (record, refs) in zip(output.records, output.references) {
      let kind = record.kind
      let meta = record.meta
      if let first = firstSeen[kind]?[meta.id] {
        involved.formUnion([meta.location.file, first.file])
        diagnostics.append(
          Diagnostic(
            .error, meta.location,
            "duplicate \(kind.singular) id '\(meta.id)', first used at \(first)",
            hint: "ids are unique per kind: rename one file or give one record its own `id:`",
            related: first))
        continue
      }
      firstSeen[kind, default: [:]][meta.id] = meta.location
      let index = kept[kind, default: 0]
      if !refs.isEmpty { referencing.append((kind, index, refs)) }
      kept[kind] = index + 1
      record.insert(into: &household)
    }
  }

  /// Checks references and builds the household; with `checking`, only references to
  /// those kinds are checked (a partial load knows no more of the others).
  mutating func finish(checking: Set<RecordKind>? = nil) -> (Household, [Diagnostic]) {
    var h = household
    household = Household()
    h.settings = settings
    var dropped: [RecordKind: Set<Int>] = [:]
    func known(_ ref: Reference) -> Bool {
      firstSeen[ref.target]?[ref.id] != nil || checking.map { !$0.contains(ref.target) } ?? false
    }
    for ref in leftOutReferences where !known(ref) {
      diagnostics.append(unresolved(ref))
    }
    for (kind, index, references) in referencing {
      var record: LoadedRecord?
      var keep = true
      for ref in references where !known(ref) {
        var problem = unresolved(ref)
        // A name that is wrong is the record's own error: it is left out like any other.
        // A name of a record left out for its error only loses the link, unless the
        // record is nothing without it (a dose of a reminder): then it waits with it.
        guard problem.severity != .error else {
          diagnostics.append(problem)
          keep = false
          continue
        }
        var changed = record ?? LoadedRecord(kind, at: index, in: h)
        if !changed.dropReference(ref) {
          keep = false
          problem.message += "; this \(kind.singular) is left out with it"
        }
        diagnostics.append(problem)
        record = changed
      }
      if !keep {
        dropped[kind, default: []].insert(index)
      } else if let record {
        record.replace(at: index, in: &h)
      }
    }
    h.remove(dropped)
    h.sortByID()
    h.indexRecords()
    return (h, diagnostics)
  }

  /// What is wrong with a reference to a record that was not kept: an error when no such
  /// record exists (with the closest id), a note when it was left out for its own error.
  private mutating func unresolved(_ ref: Reference) -> Diagnostic {
    involved.insert(ref.location.file)
    if let broken = leftOut[ref.target]?[ref.id] {
      // The error itself is said once, at that record.
      return Diagnostic(
        .note, ref.location,
        "'\(ref.written)' names \(ref.target.singular) '\(ref.id)', which is left out until its error is fixed",
        related: broken)
    }
    let known = firstSeen[ref.target].map { Array($0.keys) } ?? []
    let hint: String
    // The closest id, or the id whose last part is (`family/mom` for `mom`).
    let names = known.sorted().flatMap { id in
      [(id, id), (id.split(separator: "/").last.map(String.init) ?? id, id)]
    }
    if let close = Suggestion.closestID(to: ref.id, names: names) {
      hint = "did you mean '\(close)'?"
    } else if known.isEmpty {
      hint = "there are no \(ref.target.folder) yet; add one in \(ref.target.folder)/"
    } else {
      hint =
        "ids are file paths inside \(ref.target.folder)/ without the extension, e.g. '\(known.sorted()[0])'"
    }
    return Diagnostic(
      .error, ref.location,
      "'\(ref.written)' names \(ref.target.singular) '\(ref.id)', which does not exist",
      hint: hint)
  }
}
