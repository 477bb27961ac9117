import Foundation

/// ISO 8601 dates and times in the basic format (no `-` or `:`), as iCalendar writes them:
/// `20261122`, `20261122T083000`, `20261122T073000Z`.
public enum BasicISO8601 {
  /// `20261122`.
  public static func date(_ d: LocalDate) -> String {
    pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2)
  }

  /// `20261122T083000` (a local date and time, without zone).
  public static func local(_ d: LocalDate, _ t: TimeOfDay) -> String {
    date(d) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
  }

  /// `20261122T073000Z` (an instant in UTC, whole seconds rounded down), by civil-calendar
  /// arithmetic on the day number (no calendar: feeds write one per event). Instants before
  /// 15 October 1582 go through Foundation's calendar, as `LocalClock` does (it counts
  /// Julian days before the Gregorian reform); iCalendar has no year after 9999, so a later
  /// instant is written as its last second.
  public static func utc(_ instant: Date) -> String {
    let t = instant.timeIntervalSince1970
    if t >= 253_402_300_800 { return "99991231T235959Z" }
    guard t.isFinite, t >= -12_219_292_800 else {
      return local(utcClock.localDate(of: instant), utcClock.localTime(of: instant)) + "Z"
    }
    let seconds = Int(t.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let d = LocalDate(dayNumber: days)
    return String(unsafeUninitializedCapacity: 16) { buffer in
      func put(_ v: Int, _ width: Int, at start: Int) {
        var v = v
        for i in stride(from: start + width - 1, through: start, by: -1) {
          buffer[i] = UInt8(ascii: "0") + UInt8(v % 10)
          v /= 10
        }
      }
      put(d.year, 4, at: 0)
      put(d.month, 2, at: 4)
      put(d.day, 2, at: 6)
      buffer[8] = UInt8(ascii: "T")
      put(rest / 3600, 2, at: 9)
      put(rest / 60 % 60, 2, at: 11)
      put(rest % 60, 2, at: 13)
      buffer[15] = UInt8(ascii: "Z")
      return 16
    }
  }

  /// A clock in UTC (made once: a calendar is costly to set up).
  private static let utcClock = LocalClock(
    now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)

  /// The digits of `v` with leading zeros up to `width`.
  private static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
