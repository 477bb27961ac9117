import Foundation

/// What became of one scheduled occurrence of a reminder.
public enum OccurrenceState: String, Sendable, Hashable, CaseIterable {
  /// Marked done (`vibekeeper done`, or the day's `done:` date).
  case done
  /// Marked skipped on purpose.
  case skipped
  /// Its time has passed by more than `notify.missed_after` and it is not marked: shown
  /// until the day ends.
  case missed
  /// Still ahead, or due less than `notify.missed_after` ago (to do).
  case upcoming
}

/// One scheduled occurrence and what became of it.
public struct ReminderOccurrence: Hashable, Sendable {
  /// When it was due.
  public var due: Date
  public var state: OccurrenceState
  /// When it was marked, for a done or skipped one.
  public var marked: Date?
  /// The note given when it was marked.
  public var note: String?
}

/// One day of a reminder's history.
public struct AdherenceDay: Hashable, Sendable {
  public var date: LocalDate
  /// How many occurrences were scheduled that day (up to now, for today).
  public var scheduled: Int
  public var done: Int
  public var skipped: Int
  public var missed: Int
}

/// A reminder's adherence over the last days: each day's occurrences done, skipped or
/// missed, and the share done.
public struct ReminderAdherence: Hashable, Sendable {
  /// From the oldest day to today.
  public var days: [AdherenceDay]
  public var done: Int
  public var skipped: Int
  public var missed: Int
  /// `done / (done + skipped + missed) * 100`, nil when nothing was due yet.
  public var percentDone: Decimal?

  /// Nothing recorded.
  public static let empty = ReminderAdherence(
    days: [], done: 0, skipped: 0, missed: 0, percentDone: nil)
}

/// Matches a reminder's scheduled occurrences with what was marked (`doses/`, and the
/// older `done:` date, which marks every occurrence of its day done).
public enum ReminderHistory {
  /// How many days the adherence looks back, today included.
  public static let windowDays = 30

  /// The occurrences of `reminder` from the start of `from` through the end of `through`,
  /// each with its state at the clock's now. A dose names the occurrence it answers in
  /// `due`; one without `due` answers the first unanswered occurrence of its day. An
  /// occurrence not marked is missed once its time is more than `missedAfter` seconds
  /// past (`notify.missed_after`, the moment the missed follow-up is sent), and to do
  /// until then.
  public static func occurrences(
    of reminder: Reminder, doses: [Dose], from: LocalDate, through: LocalDate,
    clock: LocalClock, asOfNow: Bool = true, missedAfter: TimeInterval = 0
  ) -> [ReminderOccurrence] {
    guard reminder.enabled, from <= through else { return [] }
    let start = clock.startOfDay(from)
    let end = clock.startOfDay(through.adding(days: 1)).addingTimeInterval(-1)
    let times = reminder.schedule.occurrences(from: start, to: end, clock: clock)
    var byDue: [Date: Dose] = [:]
    var loose: [LocalDate: [Dose]] = [:]
    let scheduled = Set(times)
    // A dose marked after "now" has not happened yet (a report run for an earlier day).
    for dose in doses.sorted(by: { $0.at < $1.at }) where !asOfNow || dose.at <= clock.now {
      if let due = dose.due, scheduled.contains(due) {
        byDue[due] = dose
      } else {
        // Without `due`, or due at a time the schedule no longer has (its time was
        // changed since): the dose counts for an occurrence of its day. Two lines of one
        // `due` are one answer, the one marked last, as for a `due` the schedule has.
        let day = clock.localDate(of: dose.due ?? dose.at)
        if let due = dose.due, let same = loose[day]?.firstIndex(where: { $0.due == due }) {
          loose[day]?[same] = dose
        } else {
          loose[day, default: []].append(dose)
        }
      }
    }
    var out: [ReminderOccurrence] = []
    for due in times {
      let day = clock.localDate(of: due)
      var dose = byDue[due]
      if dose == nil, var waiting = loose[day], !waiting.isEmpty {
        dose = waiting.removeFirst()
        loose[day] = waiting
      }
      if let dose {
        out.append(
          ReminderOccurrence(
            due: due, state: dose.status == .done ? .done : .skipped, marked: dose.at,
            note: dose.note))
      } else if reminder.done == day {
        out.append(ReminderOccurrence(due: due, state: .done, marked: nil, note: nil))
      } else {
        out.append(
          ReminderOccurrence(
            due: due,
            state: isMissed(due, missedAfter: missedAfter, at: clock.now) ? .missed : .upcoming,
            marked: nil, note: nil))
      }
    }
    return out
  }

