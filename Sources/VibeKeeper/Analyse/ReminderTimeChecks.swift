import Foundation

/// Reminder times that a DST change makes ambiguous: a time the clocks skip (02:30 on the
/// last Sunday of March in Berlin) or pass twice (02:30 on the last Sunday of October).
/// The feed writes the local time as it is; RFC 5545 reads a skipped time with the offset
/// before the change (03:30 summer time) and a doubled one as the first, but calendars
/// differ and may place it an hour apart, so `check` warns.
public enum ReminderTimeChecks {
  /// One DST change: the local day it happens on, the wall-clock window it skips or
  /// repeats (seconds of the day, in the offset before it), and which.
  struct Change: Equatable {
    let date: LocalDate
    let from: Int
    let to: Int
    let skips: Bool
  }

  /// A warning for each enabled reminder with a time that falls in a DST change on a day
  /// it fires, within the next year (the first such day).
  public static func diagnostics(_ household: Household, clock: LocalClock) -> [Diagnostic] {
    let today = clock.today
    let changes = self.changes(in: clock.timeZone, from: today, days: 366)
    guard !changes.isEmpty else { return [] }
    var out: [Diagnostic] = []
    for r in household.reminders where r.enabled {
      let time: TimeOfDay
      let fires: (LocalDate) -> Bool
      switch r.schedule {
      case .once(let date, let t):
        time = t
        fires = { $0 == date }
      case .weekly(let w):
        time = w.time
        fires = { day in
          w.days.contains(day.weekday) && w.starts.map { day >= $0 } ?? true
            && w.until.map { day <= $0 } ?? true
        }
      }
      let seconds = time.hour * 3_600 + time.minute * 60 + time.second
      guard
        let change = changes.first(where: {
          seconds >= $0.from && seconds < $0.to && $0.date >= today && fires($0.date)
        })
      else { continue }
      out.append(diagnostic(r, time: time, change: change, zone: clock.timeZone))
    }
    return out
  }

  static func diagnostic(_ r: Reminder, time: TimeOfDay, change: Change, zone: TimeZone)
    -> Diagnostic
  {
    let window = "\(hhmm(change.from))–\(hhmm(change.to))"
    let t = hhmm(time.hour * 3_600 + time.minute * 60)
    let message =
      change.skips
      ? "reminder '\(r.id)' at \(t) falls in the hour the clocks skip on \(change.date) "
        + "in \(zone.identifier) (\(window) does not exist that day)"
      : "reminder '\(r.id)' at \(t) happens twice on \(change.date) in \(zone.identifier) "
        + "(the clocks go back and \(window) is passed twice)"
    let later = hhmm(time.hour * 3_600 + time.minute * 60 + change.to - change.from)
    let placed =
      change.skips
      ? "the feed keeps \(t); most calendars show it at \(later), some an hour earlier"
      : "most calendars show the first \(t), some the second, an hour later"
    return Diagnostic(
      .warning, r.meta.location, message,
      hint: "\(placed); choose a time outside \(window) to be sure")
  }

  /// `02:30` from seconds of the day.
  static func hhmm(_ seconds: Int) -> String {
    let s = ((seconds % 86_400) + 86_400) % 86_400
    let h = s / 3_600
    let m = s % 3_600 / 60
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }

  /// The DST changes of `zone` from the start of `from` over `days` days.
  static func changes(in zone: TimeZone, from: LocalDate, days: Int) -> [Change] {
    // UTC bounds a day wider on each side than any zone's offset.
    let start = Date(timeIntervalSince1970: Double(from.dayNumber - 1) * 86_400)
    let end = Date(timeIntervalSince1970: Double(from.dayNumber + days + 1) * 86_400)
    var out: [Change] = []
    var cursor = start
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
      cursor = next
      let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
      let after = zone.secondsFromGMT(for: next)
      guard before != after else { continue }
      // The wall clock just before the change, in the old offset.
      let wall = Int(next.timeIntervalSince1970.rounded()) + before
      let day = Int((Double(wall) / 86_400).rounded(.down))
      let second = wall - day * 86_400
      let width = abs(after - before)
      let from = after > before ? second : second - width
      out.append(
        Change(
          date: LocalDate(dayNumber: day), from: from, to: from + width, skips: after > before))
    }
    return out
  }
}
