import Foundation

/// Finds a date in a capture sentence: `on 12 Dec`, `3rd of March 2027`, `December 12th`,
/// `12/12` (day first), `2026-12-12`, `today`, `tomorrow`, `on Friday`, `next Friday`,
/// `in 3 weeks`. A day and month without a year that has passed this year means next year.
enum CaptureDate {
  /// A date read from the sentence.
  struct Match {
    let date: Captured<LocalDate>
    let range: Range<String.Index>
  }

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]
  private static let monthPattern =
    "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
  private static let lead = #"(?:(?:on|by|for|before|until|till)\s+)?(?:the\s+)?"#

  private enum Form { case dayMonth, monthDay, iso, slash, weekday, relativeDay, inDays, nextWeek }

  /// The first date in the free parts of `text`, relative to `today`.
  static func find(in text: CaptureText, today: LocalDate) -> Match? {
    let patterns: [(String, Form)] = [
      (#"\b"# + lead + #"(\d{4})-(\d{2})-(\d{2})(?![\d])"#, .iso),
      (
        #"\b"# + lead + #"(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+"# + monthPattern
          + #"\.?(?:,?\s+(\d{4}))?(?![a-z\d])"#, .dayMonth
      ),
      (
        #"\b"# + lead + monthPattern
          + #"\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![a-z\d])"#,
        .monthDay
      ),
      (#"\b"# + lead + #"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])"#, .slash),
      (
        #"\b(?:(on|this|next|by|until)\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"#,
        .weekday
      ),
      (#"\b(?:(?:on|by|for|until)\s+)?(today|tonight|tomorrow)\b"#, .relativeDay),
      (#"\bin\s+(\d{1,3})\s+(days?|weeks?)\b"#, .inDays),
      (#"\b(?:by\s+)?next\s+week\b"#, .nextWeek),
    ]
    for (pattern, form) in patterns {
      guard let regex = try? Regex(pattern).ignoresCase() else { continue }
      for m in text.original.matches(of: regex) where !text.isUsed(m.range) {
        if let date = make(form, m, today: today) {
          let source = String(text.original[m.range])
          return Match(
            date: Captured(date.0, confidence: date.1, source: source), range: m.range)
        }
      }
    }
    return nil
  }

  private static func make(_ form: Form, _ m: Regex<AnyRegexOutput>.Match, today: LocalDate)
    -> (LocalDate, Double)?
  {
    func group(_ i: Int) -> String? { m.output[i].substring.map { String($0).lowercased() } }
    func int(_ i: Int) -> Int? { group(i).flatMap { Int($0) } }
    switch form {
    case .iso:
      guard let y = int(1), let mo = int(2), let d = int(3),
        let date = LocalDate(year: y, month: mo, day: d)
      else { return nil }
      return (date, date < today ? 0.5 : 0.95)
    case .dayMonth, .monthDay:
      let (dayGroup, monthGroup) = form == .dayMonth ? (1, 2) : (2, 1)
      guard let d = int(dayGroup), let name = group(monthGroup),
        let mo = months.firstIndex(where: { $0.hasPrefix(name) }).map({ $0 + 1 })
      else { return nil }
      return resolve(day: d, month: mo, year: int(3), today: today, confidence: 0.9)
    case .slash:
      guard let d = int(1), let mo = int(2) else { return nil }
      var year = int(3)
      if let y = year, y < 100 { year = 2000 + y }
      // Day first; when both could be a month the reading is a guess.
      let ambiguous = d <= 12 && mo <= 12 && d != mo
      return resolve(
        day: d, month: mo, year: year, today: today, confidence: ambiguous ? 0.6 : 0.85)
    case .weekday:
      guard let name = group(2), let target = Weekday(name: name) else { return nil }
      var ahead = (target.rawValue - today.weekday.rawValue + 7) % 7
      if ahead == 0 { ahead = 7 }
      // "next Friday" may mean this coming one or the one a week later.
      return (today.adding(days: ahead), group(1) == "next" ? 0.6 : 0.85)
    case .relativeDay:
      return group(1) == "tomorrow" ? (today.adding(days: 1), 0.95) : (today, 0.95)
    case .inDays:
      guard let n = int(1), let unit = group(2) else { return nil }
      return (today.adding(days: unit.hasPrefix("week") ? n * 7 : n), 0.8)
    case .nextWeek:
      return (today.adding(days: 7), 0.5)
    }
  }

  /// A day and month, in `year` when given, else the next time it comes (today counts).
  /// 29 February without a year is the next leap year's.
  static func resolve(day: Int, month: Int, year: Int?, today: LocalDate, confidence: Double)
    -> (LocalDate, Double)?
  {
    if let year {
      guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
      return (date, date < today ? 0.5 : min(1, confidence + 0.05))
    }
    for y in today.year...(today.year + 8) {
      if let date = LocalDate(year: y, month: month, day: day), date >= today {
        return (date, confidence)
      }
    }
    return nil
  }
}