  /// Whether an occurrence due at `due`, not marked, is missed at `now`: from
  /// `missedAfter` seconds after it on (the moment `notify` sends its missed follow-up);
  /// with none, as soon as its time has passed.
  public static func isMissed(_ due: Date, missedAfter: TimeInterval, at now: Date) -> Bool {
    missedAfter > 0 ? due.addingTimeInterval(missedAfter) <= now : due < now
  }

  /// The first moment an occurrence due at `due`, not marked, is missed.
  public static func missedMoment(_ due: Date, missedAfter: TimeInterval) -> Date {
    due.addingTimeInterval(missedAfter > 0 ? missedAfter : 1)
  }

  /// The day a reminder's history begins: its `starts`, else `created`, else the first
  /// day a marked occurrence was due (or marked, without `due`), else today (a reminder is
  /// not missed before it existed).
  public static func firstDay(of reminder: Reminder, doses: [Dose], clock: LocalClock)
    -> LocalDate
  {
    var starts: LocalDate?
    if case .weekly(let w) = reminder.schedule { starts = w.starts }
    // A dose marked late (an evening tablet marked next morning) begins on its due day.
    return starts ?? reminder.created
      ?? doses.map { clock.localDate(of: min($0.due ?? $0.at, $0.at)) }.min() ?? clock.today
  }

  /// The occurrences of the `windowDays` days ending today (from the day the reminder's
  /// history begins, when later), each with its state (missed `missedAfter` seconds after
  /// its time).
  public static func recent(
    of reminder: Reminder, doses: [Dose], clock: LocalClock, missedAfter: TimeInterval = 0
  ) -> [ReminderOccurrence] {
    let today = clock.today
    let from = today.adding(days: -(windowDays - 1))
    let begins = max(from, firstDay(of: reminder, doses: doses, clock: clock))
    return occurrences(
      of: reminder, doses: doses, from: begins, through: today, clock: clock,
      missedAfter: missedAfter)
  }

  /// The adherence of a reminder's `recent` occurrences, over the `windowDays` days ending
  /// today.
  public static func adherence(_ recent: [ReminderOccurrence], clock: LocalClock)
    -> ReminderAdherence
  {
    let from = clock.today.adding(days: -(windowDays - 1))
    var byDay: [LocalDate: [ReminderOccurrence]] = [:]
    for o in recent where o.state != .upcoming {
      byDay[clock.localDate(of: o.due), default: []].append(o)
    }
    let days = (0..<windowDays).map { from.adding(days: $0) }.map { date -> AdherenceDay in
      let list = byDay[date] ?? []
      return AdherenceDay(
        date: date, scheduled: list.count, done: list.filter { $0.state == .done }.count,
        skipped: list.filter { $0.state == .skipped }.count,
        missed: list.filter { $0.state == .missed }.count)
    }
    let done = days.map(\.done).reduce(0, +)
    let skipped = days.map(\.skipped).reduce(0, +)
    let missed = days.map(\.missed).reduce(0, +)
    let due = done + skipped + missed
    return ReminderAdherence(
      days: days, done: done, skipped: skipped, missed: missed,
      percentDone: due > 0 ? Decimal(done) * 100 / Decimal(due) : nil)
  }
}
