import Foundation

/// Parses the `--now` option: the instant every analysis treats as now.
public enum NowOption {
  /// `YYYY-MM-DDTHH:MM[:SS]` (local time in `timeZone` unless it carries `Z` or an offset),
  /// or a bare `YYYY-MM-DD` meaning that day's local midnight. Nil when it is neither.
  public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
    let clock = LocalClock(now: Date(timeIntervalSince1970: 0), timeZone: timeZone)
    if let date = LocalDate(iso: text) { return clock.startOfDay(date) }
    guard let dt = ScalarParsing.dateTime(text) else { return nil }
    return ScalarParsing.instant(dt, clock: clock)
  }
}
