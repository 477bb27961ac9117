import Foundation

extension LocalClock {
  /// An instant as ISO 8601 local time with the zone's offset at that instant, to the
  /// second: `2026-11-23T08:30:00+01:00` (`+00:00` in UTC). Deterministic.
  public func isoText(_ instant: Date) -> String {
    let date = localDate(of: instant)
    let time = localTime(of: instant)
    let offset = timeZone.secondsFromGMT(for: instant)
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return "\(date)T\(Self.two(time.hour)):\(Self.two(time.minute)):\(Self.two(time.second))"
      + "\(sign)\(Self.two(minutes / 60)):\(Self.two(minutes % 60))"
  }

  /// `30 Apr 2027`: day without padding, English month abbreviation, year.
  public static func dayMonthYear(_ date: LocalDate) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    return "\(date.day) \(months[date.month - 1]) \(date.year)"
  }

  private static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
