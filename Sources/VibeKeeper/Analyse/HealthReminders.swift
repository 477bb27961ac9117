import Foundation

/// Where a health reminder stands at "now".
public struct ReminderStatus: Hashable, Sendable {
  /// The reminder as loaded.
  public var reminder: Reminder
  /// The schedule in words (`Every Mon, Wed, Fri at 08:30 until 30 Apr 2027`).
  public var scheduleText: String
  /// The next occurrence at or after now; nil when disabled, finished, or a one-time
  /// reminder that is past or marked done.
  public var nextOccurrence: Date?
  /// The next `count` occurrences (the first is `nextOccurrence`), under the same rules.
  public var nextOccurrences: [Date]
  /// Every one of today's occurrences is done or skipped (or `done:` is today; it resets
  /// by itself the next day).
  public var doneToday: Bool
  /// Today's occurrences, each done, skipped, missed (its time passed, not marked: shown
  /// until the day ends) or upcoming.
  public var today: [ReminderOccurrence] = []
  /// Whether one of today's occurrences is missed.
  public var missedToday: Bool { today.contains { $0.state == .missed } }
  /// The occurrences of the last 30 days (from the day the reminder's history begins),
  /// each with its state; `today` and `adherence` are read from them.
  public var history: [ReminderOccurrence] = []
  /// The last 30 days: each day's occurrences done, skipped or missed.
  public var adherence: ReminderAdherence = .empty
  /// The last day it was done: the latest dose marked done by now, or its `done:` date
  /// when that is later (and not after today).
  public var lastDone: LocalDate?
  /// A one-time reminder whose time has passed by `notify.missed_after` (as an occurrence
  /// turns missed), not marked done, and enabled.
  public var overdue: Bool
  /// How long after its time an occurrence not marked counts as missed, in seconds
  /// (`notify.missed_after`).
  public var missedAfter: TimeInterval = 0
  /// The schedule has no occurrence at or after now (a one-time reminder in the past, a
  /// weekly one past its last day and time); whether enabled or done does not matter.
  public var ended: Bool
}

/// Health reminders: next occurrences, done today, overdue and finished schedules.
public enum HealthReminders {
  /// The dose that answers a one-time reminder due `at`, marked by now: one naming it as
  /// `due`, or one without `due` on its day or later (it has one occurrence: a line
  /// written the next morning is that one, late).
  static func answer(toOnce at: Date, in doses: [Dose], clock: LocalClock) -> Dose? {
    doses.first {
      $0.at <= clock.now
        && ($0.due == at
          || ($0.due == nil && clock.localDate(of: $0.at) >= clock.localDate(of: at)))
    }
  }

  /// The last day a reminder was done by now: of the doses that count (of two lines for
  /// one occurrence, the one marked last; a `done` then `skipped` is skipped), the latest
  /// marked done, or `done:` when later.
  static func lastDone(_ doneDay: LocalDate?, doses: [Dose], clock: LocalClock) -> LocalDate? {
    var byDue: [Date: Dose] = [:]
    var loose: [Dose] = []
    for dose in doses.sorted(by: { $0.at < $1.at }) where dose.at <= clock.now {
      if let due = dose.due { byDue[due] = dose } else { loose.append(dose) }
    }
    let marked = (Array(byDue.values) + loose).filter { $0.status == .done }.map {
      clock.localDate(of: $0.at)
    }
    return ([doneDay] + marked).compactMap { $0 }.max()
  }

  /// How many upcoming occurrences each status lists by default.
  public static let defaultCount = 5

  /// The status of one reminder at the clock's now.
  ///
  /// Decisions where the spec is silent: a disabled reminder has no occurrences and is
  /// never overdue; a one-time reminder with any `done` date is done (no next occurrence,
  /// not overdue); a weekly reminder done today still shows today's later occurrence as
  /// next (the schedule itself does not change), and `doneToday` says it is done.
  public static func status(
    of reminder: Reminder, clock: LocalClock, count: Int = defaultCount, doses: [Dose] = [],
    missedAfter: TimeInterval = 0
  ) -> ReminderStatus {
    let schedule = reminder.schedule
    let upcoming = schedule.nextOccurrences(max(count, 1), atOrAfter: clock.now, clock: clock)
    var isOnce = false
    var onceAt: Date?
    if case .once(let date, let time) = schedule {
      isOnce = true
      onceAt = clock.instant(date, time)
    }
    // A one-time reminder is done by `done:` or by a dose that answers it: one naming it
    // as `due`, or one without `due` on its day (the first unanswered occurrence of the day).
    let answered = onceAt.map { Self.answer(toOnce: $0, in: doses, clock: clock) != nil } ?? false
    // A `done:` date after today has not happened yet (a report for an earlier `--now`).
    let doneDay = reminder.done.flatMap { $0 <= clock.today ? $0 : nil }
    let doneOnce = isOnce && (doneDay != nil || answered)
    let next = reminder.enabled && !doneOnce ? upcoming : []
    let history = ReminderHistory.recent(
      of: reminder, doses: doses, clock: clock, missedAfter: missedAfter)
    let today = history.filter { clock.localDate(of: $0.due) == clock.today }
    var status = ReminderStatus(
      reminder: reminder, scheduleText: schedule.text, nextOccurrence: next.first,
      nextOccurrences: Array(next.prefix(max(count, 0))),
      doneToday: reminder.done == clock.today
        || (!today.isEmpty && today.allSatisfy { $0.state == .done || $0.state == .skipped }),
      lastDone: Self.lastDone(doneDay, doses: doses, clock: clock),
      overdue: isOnce && upcoming.isEmpty && reminder.enabled && !doneOnce
        && onceAt.map { ReminderHistory.isMissed($0, missedAfter: missedAfter, at: clock.now) }
          == true,
      ended: upcoming.isEmpty)
    status.today = today
    status.history = history
    status.missedAfter = missedAfter
    status.adherence = reminder.enabled ? ReminderHistory.adherence(history, clock: clock) : .empty
    return status
  }

  /// Every reminder's status: overdue ones first, then by next occurrence, then those with
  /// none (disabled or finished); by title, then id, within equal keys.
  public static func statuses(
    in household: Household, clock: LocalClock, count: Int = defaultCount
  ) -> [ReminderStatus] {
    var doses: [String: [Dose]] = [:]
    for d in household.doses { doses[d.reminder, default: []].append(d) }
    let missedAfter = TimeInterval(household.settings.notify.missedAfter * 60)
    return household.reminders.map {
      status(
        of: $0, clock: clock, count: count, doses: doses[$0.id] ?? [], missedAfter: missedAfter)
    }.sorted { a, b in
      if a.overdue != b.overdue { return a.overdue }
      switch (a.nextOccurrence, b.nextOccurrence) {
      case (let x?, let y?) where x != y: return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      default: break
      }
      if a.reminder.title != b.reminder.title { return a.reminder.title < b.reminder.title }
      return a.reminder.id < b.reminder.id
    }
  }

  /// The occurrences of an enabled reminder in `start...end` (for calendar feeds); none
  /// for a disabled one. One-time reminders marked done still have their occurrence here:
  /// a calendar keeps past and done events.
  public static func occurrences(
    of reminder: Reminder, from start: Date, to end: Date, clock: LocalClock
  ) -> [Date] {
    guard reminder.enabled else { return [] }
    return reminder.schedule.occurrences(from: start, to: end, clock: clock)
  }
}
