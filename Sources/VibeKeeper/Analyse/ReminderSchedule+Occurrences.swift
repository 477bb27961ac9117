import Foundation

extension ReminderSchedule {
  /// The local dates the schedule fires on within `first...last` (inclusive), in order:
  /// for a one-time schedule its date when inside; for a weekly one every listed weekday on
  /// or after `starts` and on or before `until`.
  public func dates(from first: LocalDate, through last: LocalDate) -> [LocalDate] {
    switch self {
    case .once(let date, _):
      return first <= date && date <= last ? [date] : []
    case .weekly(let weekly):
      guard !weekly.days.isEmpty else { return [] }
      let lower = max(first, weekly.starts ?? first)
      let upper = min(last, weekly.until ?? last)
      guard lower <= upper else { return [] }
      return (lower.dayNumber...upper.dayNumber).map(LocalDate.init(dayNumber:))
        .filter { weekly.days.contains($0.weekday) }
    }
  }

  /// The local time of day it fires at.
  public var time: TimeOfDay {
    switch self {
    case .once(_, let time): time
    case .weekly(let weekly): weekly.time
    }
  }

  /// Every occurrence in `start...end` (inclusive), in order. Each is the schedule's local
  /// date at its local time in the clock's zone, so 08:30 stays 08:30 across DST changes;
  /// a time the spring-forward gap skips moves forward by the gap (02:30 becomes 03:30).
  public func occurrences(from start: Date, to end: Date, clock: LocalClock) -> [Date] {
    guard start <= end else { return [] }
    // One local day of slack each side covers any offset between the zone and the instant.
    let first = clock.localDate(of: start).adding(days: -1)
    let last = clock.localDate(of: end).adding(days: 1)
    return dates(from: first, through: last).map { clock.instant($0, time) }
      .filter { start <= $0 && $0 <= end }
  }

  /// The first `count` occurrences at or after `start`, in order (fewer when the schedule
  /// ends first, none for a weekly schedule without days).
  public func nextOccurrences(_ count: Int, atOrAfter start: Date, clock: LocalClock) -> [Date] {
    guard count > 0 else { return [] }
    switch self {
    case .once(let date, let time):
      let instant = clock.instant(date, time)
      return instant >= start ? [instant] : []
    case .weekly(let weekly):
      guard !weekly.days.isEmpty else { return [] }
      // From the day before `start`'s local date (slack for the zone), or from `starts`.
      var day = clock.localDate(of: start).adding(days: -1)
      if let starts = weekly.starts, starts > day { day = starts }
      // Every week has an occurrence, so count + 1 weeks always suffice.
      let limit = day.adding(days: 7 * (count + 1))
      let end = min(limit, weekly.until ?? limit)
      var out: [Date] = []
      while out.count < count, day <= end {
        if weekly.days.contains(day.weekday) {
          let instant = clock.instant(day, weekly.time)
          if instant >= start { out.append(instant) }
        }
        day = day.adding(days: 1)
      }
      return out
    }
  }

  /// The first occurrence at or after `start`, if any (none past `until`).
  public func nextOccurrence(atOrAfter start: Date, clock: LocalClock) -> Date? {
    nextOccurrences(1, atOrAfter: start, clock: clock).first
  }
}
