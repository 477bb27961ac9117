import Foundation

/// `vibekeeper done REMINDER [--at DATETIME] [--skip] [--note TEXT]`: the occurrence due
/// now (or at `--at`) is done or skipped, one line appended to the month's doses file. The
/// history is kept, never one date overwritten.
public struct DoneAction: DataAction {
  /// The reminder's id or title.
  public var reminder: String
  /// When it was done (`HH:MM` or a date-time; default now).
  public var at: String?
  /// Skipped rather than done.
  public var skip = false
  public var note: String?
  /// The occurrence meant, when it is known (`YYYY-MM-DDTHH:MM`, from a notification's
  /// button): that one is marked, or the action is refused when it is marked already.
  public var due: String?

  /// How far around the time of marking an occurrence counts as the one meant: up to 20
  /// hours after it was due (an evening tablet marked the next morning is late, not the
  /// next one), up to 4 hours before.
  static let after: TimeInterval = 20 * 3_600
  static let before: TimeInterval = 4 * 3_600

  /// An action on `reminder`.
  public init(reminder: String) { self.reminder = reminder }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let r = try c.find(Reminder.self, reminder, title: \.title)
    guard r.enabled else {
      throw DataWriter.Problem(description: "'\(r.title)' is disabled (enabled: false)")
    }
    let when = try at.map { text throws(DataWriter.Problem) in try c.moment(text) } ?? c.clock.now
    // The doses of the months around the occurrences meant (a dose is written in the month
    // it was marked: up to 20 hours after it was due, or with --at; a month either side).
    let meant = due.flatMap { NowOption.parse($0, timeZone: c.clock.timeZone) }
    let earliest = min(when.addingTimeInterval(-Self.after), meant ?? when)
    let latest = max(when.addingTimeInterval(Self.before), meant ?? when)
    c.records.read(
      .doses, months: c.clock.localDate(of: earliest).adding(days: -31),
      c.clock.localDate(of: latest).adding(days: 31))
    // What is marked already, as the analysis sees it: a dose naming its `due`, one without
    // `due` (the first unanswered occurrence of its day), and the reminder's `done:` day.
    let answered = Set(
      ReminderHistory.occurrences(
        of: r, doses: c.household.doses.filter { $0.reminder == r.id },
        from: c.clock.localDate(of: earliest), through: c.clock.localDate(of: latest),
        clock: c.clock, asOfNow: false
      ).filter { $0.state == .done || $0.state == .skipped }.map(\.due))
    // A reminder due once has one occurrence: marked late however late (a flu shot from
    // last week), as long as it is not marked yet.
    if self.due == nil, case .once(let day, let time) = r.schedule {
      let only = c.clock.instant(day, time)
      if only < when.addingTimeInterval(-Self.after) {
        c.records.read(.doses, months: day.adding(days: -31), day.adding(days: 31))
        let marked = ReminderHistory.occurrences(
          of: r, doses: c.household.doses.filter { $0.reminder == r.id }, from: day, through: day,
          clock: c.clock, asOfNow: false
        ).contains { $0.state == .done || $0.state == .skipped }
        guard marked else { return try plan(r, due: only, when: when, c) }
        throw DataWriter.Problem(
          description: "'\(r.title)' (due once, \(c.local(only))) is already marked")
      }
    }
    // A reminder begins on its `starts`, else the day it was `created`: an occurrence
    // before that is none (the reports count from then on).
    let begins = r.created
    let candidates = HealthReminders.occurrences(
      of: r, from: when.addingTimeInterval(-Self.after), to: when.addingTimeInterval(Self.before),
      clock: c.clock
    ).filter { due in begins.map { c.clock.localDate(of: due) >= $0 } ?? true }
    let open = candidates.filter { !answered.contains($0) }
    if let text = self.due {
      guard let meant = NowOption.parse(text, timeZone: c.clock.timeZone),
        !HealthReminders.occurrences(
          of: r, from: meant.addingTimeInterval(-1), to: meant.addingTimeInterval(1),
          clock: c.clock
        ).isEmpty
      else {
        throw DataWriter.Problem(description: "'\(r.title)' is not due at \(text)")
      }
      guard !answered.contains(meant) else {
        throw DataWriter.Problem(description: "'\(r.title)' due \(text) is already marked")
      }
      return try plan(r, due: meant, when: when, c)
    }
    guard
      let due = open.min(by: {
        abs($0.timeIntervalSince(when)) < abs($1.timeIntervalSince(when))
      })
    else {
      if let done = candidates.first {
        throw DataWriter.Problem(
          description:
            "'\(r.title)' due \(c.local(done)) is already marked; nothing else is due around \(c.local(when))"
        )
      }
      let next = HealthReminders.occurrences(
        of: r, from: when, to: when.addingTimeInterval(400 * 86_400), clock: c.clock
      ).first
      throw DataWriter.Problem(
        description: "nothing of '\(r.title)' is due around \(c.local(when))"
          + (next.map { "; next: \(c.local($0))" } ?? ""))
    }
    return try plan(r, due: due, when: when, c)
  }

  /// The line that marks `due` done (or skipped) at `when`.
  private func plan(_ r: Reminder, due: Date, when: Date, _ c: ActionContext)
    throws(DataWriter.Problem) -> ActionPlan
  {
    var fields: [(key: String, value: String)] = [
      ("reminder", r.id), ("due", c.local(due)), ("at", c.local(when)),
      ("status", skip ? "skipped" : "done"),
    ]
    if let note, !note.isEmpty { fields.append(("note", YAMLText.flowScalar(note))) }
    let change = try c.appending(
      YAMLText.flowEntry(fields), to: .doses, month: c.clock.localDate(of: when))
    var time = String(c.clock.localTime(of: due).description.prefix(5))
    // A dose of a day other than today is said with its day: "due 20:00" read at 08:05
    // would be taken for tonight's.
    let dueDay = c.clock.localDate(of: due)
    let markDay = c.clock.today
    if dueDay == markDay.adding(days: -1) {
      time = "yesterday " + time
    } else if dueDay == markDay.adding(days: 1) {
      time = "tomorrow " + time
    } else if dueDay != markDay {
      time = LocalClock.dayMonthYear(dueDay) + " " + time
    }
    let verb = skip ? "Skipped " : r.category == .medication ? "Took " : "Did "
    return ActionPlan(
      changes: [change],
      summary: verb + r.title + " (due \(time))", commitMessage: verb + r.title)
  }
}
