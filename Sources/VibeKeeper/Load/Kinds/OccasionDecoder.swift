/// Decodes `occasions/` records.
enum OccasionDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    if meta.id.lowercased() == "birthday" {
      f.report(
        .warning, at: meta.location,
        "no gift can name this occasion: a gift's `occasion: birthday` is its recipient's birthday",
        hint: "give the occasion another id (rename the file, or its `id:`)")
    }
    let title = f.string("title")
    let date = f.date("date")
    var rule: YearlyRule?
    var recurring: Bool?
    if let (_, s) = f.scalar(
      "recurring", what: "yearly, none, or a day like 'second Sunday of May'")
    {
      switch s.text.lowercased() {
      case "yearly", "annually", "true", "yes": recurring = true
      case "none", "false", "no", "once": recurring = false
      default:
        rule = YearlyRule(text: s.text)
        recurring = rule != nil ? true : invalidRecurring(&f, s.text)
      }
    }
    let until = f.date("until")
    let contact = f.reference("contact", to: .contacts)
    let type = f.choice("type", OccasionType.allCases.map { ($0.rawValue, $0) })
    let gifts = f.bool("gifts")
    guard let title, let date else { return nil }
    var o = Occasion(meta: meta, title: title, date: date)
    o.recurring = recurring ?? false
    o.rule = rule
    o.until = until
    if let rule, let first = rule.date(in: date.year), first != date {
      f.report(
        .warning, at: f.location(of: "date"),
        "\(date) is not the \(rule) in \(date.year) (that is \(first)); the rule decides",
        hint: "write `date: \(first)`, the first day it happened")
    }
    if let until, !o.recurring {
      f.report(
        .warning, at: f.location(of: "until"),
        "'until: \(until)' does nothing on a one-off occasion",
        hint: "add `recurring: yearly`, or remove `until`")
    } else if let until, until < date {
      f.report(
        .warning, at: f.location(of: "until"),
        "'until: \(until)' is before the first date \(date), so it never happens",
        hint: "correct `until`, the last day it may fall on")
    }
    o.contact = contact
    o.type = type
    o.gifts = gifts
    o.notes = body
    return .occasion(o)
  }

  private static func invalidRecurring(_ f: inout RecordFields, _ text: String) -> Bool? {
    f.error(
      "recurring",
      "'recurring' must be yearly, none, or a day like 'second Sunday of May', not '\(text)'",
      hint: Suggestion.closest(to: text, in: ["yearly", "none"]).map { "did you mean '\($0)'?" }
        ?? "a floating day is ORDINAL WEEKDAY of MONTH: first … fifth or last")
    return nil
  }
}
