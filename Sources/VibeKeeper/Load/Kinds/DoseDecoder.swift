/// Decodes `doses/` entries.
enum DoseDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let reminder = f.reference("reminder", to: .reminders)
    let due = f.dateTime("due").map { ScalarParsing.instant($0, clock: context.clock) }
    let at = f.dateTime("at").map { ScalarParsing.instant($0, clock: context.clock) }
    let status = f.choice("status", Dose.Status.allCases.map { ($0.rawValue, $0) })
    let note = f.string("note")
    guard let reminder, let at else { return nil }
    var d = Dose(meta: meta, reminder: reminder, at: at)
    d.due = due
    d.status = status ?? .done
    d.note = note
    return .dose(d)
  }
}
