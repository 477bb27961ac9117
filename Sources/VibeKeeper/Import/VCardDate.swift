/// A date as vCards write birthdays and anniversaries: `1990-03-15`, `19900315`, `--0315`,
/// `--03-15`, a date-time (`1955-07-19T00:00:00Z`, whose date is taken as written), and the
/// year 1604 that Apple (`X-APPLE-OMIT-YEAR=1604`) and CardBook write for "year unknown".
struct VCardDate: Hashable {
  var year: Int?
  var month: Int
  var day: Int

  /// The year Apple and CardBook write when the year is unknown.
  static let noYear = 1604

  /// Reads `text`; `omitYear` is the card's `X-APPLE-OMIT-YEAR`. Nil for text that is no
  /// date (`circa 1800`) or a date that does not exist.
  init?(_ text: String, omitYear: Int? = nil) {
    var t = Substring(text.trimmingCharacters(in: .whitespaces))
    if let tee = t.firstIndex(where: { $0 == "T" || $0 == "t" }) { t = t[..<tee] }
    var year: Int?
    var rest: Substring
    if t.hasPrefix("--") {
      rest = t.dropFirst(2)
    } else if t.count == 10, t.dropFirst(4).first == "-" {
      year = Int(t.prefix(4))
      rest = t.dropFirst(5)
      guard year != nil else { return nil }
    } else if t.count == 8, t.allSatisfy(\.isASCII), t.allSatisfy(\.isNumber) {
      year = Int(t.prefix(4))
      rest = t.dropFirst(4)
    } else {
      return nil
    }
    let digits = rest.filter { $0 != "-" }
    guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      rest.count == 4 || (rest.count == 5 && rest.dropFirst(2).first == "-"),
      let month = Int(digits.prefix(2)), let day = Int(digits.suffix(2))
    else { return nil }
    if let y = year, y == Self.noYear || y == omitYear || y == 0 { year = nil }
    // A year-less date may be 29 February (2000 is a leap year).
    guard LocalDate(year: year ?? 2000, month: month, day: day) != nil else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// `1990-03-15`, or `--03-15` without a year (the data format's birthday).
  var birthday: String {
    let md = (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
    guard let year else { return "--" + md }
    return String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)-" + md
  }
}
