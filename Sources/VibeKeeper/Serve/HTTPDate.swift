import Foundation

/// HTTP dates (RFC 9110 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), written and read
/// without a locale or a formatter's state. Reading also takes RFC 850 and asctime dates,
/// as the RFC asks.
public enum HTTPDate {
  static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The IMF-fixdate of `seconds` since 1970.
  public static func format(_ seconds: Int) -> String {
    let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let date = LocalDate(dayNumber: day)
    let rest = seconds - day * 86_400
    let weekday = days[((day % 7) + 7) % 7]
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return
      "\(weekday), \(two(date.day)) \(months[date.month - 1]) \(date.year) \(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) GMT"
  }

  /// The seconds since 1970 of an HTTP date; nil when it is none.
  public static func parse(_ text: String) -> Int? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
      .map(String.init)
    // IMF-fixdate: Sun 06 Nov 1994 08:49:37 GMT; RFC 850: Sunday 06 Nov 94 08:49:37 GMT;
    // asctime: Sun Nov 6 08:49:37 1994.
    var day: Int?
    var month: Int?
    var year: Int?
    var time: String?
    if words.count == 6, words[5] == "GMT" {
      (day, month, year, time) = (
        Int(words[1]), months.firstIndex(of: words[2]).map { $0 + 1 }, Int(words[3]), words[4]
      )
      if let y = year, words[3].count == 2 { year = y < 70 ? 2000 + y : 1900 + y }
    } else if words.count == 5 {
      (day, month, year, time) = (
        Int(words[2]), months.firstIndex(of: words[1]).map { $0 + 1 }, Int(words[4]), words[3]
      )
    }
    guard let day, let month, let year, let time,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    let parts = time.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 3, parts[0] < 24, parts[1] < 60, parts[2] < 61 else { return nil }
    return date.dayNumber * 86_400 + parts[0] * 3600 + parts[1] * 60 + parts[2]
  }
}
