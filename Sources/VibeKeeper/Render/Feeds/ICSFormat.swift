import Foundation

/// The non-TEXT iCalendar values of the feeds (RFC 5545 3.3): dates, date-times, durations,
/// recurrence rules, TZID parameters, URIs and UIDs. Every text it makes consists only of
/// printable ASCII without line breaks, so templates may print it unescaped.
public struct ICSFormat: Sendable {
  /// The clock whose time zone local times are in.
  public let clock: LocalClock
  /// The TZID of timed events; nil when the zone is UTC (times are then written with `Z`).
  public let tzid: String?

  /// Creates the formats for a clock's time zone.
  public init(clock: LocalClock) {
    self.clock = clock
    tzid = ICSFormat.isUTC(clock.timeZone) ? nil : ICSFormat.parameter(clock.timeZone.identifier)
  }

  /// Whether a zone is UTC for the feeds: offset 0 and no DST change since 1970.
  public static func isUTC(_ zone: TimeZone) -> Bool {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0
      && zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil
  }

  /// `20261122` (see `BasicISO8601.date`).
  public static func date(_ d: LocalDate) -> String { BasicISO8601.date(d) }

  /// `20261122T083000`, a local date and time without zone (see `BasicISO8601.local`).
  public static func local(_ d: LocalDate, _ t: TimeOfDay) -> String { BasicISO8601.local(d, t) }

  /// `20261122T073000Z`, an instant in UTC (see `BasicISO8601.utc`).
  public static func utc(_ instant: Date) -> String { BasicISO8601.utc(instant) }

  /// The parameters and value after `DTSTART`: `;VALUE=DATE:20261122`,
  /// `;TZID=Europe/Berlin:20261123T083000` or `:20261123T083000Z` in UTC.
  public func start(_ s: FeedEvent.Start) -> String {
    switch s {
    case .allDay(let d): return ";VALUE=DATE:" + ICSFormat.date(d)
    case .timed(let d, let t):
      guard let tzid else { return ":" + ICSFormat.local(d, t) + "Z" }
      return ";TZID=" + tzid + ":" + ICSFormat.local(d, t)
    }
  }

  /// The parameters and value after `DTEND` for an all-day event (the next day); nil for a
  /// timed event, which has a `DURATION` instead.
  public func end(_ s: FeedEvent.Start) -> String? {
    guard case .allDay(let d) = s else { return nil }
    return ";VALUE=DATE:" + ICSFormat.date(d.adding(days: 1))
  }

  /// `PT15M`, `PT1H30M`: a positive duration of whole minutes.
  public static func duration(minutes: Int) -> String {
    let m = max(0, minutes)
    if m == 0 { return "PT0S" }
    return "PT" + (m >= 60 ? "\(m / 60)H" : "") + (m % 60 > 0 ? "\(m % 60)M" : "")
  }

  /// `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270331T053000Z` (UNTIL in UTC, as RFC 5545 requires
  /// when DTSTART has a TZID or is UTC).
  public static func rrule(_ w: FeedEvent.Weekly) -> String {
    var rule = "FREQ=WEEKLY;BYDAY=" + w.days.map(\.icalCode).joined(separator: ",")
    if let until = w.until { rule += ";UNTIL=" + utc(until) }
    return rule
  }

  /// The TRIGGER of an alarm `days` (at least 1) before an all-day event, at `time` local:
  /// relative to the start, so it stays before it (`:-PT16H` for the day before at 08:00,
  /// `:-P6DT16H` a week before). Outlook keeps one alarm per event and drops one after an
  /// all-day start; Apple Calendar, Thunderbird and DAVx5 honour relative triggers as local
  /// times, and a relative trigger needs no time zone.
  public static func trigger(daysBefore days: Int, at time: TimeOfDay) -> String {
    let minutes = max(1, days) * 1_440 - (time.hour * 60 + time.minute)
    let (d, rest) = (minutes / 1_440, minutes % 1_440)
    var text = ":-P" + (d > 0 ? "\(d)D" : "")
    if rest > 0 {
      text += "T" + (rest >= 60 ? "\(rest / 60)H" : "") + (rest % 60 > 0 ? "\(rest % 60)M" : "")
    }
    return text
  }

  /// The TRIGGER of an alarm at the event's start: `:PT0S`.
  public static let triggerAtStart = ":PT0S"

  /// A UID part from data: ASCII letters, digits, `.`, `_` and `-` kept, every other run
  /// of characters becomes one `-` (`family/mom` gives `family-mom`); never empty.
  public static func uidPart(_ s: String) -> String {
    // Byte by byte: the kept characters are ASCII, and every byte of any other character
    // is not, so each run of them still becomes one `-`.
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "-"):
        out.append(b)
      default:
        if out.last != UInt8(ascii: "-") { out.append(UInt8(ascii: "-")) }
      }
    }
    return out.isEmpty ? "x" : String(decoding: out, as: UTF8.self)
  }

  /// A URI value: every character outside printable ASCII, and `"<>\^`{|}` and spaces,
  /// percent-encoded (UTF-8), so no line break or control character can get through.
  public static func uri(_ s: String) -> String {
    var out = ""
    let unsafe: Set<UInt8> = Set("\"<>\\^`{|} ".utf8)
    for byte in s.utf8 {
      if byte <= 0x20 || byte >= 0x7F || unsafe.contains(byte) {
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
      } else {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return out
  }

  /// A parameter value without quotes: only letters, digits and `/_+-.` are kept.
  static func parameter(_ s: String) -> String {
    let kept = s.unicodeScalars.filter {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "/_+-.".unicodeScalars.contains($0))
    }
    return kept.isEmpty ? "UTC" : String(String.UnicodeScalarView(kept))
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
