import Foundation

/// Strict parsers for the scalar formats of the data format: decimals, booleans, dates,
/// date-times and times. Each returns nil on anything it does not accept exactly.
public enum ScalarParsing {
  private static let posix = Locale(identifier: "en_US_POSIX")

  /// A decimal written with digits and an optional `.` part (`12`, `1.29`, `-3.5`).
  public static func decimal(_ text: String) -> Decimal? {
    let t = text.trimmedBlanks()
    var digitsSeen = false
    var dotSeen = false
    for (i, c) in t.unicodeScalars.enumerated() {
      switch c {
      case "0"..."9": digitsSeen = true
      case ".": if dotSeen { return nil } else { dotSeen = true }
      case "-", "+": if i != 0 { return nil }
      default: return nil
      }
    }
    guard digitsSeen, !t.hasSuffix("."), !t.hasPrefix(".") else { return nil }
    return Decimal(string: t, locale: posix)
  }

  /// A whole number.
  static func integer(_ text: String) -> Int? {
    let t = text.trimmedBlanks()
    guard !t.isEmpty, t.count <= 18,
      t.unicodeScalars.enumerated().allSatisfy({
        ("0"..."9").contains($0.element) || ($0.offset == 0 && $0.element == "-")
      })
    else { return nil }
    return Int(t)
  }

  /// `true`/`false` and YAML 1.1's `yes`/`no`/`on`/`off`, any case.
  static func bool(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on": true
    case "false", "no", "off": false
    default: nil
    }
  }

  /// A date-time as written: local components, plus the UTC offset in seconds when the text
  /// carries `Z` or `±HH:MM`.
  struct DateTimeText {
    let date: LocalDate
    let time: TimeOfDay
    let utcOffset: Int?
  }

  /// `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM|±HHMM]`; a space may stand for the `T`.
  static func dateTime(_ text: String) -> DateTimeText? {
    let t = text.trimmedBlanks()
    guard t.count >= 16 else { return nil }
    let datePart = t.prefix(10)
    let sep = t[t.index(t.startIndex, offsetBy: 10)]
    guard sep == "T" || sep == " " || sep == "t", let date = LocalDate(iso: datePart) else {
      return nil
    }
    var rest = t.dropFirst(11)
    var offset: Int?
    if rest.hasSuffix("Z") || rest.hasSuffix("z") {
      offset = 0
      rest = rest.dropLast()
    } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let zone = rest[signIndex...]
      let digits = zone.dropFirst().replacingOccurrences(of: ":", with: "")
      guard digits.count == 4 || digits.count == 2, let v = Int(digits) else { return nil }
      let hours = digits.count == 4 ? v / 100 : v
      let minutes = digits.count == 4 ? v % 100 : 0
      guard hours <= 14, minutes < 60 else { return nil }
      offset = (zone.first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
      rest = rest[..<signIndex]
    }
    // Fractional seconds are accepted and dropped.
    if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
    guard let time = TimeOfDay(text: rest) else { return nil }
    return DateTimeText(date: date, time: time, utcOffset: offset)
  }

  /// The instant of a date-time text: its own offset when it has one, else local time in
  /// `clock`'s zone.
  static func instant(_ dt: DateTimeText, clock: LocalClock) -> Date {
    if let offset = dt.utcOffset {
      let seconds = dt.date.dayNumber * 86_400 + dt.time.secondsSinceMidnight - offset
      return Date(timeIntervalSince1970: Double(seconds))
    }
    return clock.instant(dt.date, dt.time)
  }

  /// An amount as VibeKeeper keeps one (`decimal(_:)` within `RecordFields.inRange`: at most
  /// 12 digits before the point and 6 after it), or nil.
  public static func amount(_ text: String) -> Decimal? {
    RecordFields.inRange(text) ? decimal(text) : nil
  }
}
