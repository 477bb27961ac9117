/// A floating yearly date: the n-th (or n-th last) weekday of a month, as "second Sunday of
/// May" (Mother's Day) or "last Monday of May" says; iCalendar writes it
/// `FREQ=YEARLY;BYMONTH=5;BYDAY=2SU`.
public struct YearlyRule: Hashable, Sendable, CustomStringConvertible {
  /// 1 to 5 from the start of the month, -1 to -5 from its end.
  public let ordinal: Int
  /// The day of the week.
  public let weekday: Weekday
  /// The month, 1 to 12.
  public let month: Int

  /// A rule, or nil for an ordinal outside ±1...5 or a month outside 1...12.
  public init?(ordinal: Int, weekday: Weekday, month: Int) {
    guard (1...5).contains(abs(ordinal)), (1...12).contains(month) else { return nil }
    self.ordinal = ordinal
    self.weekday = weekday
    self.month = month
  }

  static let ordinals: [(String, Int)] = [
    ("first", 1), ("1st", 1), ("second", 2), ("2nd", 2), ("third", 3), ("3rd", 3),
    ("fourth", 4), ("4th", 4), ("fifth", 5), ("5th", 5), ("last", -1),
  ]
  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// Reads "second Sunday of May", "2nd sunday of may", "last Monday of May",
  /// "second last Friday of November" (case and extra spaces do not matter).
  public init?(text: String) {
    var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
      String.init)
    guard words.count >= 4, words[words.count - 2] == "of",
      let month = Self.months.firstIndex(where: {
        $0 == words[words.count - 1]
          || (words[words.count - 1].count >= 3
            && $0.hasPrefix(words[words.count - 1]))
      }),
      let weekday = Weekday(name: words[words.count - 3])
    else { return nil }
    words.removeLast(3)
    // "second", or counted from the end: "second last", "second to last" ("first last" is
    // just "last").
    let fromEnd = words.dropFirst()
    guard let first = words.first, let n = Self.ordinals.first(where: { $0.0 == first })?.1,
      fromEnd.isEmpty
        || (n > 1 && [["last"], ["to-last"], ["to", "last"]].contains(Array(fromEnd)))
    else { return nil }
    self.init(ordinal: fromEnd.isEmpty ? n : -n, weekday: weekday, month: month + 1)
  }

  /// "second Sunday of May", "last Monday of May", "second last Friday of November".
  public var description: String {
    let names = ["first", "second", "third", "fourth", "fifth"]
    let position =
      ordinal > 0 ? names[ordinal - 1] : ordinal == -1 ? "last" : names[-ordinal - 1] + " last"
    return "\(position) \(weekday.name) of \(Self.months[month - 1].capitalized)"
  }

  /// The date in `year`, nil when the month has no such day (a fifth Monday).
  public func date(in year: Int) -> LocalDate? {
    let days = LocalDate.daysIn(month: month, year: year)
    if ordinal > 0 {
      guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
      let shift = (weekday.rawValue - first.weekday.rawValue + 7) % 7
      let day = 1 + shift + (ordinal - 1) * 7
      return day <= days ? LocalDate(year: year, month: month, day: day) : nil
    }
    guard let last = LocalDate(year: year, month: month, day: days) else { return nil }
    let shift = (last.weekday.rawValue - weekday.rawValue + 7) % 7
    let day = days - shift - (-ordinal - 1) * 7
    return day >= 1 ? LocalDate(year: year, month: month, day: day) : nil
  }
}
