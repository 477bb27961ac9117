/// `vibekeeper new result|purchase|dose ...`: the drafted record as one line appended to
/// the month's list file (`results/2026/11.yml`), like the daily actions write them,
/// instead of a file of its own.
public struct NewEntryAction: DataAction {
  /// The drafted record (its values, as typed, in the kind's field order).
  public let draft: RecordDraft

  /// The kinds `new` appends to monthly files.
  public static let kinds: Set<RecordKind> = [.results, .purchases, .doses]

  /// An entry for `draft`.
  public init(draft: RecordDraft) { self.draft = draft }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let fields = draft.schema[draft.kind].fields.compactMap {
      field -> (key: String, value: String)? in
      // A text field that reads as a number or a time (`score: 0:55`) is quoted, so it
      // stays text, as `played` writes it.
      draft.values[field.name].map {
        (field.name, field.type == .text ? YAMLText.text($0, flow: true) : YAMLText.flowScalar($0))
      }
    }
    let when = draft.values["date"] ?? draft.values["at"].map { String($0.prefix(10)) }
    guard let when, let day = LocalDate(iso: when) else {
      throw DataWriter.Problem(description: "a \(draft.kind.singular) needs a date")
    }
    let change = try c.appending(YAMLText.flowEntry(fields), to: draft.kind, month: day)
    return ActionPlan(
      changes: [change], summary: "New \(draft.kind.singular): \(draft.title)")
  }
}
