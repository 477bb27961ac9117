/// Decodes `reminders/` records (one-time `at:` or weekly `schedule:`).
enum ReminderDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let title = f.string("title")
    let note = f.string("note")
    let category = f.choice("category", ReminderCategory.allCases.map { ($0.rawValue, $0) })
    let enabled = f.bool("enabled")
    let done = f.date("done")
    let created = f.date("created")
    let notify = f.has("notify") ? f.stringList("notify") : nil
    var schedule: ReminderSchedule?
    let hasAt = f.has("at")
    let hasSchedule = f.has("schedule")
    if hasAt && hasSchedule {
      f.report(
        .error, at: f.keyLocation(of: "schedule"),
        "a reminder has either 'at' or 'schedule', not both",
        hint: "use `at:` for a one-time reminder and `schedule:` for a repeating one")
    } else if hasAt {
      if let dt = f.dateTime("at") {
        if dt.utcOffset == nil {
          schedule = .once(dt.date, dt.time)
        } else {
          let instant = ScalarParsing.instant(dt, clock: context.clock)
          schedule = .once(
            context.clock.localDate(of: instant), context.clock.localTime(of: instant))
        }
      }
    } else if hasSchedule {
      schedule = readSchedule(&f).map(ReminderSchedule.weekly)
    } else {
      f.report(
        .error, at: f.recordLocation, "a reminder needs 'at' (one time) or 'schedule' (repeating)",
        hint:
          "add e.g. `schedule: {time: \"08:30\", days: [mon, wed, fri]}` or `at: 2026-12-03T14:15`")
    }
    guard let title, let schedule else { return nil }
    var r = Reminder(meta: meta, title: title, schedule: schedule)
    r.note = note
    r.category = category ?? .other
    r.enabled = enabled ?? true
    r.done = done
    r.created = created
    r.notify = notify
    r.body = body
    return .reminder(r)
  }

  private static func readSchedule(_ f: inout RecordFields) -> WeeklySchedule? {
    guard let (_, node) = f.node("schedule") else { return nil }
    guard case .mapping(let m) = node else {
      f.error(
        "schedule", "'schedule' must be a mapping with time and days",
        hint: "write `schedule: {time: \"08:30\", days: daily}`")
      return nil
    }
    var s = RecordFields(m, file: f.file, schema: f.schema.field("schedule")?.children ?? [])
    s.unknownIsError = true
    defer {
      s.finish("schedule")
      f.absorb(s)
    }
    let time = s.time("time")
    let days = readDays(&s)
    let starts = s.date("starts")
    let until = s.date("until")
    if let starts, let until, until < starts {
      s.error(
        "until", "'until' (\(until)) is before 'starts' (\(starts))",
        hint: "swap the dates or correct one of them")
      return nil
    }
    guard let time, let days else { return nil }
    return WeeklySchedule(time: time, days: days, starts: starts, until: until)
  }

  /// `daily`, a list of `mon`..`sun` (or full names), or numbers 1-7 with 1 = Sunday.
  private static func readDays(_ s: inout RecordFields) -> Set<Weekday>? {
    // A missing `days` is reported by `finish`, from the schema.
    guard let (_, node) = s.node("days") else { return nil }
    var items: [YAMLScalar] = []
    switch node {
    case .scalar(let one):
      if ["daily", "every day", "everyday"].contains(one.text.lowercased()) {
        return Set(Weekday.allCases)
      }
      items = [one]
    case .sequence(let list, _, _):
      for item in list {
        guard case .scalar(let sc) = item else {
          let p = item.position
          s.report(
            .error, at: SourceLocation(file: s.file, line: p.line, column: p.column),
            "'days' entries must be weekday names or numbers")
          return nil
        }
        items.append(sc)
      }
    case .mapping:
      s.error("days", "'days' must be daily or a list of weekdays")
      return nil
    }
    var days = Set<Weekday>()
    var ok = true
    for item in items {
      let text = item.text.trimmedBlanks()
      if let n = Int(text), let w = Weekday(rawValue: n) {
        days.insert(w)
      } else if let w = Weekday(name: text) {
        days.insert(w)
      } else {
        ok = false
        let names = Weekday.allCases.map(\.code)
        // `days: mon, wed` is one text: several days are a list.
        let hint =
          text.contains(",") || text.contains(" ")
          ? "write several days as a list: `days: [\(text.split { $0 == "," || $0 == " " }.joined(separator: ", "))]`"
          : Suggestion.closest(to: text, in: names + ["daily"]).map { "did you mean '\($0)'?" }
        s.report(
          .error, at: SourceLocation(file: s.file, line: item.line, column: item.column),
          "unknown weekday '\(text)'",
          hint: hint ?? "use mon, tue, wed, thu, fri, sat, sun or 1-7 (1 = Sunday)")
      }
    }
    if items.isEmpty {
      s.error("days", "'days' is empty", hint: "list at least one weekday, or write `days: daily`")
      return nil
    }
    return ok ? days : nil
  }
}
