import Foundation

extension Reports {
  /// The `reminders` report: every health reminder (disabled ones too) with its schedule
  /// text, next occurrence and the next few (ISO 8601 instants with offset), done today and
  /// overdue.
  public static func reminders(_ household: Household, analysis shared: HouseholdAnalysis) -> Report
  {
    let clock = shared.clock
    let statuses = shared.reminders
    let rows = statuses.map { s -> [String] in
      [
        s.reminder.title, s.reminder.category.rawValue, s.scheduleText,
        s.nextOccurrence.map { localText($0, clock: clock) } ?? "-", stateText(s),
        adherenceText(s.adherence),
      ]
    }
    let table = ReportTable(
      title: "Health reminders (now \(localText(clock.now, clock: clock)))",
      headers: [
        "Reminder", "Category", "Schedule", "Next", "Status",
        "Last \(ReminderHistory.windowDays) days",
      ], rows: rows)
    let json = JSONValue.object([
      JSONField("today", .string(clock.today.description)),
      JSONField("now", .string(clock.isoText(clock.now))),
      JSONField("reminders", .array(statuses.map { reminderJSON($0, clock: clock) })),
    ])
    return Report(topic: "reminders", tables: [table], json: json)
  }

  private static func reminderJSON(_ s: ReminderStatus, clock: LocalClock) -> JSONValue {
    let r = s.reminder
    var fields = [
      JSONField("id", .string(r.id)),
      JSONField("title", .string(r.title)),
      JSONField("note", .optional(r.note.map(JSONValue.string))),
      JSONField("category", .string(r.category.rawValue)),
      JSONField("enabled", .bool(r.enabled)),
      JSONField("schedule", .string(s.scheduleText)),
    ]
    switch r.schedule {
    case .once(let date, let time):
      fields.append(JSONField("kind", .string("once")))
      fields.append(JSONField("at", .string(clock.isoText(clock.instant(date, time)))))
    case .weekly(let w):
      fields.append(JSONField("kind", .string("weekly")))
      fields.append(JSONField("time", .string(w.time.description)))
      fields.append(JSONField("days", .array(w.days.sorted().map { .string($0.code) })))
      fields.append(JSONField("starts", .optional(w.starts.map { .string($0.description) })))
      fields.append(JSONField("until", .optional(w.until.map { .string($0.description) })))
    }
    fields += [
      JSONField("next_occurrence", .optional(s.nextOccurrence.map { .string(clock.isoText($0)) })),
      JSONField("next_occurrences", .array(s.nextOccurrences.map { .string(clock.isoText($0)) })),
      JSONField("done", .optional(s.lastDone.map { .string($0.description) })),
      JSONField("done_today", .bool(s.doneToday)),
      JSONField("overdue", .bool(s.overdue)),
      JSONField("ended", .bool(s.ended)),
      JSONField(
        "today",
        .array(
          s.today.map { o in
            .object([
              JSONField("due", .string(clock.isoText(o.due))),
              JSONField("state", .string(o.state.rawValue)),
              JSONField("marked", .optional(o.marked.map { .string(clock.isoText($0)) })),
            ])
          })),
      JSONField(
        "adherence",
        .object([
          JSONField("days", .int(s.adherence.days.count)),
          JSONField("done", .int(s.adherence.done)),
          JSONField("skipped", .int(s.adherence.skipped)),
          JSONField("missed", .int(s.adherence.missed)),
          JSONField("percent_done", ReportCells.percentJSON(s.adherence.percentDone)),
        ])),
    ]
    return .object(fields)
  }

  /// `92% (23 done, 1 skipped, 1 missed)`, or `-` when nothing was due.
  static func adherenceText(_ a: ReminderAdherence) -> String {
    guard let percent = a.percentDone else { return "-" }
    return DecimalFormat.plain(percent, places: 0)
      + "% (\(a.done) done, \(a.skipped) skipped, \(a.missed) missed)"
  }

  /// `overdue`, `done today`, `done`, `disabled`, `ended` or empty, joined by `, `.
  private static func stateText(_ s: ReminderStatus) -> String {
    var parts: [String] = []
    if !s.reminder.enabled { parts.append("disabled") }
    if s.overdue { parts.append("overdue") }
    if s.missedToday { parts.append("missed today") }
    if s.doneToday {
      parts.append("done today")
    } else if case .once = s.reminder.schedule, s.lastDone != nil {
      parts.append("done")
    }
    if s.ended, !s.overdue { parts.append("ended") }
    return parts.joined(separator: ", ")
  }

  /// `Mon 23 Nov 2026 08:30` in the clock's zone.
  static func localText(_ instant: Date, clock: LocalClock) -> String {
    let date = clock.localDate(of: instant)
    return
      "\(date.weekday.shortName) \(LocalClock.dayMonthYear(date)) \(clock.localTime(of: instant))"
  }
}
