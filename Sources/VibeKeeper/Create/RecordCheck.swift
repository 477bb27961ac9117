import Foundation

extension RecordDraft {
  /// The problems the loader would report for this record once written into the data
  /// folder of `household`: the per-file decoder's diagnostics, plus a dangling reference
  /// (`for: nobody`) with the closest existing id. Empty means it loads cleanly.
  /// `displayRoot` names the data folder in the diagnostics (`data`).
  public func problems(in household: Household, displayRoot: String) -> [Diagnostic] {
    let display = displayRoot.isEmpty ? preferredPath : displayRoot + "/" + preferredPath
    let file = RecordFile(kind: kind, path: preferredPath, displayPath: display)
    let context = DecodeContext(settings: household.settings, schema: schema)
    let output = file.decode(Array(text.utf8), context: context)
    var problems = output.diagnostics
    if output.records.isEmpty, !problems.contains(where: { $0.severity == .error }) {
      problems.append(
        Diagnostic(
          .error, SourceLocation(file: display, line: 1, column: 1),
          "the new \(kind.singular) does not load"))
    }
    for reference in output.references.joined() + output.leftOut.flatMap(\.references) {
      let ids = household.ids(of: reference.target)
      guard !ids.contains(reference.id) else { continue }
      let byName =
        reference.target == .contacts
        ? CaptureRecipient.contacts(named: reference.id, in: household.contacts) : []
      var hint = (byName.first ?? Suggestion.closest(to: reference.id, in: ids.sorted()))
        .map { "did you mean '\($0)'?" }
      if byName.count > 1 {
        hint = "it names \(byName.count) contacts: \(byName.joined(separator: ", ")); give the id"
      } else if ids.isEmpty {
        hint = "there is no \(reference.target.singular) yet"
      }
      problems.append(
        Diagnostic(
          .error, reference.location,
          "'\(reference.field)' names no \(reference.target.singular) '\(reference.id)'",
          hint: hint ?? "existing: \(ids.sorted().prefix(8).joined(separator: ", "))"))
    }
    return DataLoader.ordered(problems)
  }
}
