import Foundation

/// What kind of health routine a reminder is.
public enum ReminderCategory: String, CaseIterable, Sendable, Hashable {
  case medication, treatment, therapy, checkup, other
}

/// A health routine reminder: one-time or weekly.
public struct Reminder: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  public var note: String?
  public var category: ReminderCategory = .other
  /// A disabled reminder is shown but never scheduled.
  public var enabled = true
  public var schedule: ReminderSchedule
  /// The date it was last marked done.
  public var done: LocalDate?
  /// The day it was written (`created:`).
  public var created: LocalDate?
  /// Who its notifications go to (`notify: [ana]`, names in the channels' `for`); nil: the
  /// household's channels; empty: nobody.
  public var notify: [String]?
  /// Markdown body.
  public var body: String = ""

  public var id: String { meta.id }

  /// Creates a reminder.
  public init(meta: RecordMeta, title: String, schedule: ReminderSchedule) {
    self.meta = meta
    self.title = title
    self.schedule = schedule
  }
}

/// When a reminder fires.
public enum ReminderSchedule: Hashable, Sendable {
  /// Once, at a local date and time in the settings time zone.
  case once(LocalDate, TimeOfDay)
  /// On listed weekdays at a time of day, from `starts` to `until` (inclusive).
  case weekly(WeeklySchedule)
}

/// A repeating weekly schedule.
public struct WeeklySchedule: Hashable, Sendable {
  public var time: TimeOfDay
  /// The weekdays it fires on; all seven for `daily`.
  public var days: Set<Weekday>
  /// First day the schedule applies, when given.
  public var starts: LocalDate?
  /// Last day (inclusive), when given.
  public var until: LocalDate?

  /// Creates a weekly schedule.
  public init(
    time: TimeOfDay, days: Set<Weekday>, starts: LocalDate? = nil, until: LocalDate? = nil
  ) {
    self.time = time
    self.days = days
    self.starts = starts
    self.until = until
  }

  /// Whether it fires every day of the week.
  public var isDaily: Bool { days.count == 7 }
}

/// What was done about one occurrence of a health reminder: taken (done) or skipped, and
/// when. Written by `vibekeeper done`, one line per entry in `doses/YYYY/MM.yml`.
public struct Dose: Hashable, Sendable {
  /// Whether the occurrence was done or deliberately skipped.
  public enum Status: String, CaseIterable, Hashable, Sendable {
    case done, skipped
  }

  public var meta: RecordMeta
  /// The reminder (a reminder id).
  public var reminder: String
  /// The scheduled occurrence it answers (its local date and time), when known.
  public var due: Date?
  /// When it was done or skipped.
  public var at: Date
  public var status: Status = .done
  /// A short note ("half a tablet").
  public var note: String?

  public var id: String { meta.id }

  /// Creates an entry.
  public init(meta: RecordMeta, reminder: String, at: Date) {
    self.meta = meta
    self.reminder = reminder
    self.at = at
  }
}
