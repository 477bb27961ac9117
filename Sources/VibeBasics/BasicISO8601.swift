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

  /// `20261122T073000Z` (an instant in UTC).
  public static func utc(_ instant: Date) -> String {
    local(utcClock.localDate(of: instant), utcClock.localTime(of: instant)) + "Z"
  }

  /// A clock in UTC (made once: a calendar is costly to set up, and feeds have many stamps).
  private static let utcClock = LocalClock(
    now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)

  /// The digits of `v` with leading zeros up to `width`.
  private static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
