import Foundation

/// "Now" in a time zone: the one input every analysis takes instead of the wall clock.
///
/// It converts between instants and the local calendar of the settings time zone with
/// Foundation's Gregorian calendar, so days are calendar days, never 86,400 seconds.
public struct LocalClock: Sendable {
  /// The instant the analyses treat as now.
  public let now: Date
  /// The time zone of "today" and of local times.
  public let timeZone: TimeZone
  /// A Gregorian calendar in `timeZone`.
  public let calendar: Calendar

  /// Creates a clock reading `now` in `timeZone`.
  public init(now: Date, timeZone: TimeZone) {
    self.now = now
    self.timeZone = timeZone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    self.calendar = calendar
  }

  /// Today's local date.
  public var today: LocalDate { localDate(of: now) }

  /// The local date on which an instant falls.
  public func localDate(of instant: Date) -> LocalDate {
    let c = calendar.dateComponents([.year, .month, .day], from: instant)
    return LocalDate(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
      ?? LocalDate(dayNumber: 0)
  }

  /// The local wall-clock time of an instant.
  public func localTime(of instant: Date) -> TimeOfDay {
    let c = calendar.dateComponents([.hour, .minute, .second], from: instant)
    return TimeOfDay(hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
      ?? TimeOfDay(hour: 0, minute: 0)!
  }

  /// The instant of a local date and time. A time that a DST change skips (02:30 on a
  /// spring-forward night) moves forward by the gap; an ambiguous one takes the first.
  public func instant(_ date: LocalDate, _ time: TimeOfDay) -> Date {
    var c = DateComponents()
    c.year = date.year
    c.month = date.month
    c.day = date.day
    c.hour = time.hour
    c.minute = time.minute
    c.second = time.second
    if let d = calendar.date(from: c) { return d }
    // Fallback: midnight UTC of the date plus the time, then the zone's offset.
    let utc = Double(date.dayNumber * 86_400 + time.secondsSinceMidnight)
    return Date(timeIntervalSince1970: utc - Double(timeZone.secondsFromGMT()))
  }

  /// The instant local midnight starts `date`.
  public func startOfDay(_ date: LocalDate) -> Date {
    calendar.startOfDay(for: instant(date, TimeOfDay(hour: 12, minute: 0)!))
  }
}
