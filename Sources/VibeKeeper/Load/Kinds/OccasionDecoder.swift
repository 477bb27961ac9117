/// Decodes `occasions/` records.
enum OccasionDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let title = f.string("title")
    let date = f.date("date")
    let recurring: Bool? =
      if let (_, s) = f.scalar("recurring", what: "yearly, none, true or false") {
        switch s.text.lowercased() {
        case "yearly", "annually", "true", "yes": true
        case "none", "false", "no", "once": false
        default: invalidRecurring(&f, s.text)
        }
      } else { nil }
    let contact = f.reference("contact", to: .contacts)
    let type = f.choice("type", OccasionType.allCases.map { ($0.rawValue, $0) })
    let gifts = f.bool("gifts")
    guard let title, let date else { return nil }
    var o = Occasion(meta: meta, title: title, date: date)
    o.recurring = recurring ?? false
    o.contact = contact
    o.type = type
    o.gifts = gifts
    o.notes = body
    return .occasion(o)
  }

  private static func invalidRecurring(_ f: inout RecordFields, _ text: String) -> Bool? {
    f.error(
      "recurring", "'recurring' must be yearly or none, not '\(text)'",
      hint: Suggestion.closest(to: text, in: ["yearly", "none"]).map { "did you mean '\($0)'?" })
    return nil
  }
}
