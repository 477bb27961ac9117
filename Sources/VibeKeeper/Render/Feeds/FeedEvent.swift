import Foundation

/// A topic feed: `occasions.ics`, `reminders.ics`, ... (and a list in the `feeds` template
/// value).
public enum FeedTopic: String, Hashable, Sendable, CaseIterable {
  case occasions, reminders, pantry, shopping, streaks, budgets
}

/// One calendar event of the feeds, computed from the household and its analyses and
/// rendered through the `.ics` templates. Text fields are plain text (the template engine
/// escapes them as iCalendar TEXT); the time fields are typed and formatted by `ICSFormat`.
public struct FeedEvent: Hashable, Sendable {
  /// What an event is about; it decides the topic feed the event goes to.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A contact's birthday in one year.
    case birthday
    /// An occasion record (one-off, or one year of a yearly one).
    case occasion
    /// The visible lead-time reminder of a birthday or occasion ("Gift for Ana: ...").
    case gift
    /// A health reminder (weekly or once).
    case reminder
    /// A pantry entry's expiry.
    case pantry
    /// An item's next expected purchase.
    case shopping
    /// Today's streak reminder.
    case streak
    /// A budget's last day.
    case budget

    /// The topic feed the event goes to.
    public var feed: FeedTopic {
      switch self {
      case .birthday, .occasion, .gift: .occasions
      case .reminder: .reminders
      case .pantry: .pantry
      case .shopping: .shopping
      case .streak: .streaks
      case .budget: .budgets
      }
    }
  }

  /// When an event starts.
  public enum Start: Hashable, Sendable {
    /// An all-day event on a date (it ends the next day).
    case allDay(LocalDate)
    /// A timed event at a local date and wall-clock time in the settings time zone.
    case timed(LocalDate, TimeOfDay)

    /// The start's date.
    public var date: LocalDate {
      switch self {
      case .allDay(let d), .timed(let d, _): d
      }
    }
  }

  /// A weekly repetition (`RRULE:FREQ=WEEKLY;BYDAY=...;UNTIL=...`).
  public struct Weekly: Hashable, Sendable {
    /// The weekdays, Monday first.
    public var days: [Weekday]
    /// The last occurrence's instant, when the repetition ends.
    public var until: Date?

    /// Creates a weekly repetition.
    public init(days: [Weekday], until: Date?) {
      self.days = days
      self.until = until
    }
  }

  /// A display alarm.
  public struct Alarm: Hashable, Sendable {
    /// The trigger relative to the start (`-P6DT16H`, `PT0S`), as an iCalendar DURATION.
    public var trigger: String
    /// What the alarm shows.
    public var description: String

    /// Creates an alarm.
    public init(trigger: String, description: String) {
      self.trigger = trigger
      self.description = description
    }
  }

  /// What the event is about.
  public var kind: Kind
  /// The record it comes from (a contact, occasion, reminder, purchase, item, budget id; the
  /// date for the streak event).
  public var id: String
  /// The globally unique, stable id (`birthday-family-mom-2027@home.example.org`).
  public var uid: String
  /// The title.
  public var summary: String
  /// The longer text.
  public var description: String
  /// The absolute URL of the record's page, when `base_url` is set.
  public var url: String?
  /// The start.
  public var start: Start
  /// How long a timed event lasts, in minutes (all-day events last their day).
  public var durationMinutes = 15
  /// The weekly repetition, if any.
  public var weekly: Weekly?
  /// For an event that overrides one occurrence of a series (a dose marked done): that
  /// occurrence's start (`RECURRENCE-ID`); the event has the series' UID.
  public var recurrence: Start?
  /// Display alarms.
  public var alarms: [Alarm] = []
  /// Categories (`Birthday`, `Health`, ...).
  public var categories: [String] = []
  /// DTSTAMP and LAST-MODIFIED: when the records it comes from last changed.
  public var stamp: Date
  /// The revision number (see `FeedSequence`).
  public var sequence = 0

  /// Creates an event.
  public init(
    kind: Kind, id: String, uid: String, summary: String, description: String, start: Start,
    stamp: Date
  ) {
    self.kind = kind
    self.id = id
    self.uid = uid
    self.summary = summary
    self.description = description
    self.start = start
    self.stamp = stamp
  }

  /// Whether it is an all-day event.
  public var isAllDay: Bool {
    if case .allDay = start { return true }
    return false
  }
}
