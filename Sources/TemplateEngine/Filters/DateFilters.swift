import Foundation
import VibeBasics

extension TemplateFilters {
  /// Date filters: `date(pattern)`, `relative`, `ics_date`, `ics_datetime`, `ics_utc`,
  /// `days_until`.
  static let dates: [String: TemplateFilter] = [
    "date": TemplateFilter { v, args, env in
      let pattern = try args.string(0, "pattern", default: "yyyy-MM-dd")
      guard let parts = try dateParts(v, env.clock, "date") else { return .string("") }
      return .string(DatePattern.format(pattern, date: parts.date, time: parts.time))
    }.taking(["pattern"]),
    "relative": relativeFilter,
    "relative_days": relativeFilter,
    "days_until": TemplateFilter { v, _, env in
      guard let parts = try dateParts(v, env.clock, "days_until") else { return .null }
      return .int(env.clock.today.days(to: parts.date))
    }.taking([]),
    "ics_date": TemplateFilter { v, _, env in
      switch v {
      case .dateTime(let instant):
        let utc = LocalClock(
          now: instant, timeZone: TimeZone(identifier: "UTC") ?? env.clock.timeZone)
        let text = DatePattern.format(
          "yyyyMMdd'T'HHmmss'Z'", date: utc.localDate(of: instant), time: utc.localTime(of: instant)
        )
        return .string(text)
      default:
        guard let parts = try dateParts(v, env.clock, "ics_date") else { return .string("") }
        return .string(DatePattern.format("yyyyMMdd", date: parts.date, time: parts.time))
      }
    }.taking([]),
    // The local date and time in the render clock's zone, for `;TZID=...:` values.
    "ics_datetime": TemplateFilter { v, _, env in
      guard let parts = try dateParts(v, env.clock, "ics_datetime") else { return .string("") }
      return .string(BasicISO8601.local(parts.date, parts.time))
    }.taking([]),
    // The instant in UTC (`...Z`); a date or time is read as local in the clock's zone.
    "ics_utc": TemplateFilter { v, _, env in
      guard let parts = try dateParts(v, env.clock, "ics_utc") else { return .string("") }
      if case .dateTime(let instant) = v { return .string(BasicISO8601.utc(instant)) }
      return .string(BasicISO8601.utc(env.clock.instant(parts.date, parts.time)))
    }.taking([]),
  ].mapValues { $0.readingToday() }

  /// "today", "tomorrow", "yesterday", "in 3 days", "3 days ago" from the clock's today.
  private static let relativeFilter = TemplateFilter { v, _, env in
    guard let parts = try dateParts(v, env.clock, "relative") else { return .string("") }
    return .string(relativeDays(env.clock.today.days(to: parts.date)))
  }.taking([])

  /// The English phrase for a number of days from today.
  static func relativeDays(_ days: Int) -> String {
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case let n where n > 1: return "in \(n) days"
    default: return "\(days.magnitude) days ago"
    }
  }

  /// The local date and time of a date, date-time, time or ISO date text; nil for null.
  static func dateParts(_ v: TemplateValue, _ clock: LocalClock, _ filter: String)
    throws(ValueError) -> (date: LocalDate, time: TimeOfDay)?
  {
    let midnight = TimeOfDay(hour: 0, minute: 0) ?? clock.localTime(of: clock.now)
    switch v {
    case .null: return nil
    case .date(let d): return (d, midnight)
    case .dateTime(let instant): return (clock.localDate(of: instant), clock.localTime(of: instant))
    case .time(let t): return (clock.today, t)
    case .string(let s), .safe(let s):
      if let d = LocalDate(iso: s) { return (d, midnight) }
      throw ValueError("'\(filter)' needs a date, and '\(s)' is not YYYY-MM-DD")
    default: throw ValueError("'\(filter)' needs a date, not \(v.typeName)")
    }
  }
}

/// Formats dates with Unicode-style patterns, in English and independent of the locale:
/// `yyyy yy MMMM MMM MM M dd d EEEE EEE HH H hh h mm ss a`, text in `'quotes'`.
enum DatePattern {
  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  private static let days = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// The pattern filled in with the date and time.
  static func format(_ pattern: String, date: LocalDate, time: TimeOfDay) -> String {
    let p = Array(pattern)
    var out = ""
    var i = 0
    while i < p.count {
      let c = p[i]
      if c == "'" {
        var j = i + 1
        if j < p.count, p[j] == "'" {
          out += "'"
          i += 2
          continue
        }
        while j < p.count, p[j] != "'" {
          out.append(p[j])
          j += 1
        }
        i = j + 1
        continue
      }
      var n = 1
      while i + n < p.count, p[i + n] == c { n += 1 }
      i += n
      out += field(c, n, date, time) ?? String(repeating: c, count: n)
    }
    return out
  }

  private static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  private static func field(_ c: Character, _ n: Int, _ d: LocalDate, _ t: TimeOfDay) -> String? {
    let hour12 = t.hour % 12 == 0 ? 12 : t.hour % 12
    switch c {
    case "y": return n == 2 ? pad(d.year % 100, 2) : pad(d.year, n)
    case "M":
      switch n {
      case 1: return String(d.month)
      case 2: return pad(d.month, 2)
      case 3: return String(months[d.month - 1].prefix(3))
      default: return months[d.month - 1]
      }
    case "d": return pad(d.day, n)
    case "E":
      let name = days[d.weekday.rawValue - 1]
      return n >= 4 ? name : String(name.prefix(3))
    case "H": return pad(t.hour, n)
    case "h": return pad(hour12, n)
    case "m": return pad(t.minute, n)
    case "s": return pad(t.second, n)
    case "a": return t.hour < 12 ? "AM" : "PM"
    default: return nil
    }
  }
}
