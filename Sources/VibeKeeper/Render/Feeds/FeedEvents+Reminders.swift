import Foundation

extension FeedEvents {
  /// Enabled health reminders as timed events in the settings time zone with a display
  /// alarm at the time: a one-time reminder as a single event; a weekly one as one event
  /// with `RRULE:FREQ=WEEKLY;BYDAY=...` (and `UNTIL` in UTC when it ends) whose DTSTART is
  /// its first real occurrence: the first listed weekday on or after its beginning
  /// (`seriesStart`). Disabled reminders and weekly ones without days or without any
  /// occurrence are left out.
  public static func reminders(_ inputs: FeedInputs) -> [FeedEvent] {
    var doses: [String: [Dose]] = [:]
    for d in inputs.household.doses { doses[d.reminder, default: []].append(d) }
    let history = Dictionary(
      inputs.analysis.reminders.map { ($0.reminder.id, $0.history) },
      uniquingKeysWith: { a, _ in a })
    return inputs.household.reminders.flatMap { r -> [FeedEvent] in
      guard let series = reminder(r, inputs) else { return [] }
      return marked(series, r, history[r.id] ?? [], doses: doses[r.id] ?? [], inputs)
    }
  }

  /// The event of one enabled reminder (a series for a weekly one), before marks.
  static func reminder(_ r: Reminder, _ inputs: FeedInputs) -> FeedEvent? {
    guard r.enabled else { return nil }
    let stamp = inputs.stamps.stamp(r.meta)
    let uid = inputs.uid("reminder", r.id)
    let start: FeedEvent.Start
    var weekly: FeedEvent.Weekly?
    switch r.schedule {
    case .once(let date, let time):
      start = .timed(date, time)
    case .weekly(let w):
      guard !w.days.isEmpty else { return nil }
      let anchor = seriesStart(r, w, uid: uid, inputs)
      guard let first = firstDay(on: w.days, from: anchor) else { return nil }
      if let until = w.until, first > until { return nil }
      start = .timed(first, w.time)
      weekly = FeedEvent.Weekly(
        days: w.days.sorted(), until: w.until.map { inputs.clock.instant($0, w.time) })
    }
    var lines: [String] = []
    if let note = r.note, !note.isEmpty { lines.append(note) }
    lines.append(r.schedule.text)
    let body = r.body.trimmingCharacters(in: .whitespacesAndNewlines)
    if !body.isEmpty { lines.append(body) }
    var e = FeedEvent(
      kind: .reminder, id: r.id, uid: uid, summary: r.title,
      description: lines.joined(separator: "\n\n"), start: start, stamp: stamp)
    e.weekly = weekly
    e.url = inputs.url(.reminders, r.id)
    e.categories = ["Health", r.category.rawValue.capitalized]
    e.alarms = [FeedEvent.Alarm(trigger: ICSFormat.triggerAtStart, description: r.title)]
    return e
  }

  /// The series and, for each occurrence of the last 30 days marked done or skipped, an
  /// override of that occurrence (`RECURRENCE-ID`, the series' UID) with a mark in its
  /// title ("✓ Vitamin D", "Skipped: Vitamin D") and no alarm. A one-time reminder that is
  /// marked gets the mark itself. DTSTART and SEQUENCE of the series never move with a dose.
  static func marked(
    _ series: FeedEvent, _ r: Reminder, _ history: [ReminderOccurrence], doses: [Dose],
    _ inputs: FeedInputs
  ) -> [FeedEvent] {
    let clock = inputs.clock
    var answered = history.filter { $0.state == .done || $0.state == .skipped }
    // A one-time reminder is marked however long ago (the history covers 30 days) and
    // also by `done:`, as the reports have it: by a dose that answers it, else by `done:`.
    if series.weekly == nil, answered.isEmpty, case .once(let date, let time) = r.schedule {
      let at = clock.instant(date, time)
      if let dose = HealthReminders.answer(toOnce: at, in: doses, clock: clock) {
        answered = [
          ReminderOccurrence(
            due: at, state: dose.status == .done ? .done : .skipped, marked: dose.at,
            note: dose.note)
        ]
      } else if let done = r.done, done <= clock.today {
        answered = [ReminderOccurrence(due: at, state: .done, marked: nil, note: nil)]
      }
    }
    guard !answered.isEmpty else { return [series] }
    let stamp = inputs.stamps.stamp([r.meta] + doses.map(\.meta))
    func mark(_ e: inout FeedEvent, _ o: ReminderOccurrence) {
      let time = o.marked.map { " at " + String(clock.localTime(of: $0).description.prefix(5)) }
      e.summary = (o.state == .done ? "✓ " : "Skipped: ") + r.title
      e.description =
        (o.state == .done ? "Done" : "Skipped") + (time ?? "") + "."
        + (o.note.map { " " + $0 } ?? "") + "\n\n" + e.description
      e.alarms = []
      e.stamp = stamp
    }
    guard series.weekly != nil else {
      var once = series
      if let o = answered.first { mark(&once, o) }
      return [once]
    }
    var out = [series]
    for o in answered {
      var e = series
      let day = clock.localDate(of: o.due)
      var time = clock.localTime(of: o.due)
      // An occurrence in the hour skipped when the clocks go forward is the series' own
      // occurrence at the schedule's time (02:30), not at its instant's local time (03:30).
      if case .weekly(let w) = r.schedule, clock.instant(day, w.time) == o.due { time = w.time }
      let start = FeedEvent.Start.timed(day, time)
      e.weekly = nil
      e.start = start
      e.recurrence = start
      mark(&e, o)
      out.append(e)
    }
    return out
  }

  /// Where a repeating reminder's series begins, a day that never moves once published:
  /// `starts`, else `created`, else the day the series was first published (the previous
  /// build's DTSTART: a file built before it was committed keeps that day after the
  /// commit), else the day its file first appeared in git, else today. Never a fixed past
  /// date: a series from 2000 put 26 years of past doses into calendars.
  static func seriesStart(
    _ r: Reminder, _ w: WeeklySchedule, uid: String, _ inputs: FeedInputs
  ) -> LocalDate {
    if let day = w.starts ?? r.created { return day }
    if let published = inputs.publishedStart(uid) { return published }
    if let first = inputs.stamps.firstCommit(r.meta) { return inputs.clock.localDate(of: first) }
    return inputs.clock.today
  }

  /// The first date on or after `from` whose weekday is listed.
  static func firstDay(on days: Set<Weekday>, from: LocalDate) -> LocalDate? {
    (0..<7).map { from.adding(days: $0) }.first { days.contains($0.weekday) }
  }
}
