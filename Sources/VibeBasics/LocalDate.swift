import Foundation

/// A calendar date without a time or time zone (`2026-11-22`), as written in data files.
///
/// Arithmetic is exact civil-calendar arithmetic on day numbers, so adding days never
/// goes through 86,400-second intervals and never meets a DST change.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, for example 2026.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Creates a date when the components name a real day (no 30 February), else nil.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), year >= 1, year <= 9999, day >= 1,
      day <= LocalDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  private init(unchecked year: Int, _ month: Int, _ day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD` strictly (four-digit year, two-digit month and day).
  public init?(iso text: some StringProtocol) {
    let u = Array(text.utf8)
    guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
      let y = LocalDate.digits(u, 0, 4), let m = LocalDate.digits(u, 5, 2),
      let d = LocalDate.digits(u, 8, 2)
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  static func digits(_ u: [UInt8], _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for i in start..<(start + count) {
      let c = u[i]
      guard c >= 48, c <= 57 else { return nil }
      value = value * 10 + Int(c - 48)
    }
    return value
  }

  /// Whether `year` is a Gregorian leap year.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in a month of a year.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 (negative before), by Howard Hinnant's civil algorithm.
  public var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The date with the given day number (days since 1970-01-01).
  public init(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// This date moved by a number of days (negative goes back).
  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  /// Whole days from this date to `other` (positive when `other` is later).
  public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((dayNumber % 7) + 7 + 4) % 7  // 0 = Sunday
    return Weekday.allCases[index]
  }

  /// The same month and day in another year; 29 February becomes 28 February or 1 March
  /// in a common year, as `leap` says.
  public func inYear(_ year: Int, leap: LeapDayRule = .feb28) -> LocalDate {
    if month == 2, day == 29, !LocalDate.isLeapYear(year) {
      return leap == .feb28
        ? LocalDate(unchecked: year, 2, 28) : LocalDate(unchecked: year, 3, 1)
    }
    return LocalDate(unchecked: year, month, day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func pad(_ v: Int, _ w: Int) -> String {
      let s = String(v)
      return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  public static func < (a: LocalDate, b: LocalDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }
}

/// Where a 29 February date falls in a common year.
public enum LeapDayRule: String, Sendable, Hashable, CaseIterable {
  /// 28 February (the default).
  case feb28
  /// 1 March.
  case mar1
}
