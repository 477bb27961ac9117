import Foundation

/// A VTIMEZONE component for the settings zone, generated from the system's time zone data
/// (RFC 5545 3.6.5), so calendars place `TZID` times right across DST changes.
///
/// It walks the zone's transitions from the start of `fromYear` to the end of `toYear`
/// with Foundation. Transitions into the same observance (standard or daylight) that follow
/// one yearly rule (month, weekday of the month or last weekday, local time, offsets, name)
/// become one component with a yearly `RRULE`; a run of two or more still going in `toYear`
/// has no end so the rule goes on after it; other runs end with `UNTIL`, and a transition
/// that follows no yearly rule is a component of its own with just its DTSTART. A zone without transitions gets one
/// STANDARD component. UTC gets one STANDARD component named UTC.
public enum VTimeZone {
  /// One transition: the instant and the offsets and name it goes from and to.
  struct Transition: Equatable {
    let instant: Date
    let from: Int
    let to: Int
    /// The abbreviation, when the zone has one.
    let name: String?
    let daylight: Bool
  }

  /// The lines of the VTIMEZONE (without line ends). UTC gets a one-line-rule `UTC`
  /// component too: no event refers to it, but it keeps a feed without events valid (RFC
  /// 5545 wants at least one component). `abbreviations` name the observances (TZNAME);
  /// by default the system's TZif data, and TZNAME is left out where it knows none.
  public static func lines(for zone: TimeZone, fromYear: Int, toYear: Int) -> [String] {
    lines(for: zone, fromYear: fromYear, toYear: toYear, abbreviations: .system(zone))
  }

  /// `lines(for:fromYear:toYear:)` with the abbreviations given.
  static func lines(
    for zone: TimeZone, fromYear: Int, toYear: Int, abbreviations: ZoneAbbreviations?
  ) -> [String] {
    guard !ICSFormat.isUTC(zone) else {
      return [
        "BEGIN:VTIMEZONE", "TZID:UTC", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:UTC", "END:STANDARD", "END:VTIMEZONE",
      ]
    }
    func name(_ instant: Date) -> String? {
      abbreviations?.abbreviation(at: instant, daylight: zone.isDaylightSavingTime(for: instant))
    }
    let tzid = ICSFormat.parameter(zone.identifier)
    let start = utcMidnight(year: fromYear)
    let end = utcMidnight(year: max(fromYear, toYear) + 1)
    var transitions: [Transition] = []
    var cursor = start
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
      let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
      let after = zone.secondsFromGMT(for: next)
      if before != after {
        transitions.append(
          Transition(
            instant: next, from: before, to: after, name: name(next),
            daylight: zone.isDaylightSavingTime(for: next)))
      }
      cursor = next
    }
    var out = ["BEGIN:VTIMEZONE", "TZID:" + tzid]
    if transitions.isEmpty {
      let offset = zone.secondsFromGMT(for: start)
      out += [
        "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:" + offsetText(offset),
        "TZOFFSETTO:" + offsetText(offset),
      ]
      if let name = name(start) { out.append("TZNAME:" + name) }
      out.append("END:STANDARD")
    } else {
      for daylight in [false, true] {
        for run in runs(transitions.filter { $0.daylight == daylight }) {
          // Only a rule still in force in the last year walked goes on without end.
          // A single transition is no evidence of a yearly rule (Morocco's move with Ramadan).
          let open =
            run.isLast && run.list.count > 1
            && year(run.list.last?.instant) >= max(fromYear, toYear)
          out += component(run.list, daylight: daylight, open: open)
        }
      }
    }
    out.append("END:VTIMEZONE")
    return out
  }

  /// The yearly rule a transition follows: month, weekday, position (`-1` for the last of
  /// the month), local time in the old offset, the offsets and the name.
  static func rule(_ t: Transition) -> String {
    let local = wallTime(t)
    let days = LocalDate.daysIn(month: local.date.month, year: local.date.year)
    let position = local.date.day + 7 > days ? -1 : (local.date.day - 1) / 7 + 1
    return "\(local.date.month) \(position)\(local.date.weekday.icalCode) \(local.time) "
      + "\(t.from) \(t.to) \(t.name ?? "")"
  }

  /// Consecutive transitions with the same rule; the last run is marked.
  static func runs(_ list: [Transition]) -> [(list: [Transition], isLast: Bool)] {
    var runs: [[Transition]] = []
    for t in list {
      if let last = runs.last?.last, rule(last) == rule(t),
        year(t.instant) == year(last.instant) + 1
      {
        runs[runs.count - 1].append(t)
      } else {
        runs.append([t])
      }
    }
    return runs.enumerated().map { ($0.element, $0.offset == runs.count - 1) }
  }

  /// One STANDARD or DAYLIGHT component for a run of transitions: a yearly RRULE when
  /// the run has two or more (without UNTIL when `open`), else its single DTSTART.
  static func component(_ run: [Transition], daylight: Bool, open: Bool) -> [String] {
    guard let first = run.first, let last = run.last else { return [] }
    let kind = daylight ? "DAYLIGHT" : "STANDARD"
    let local = wallTime(first)
    var out = [
      "BEGIN:" + kind, "DTSTART:" + ICSFormat.local(local.date, local.time),
      "TZOFFSETFROM:" + offsetText(first.from), "TZOFFSETTO:" + offsetText(first.to),
    ]
    if let name = first.name { out.append("TZNAME:" + name) }
    if run.count > 1 {
      let parts = rule(first).split(separator: " ")
      var rrule = "RRULE:FREQ=YEARLY;BYMONTH=\(parts[0]);BYDAY=\(parts[1])"
      // UNTIL a day after the last transition (the next is a year on): the same
      // transitions, and readers that wrongly compare UNTIL with local time (zones east of
      // UTC) still keep the last one.
      if !open { rrule += ";UNTIL=" + ICSFormat.utc(last.instant.addingTimeInterval(86_400)) }
      out.append(rrule)
    }
    out.append("END:" + kind)
    return out
  }

  /// The local date and time a transition happens at, in the offset before it.
  static func wallTime(_ t: Transition) -> (date: LocalDate, time: TimeOfDay) {
    let zone = TimeZone(secondsFromGMT: t.from) ?? .gmt
    let clock = LocalClock(now: t.instant, timeZone: zone)
    return (clock.localDate(of: t.instant), clock.localTime(of: t.instant))
  }

  /// The UTC year of an instant (0 for none).
  static func year(_ instant: Date?) -> Int {
    guard let instant else { return 0 }
    return LocalClock(now: instant, timeZone: .gmt).localDate(of: instant).year
  }

  /// 1 January of a year, 00:00 UTC (a bound of the walk, not date arithmetic).
  static func utcMidnight(year: Int) -> Date {
    let day = LocalDate(year: min(max(1, year), 9999), month: 1, day: 1)?.dayNumber ?? 0
    return Date(timeIntervalSince1970: Double(day) * 86_400)
  }

  /// `+0100`, `-0330`, `+053028` for odd historical offsets.
  static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let a = abs(seconds)
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let s = a % 60
    return sign + two(a / 3600) + two(a % 3600 / 60) + (s == 0 ? "" : two(s))
  }
}
