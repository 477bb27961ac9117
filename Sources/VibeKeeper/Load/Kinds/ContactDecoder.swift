/// Decodes `contacts/` records.
enum ContactDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let first = f.string("first_name")
    let last = f.string("last_name")
    let full = f.string("name") ?? [first, last].compactMap { $0 }.joined(separator: " ")
    if full.isEmpty, !f.has("name") {
      f.report(
        .error, at: f.recordLocation, "missing required field 'name'",
        hint: "add `name: Ana Silva`, or `first_name:` and `last_name:`")
    }
    let birthday = readBirthday(&f)
    let leap = f.choice("leap_birthday", LeapDayRule.allCases.map { ($0.rawValue, $0) })
    let relationship = f.string("relationship")
    let tags = f.stringList("tags")
    let photo = MediaPathField.read(&f, "photo")
    guard !full.isEmpty else { return nil }
    var c = Contact(meta: meta, name: full)
    c.firstName = first
    c.lastName = last
    c.relationship = relationship
    c.birthday = birthday
    c.leapBirthday = leap ?? .feb28
    c.tags = tags
    c.photo = photo
    c.notes = body
    return .contact(c)
  }

  /// `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
  private static func readBirthday(_ f: inout RecordFields) -> Birthday? {
    guard let (_, s) = f.scalar("birthday", what: "a date") else { return nil }
    let t = s.text.trimmedBlanks()
    if t.hasPrefix("--") {
      let parts = t.dropFirst(2).split(separator: "-")
      if parts.count == 2, parts[0].count == 2, parts[1].count == 2,
        let m = Int(parts[0]), let d = Int(parts[1]),
        LocalDate(year: 2000, month: m, day: d) != nil
      {
        return Birthday(month: m, day: d, year: nil)
      }
      f.error(
        "birthday", "'birthday' must be YYYY-MM-DD or --MM-DD, and a real day: '\(t)'",
        hint: "for an unknown year write the month and day, e.g. --04-17")
      return nil
    }
    guard let date = f.parseDate(t, "birthday") else { return nil }
    return Birthday(month: date.month, day: date.day, year: date.year)
  }
}
