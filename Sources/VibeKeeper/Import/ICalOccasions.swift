import Foundation

/// Turns the events of a calendar export (a birthdays calendar, holidays, anniversaries)
/// into occasions: one-off events once; yearly ones (`FREQ=YEARLY`, with `BYMONTH` and
/// `BYDAY` as a floating day such as "second Sunday of May", `UNTIL` and `COUNT` as
/// `until`); a series written as separate dates on the same day of several years as one
/// yearly occasion. What occasions cannot say (a moved occurrence, a monthly rule) is
/// reported.
struct ICalOccasions {
  let clock: LocalClock

  /// One event as an occasion would take it.
  private struct Event {
    var uid: String?
    var title: String
    var location: String?
    var start: LocalDate
    var days: Int
    var rule: [String: String]?
    var extra: [LocalDate]
    /// The days the series skips (`EXDATE`), and whether this is an occurrence cancelled
    /// (`STATUS:CANCELLED` with a `RECURRENCE-ID`).
    var exdates: [LocalDate]
    var cancelled = false
    var recurrence: LocalDate?
    var line: Int
    /// The start's time of day in seconds (nil for a whole day), and the zone it is in.
    var startTime: Int?
    var zone: TimeZone
  }

  /// A yearly rule as an occasion follows it: a floating day or the start's day, and the
  /// last day it may fall on.
  private struct Yearly {
    var rule: YearlyRule?
    var until: LocalDate?

    /// The occasion's `recurring` and `until` fields.
    var fields: [(name: String, value: ImportedRecord.Value)] {
      [("recurring", .text(rule?.description ?? "yearly"))]
        + (until.map { [("until", .plain($0.description))] } ?? [])
    }

    /// The first `count` days of the series that starts on `start`.
    func dates(from start: LocalDate, count: Int) -> [LocalDate] {
      var o = Occasion(
        meta: RecordMeta(id: "", location: SourceLocation(file: "", line: 0, column: 0), path: ""),
        title: "", date: start)
      o.recurring = true
      o.rule = rule
      o.until = until
      return o.dates(onOrAfter: start, count: count)
    }
  }

  /// The batch of the calendar at `path`, shown as `file`.
  func batch(_ path: String, file: String) -> ImportBatch {
    var batch = ImportBatch(file: file)
    var events: [Event] = []
    var calendar: String?
    do {
      let found = try ICalReader.read(
        path, event: { e in if let ev = event(e, &batch) { events.append(ev) } },
        name: { calendar = calendar ?? $0 },
        problem: { line, message in batch.problem(line: line, message) })
      if !found {
        batch.problem(
          .error, line: 1, "there is no calendar in this file (no BEGIN:VCALENDAR line)",
          hint: "export the calendar as iCalendar (.ics)")
        return batch
      }
    } catch {
      batch.problem(.error, line: 1, "\(error)")
      return batch
    }
    let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let list = Slug.make(calendar ?? base, fallback: "calendar")
    // Titles shared by events in different places ("Summer Bank Holiday" in England and in
    // Scotland) get the place.
    var places: [String: Set<String>] = [:]
    for e in events { places[e.title, default: []].insert(e.location ?? "") }

    var seen: Set<String> = []
    var byUID: [String: [Event]] = [:]
    var order: [String] = []
    for (i, e) in events.enumerated() {
      let uid = e.uid ?? "line-\(i)"
      if byUID[uid] == nil { order.append(uid) }
      byUID[uid, default: []].append(e)
    }
    for uid in order {
      guard let group = byUID[uid] else { continue }
      let master = group.first { $0.recurrence == nil }
      let overrides = group.filter { $0.recurrence != nil && !$0.cancelled }
      // The days the series does not happen: EXDATE, and occurrences cancelled.
      let skipped = Set(
        (master?.exdates ?? []) + group.filter(\.cancelled).compactMap(\.recurrence))
      var series: Event
      if let master {
        series = master
        let moved = overrides.filter { $0.start != $0.recurrence || $0.title != master.title }
        if !moved.isEmpty || !skipped.isEmpty, let rule = master.rule {
          // Occurrences moved (Easter, a substitute bank holiday): a series that ends is
          // written as the days it really falls on; one that goes on keeps its rule.
          if let dates = expand(master, rule, &batch) {
            var days = dates.filter { !skipped.contains($0) }.map {
              (date: $0, title: master.title)
            }
            for o in moved {
              if let i = days.firstIndex(where: { $0.date == o.recurrence }) {
                days[i] = (o.start, o.title)
              }
            }
            let key = "ical:" + (master.uid ?? master.title)
            for d in days where seen.insert(Slug.make(d.title) + "|" + d.date.description).inserted
            {
              batch.records.append(
                ImportedRecord(
                  kind: .occasions, key: key + "#" + d.date.description, label: d.title,
                  slugSource: "\(d.title) \(d.date.year)",
                  fields: [("title", .text(d.title)), ("date", .plain(d.date.description))],
                  placement: .list(name: list),
                  origin: SourceLocation(file: file, line: master.line, column: 1)))
            }
            continue
          }
          if !moved.isEmpty {
            batch.problem(
              line: master.line,
              "'\(master.title)' is moved or renamed in \(moved.count) year\(moved.count == 1 ? "" : "s") (\(moved.compactMap { $0.recurrence.map { String($0.year) } }.joined(separator: ", "))); an occasion that repeats is the same every year, so those changes are not imported"
            )
          }
        }
      } else if let first = overrides.min(by: { $0.start < $1.start }) {
        // Occurrences without their series: their dates are the series.
        series = first
        series.recurrence = nil
        series.extra = overrides.map(\.start).filter { $0 != first.start }
      } else {
        continue
      }
      var title = series.title
      if (places[title]?.count ?? 0) > 1, let place = series.location, !place.isEmpty {
        title += " (\(place))"
      }
      let origin = SourceLocation(file: file, line: series.line, column: 1)
      let key =
        "ical:"
        + (series.uid
          ?? Array(SHA256.hash(Array((title + "|" + series.start.description).utf8)).prefix(8))
          .hexString)
      if series.days > 1 {
        batch.problems.append(
          Diagnostic(
            .note, origin,
            "'\(title)' lasts \(series.days) days; the occasion is its first day, \(series.start)"))
      }
      if let rule = series.rule {
        guard let y = yearly(series, rule, skips: skipped.count, &batch) else { continue }
        let k =
          Slug.make(title) + "|" + (y.rule?.description ?? "yearly")
          + series.start.description.suffix(5)
        guard seen.insert(k).inserted else { continue }
        batch.records.append(
          ImportedRecord(
            kind: .occasions, key: key, label: title,
            fields: [("title", .text(title)), ("date", .plain(series.start.description))]
              + y.fields,
            placement: .list(name: list), origin: origin))
        continue
      }
      let dates = ([series.start] + series.extra).sorted()
      let sameDay = Set(dates.map { $0.description.suffix(5) }).count == 1
      if dates.count > 1, sameDay, Set(dates.map(\.year)).count == dates.count {
        guard seen.insert(Slug.make(title) + "|yearly" + dates[0].description.suffix(5)).inserted
        else { continue }
        batch.records.append(
          ImportedRecord(
            kind: .occasions, key: key, label: title,
            fields: [
              ("title", .text(title)), ("date", .plain(dates[0].description)),
              ("recurring", .plain("yearly")),
            ], placement: .list(name: list), origin: origin))
        continue
      }
      for (n, date) in dates.enumerated() {
        guard seen.insert(Slug.make(title) + "|" + date.description).inserted else { continue }
        batch.records.append(
          ImportedRecord(
            kind: .occasions, key: n == 0 ? key : key + "#" + date.description, label: title,
            slugSource: dates.count > 1 ? "\(title) \(date.year)" : title,
            fields: [("title", .text(title)), ("date", .plain(date.description))],
            placement: .list(name: list), origin: origin))
      }
    }
    return batch
  }

  /// The days of a yearly series that ends (`UNTIL`, `COUNT`), nil for one that goes on or
  /// a rule an occasion cannot follow.
  private func expand(_ e: Event, _ rule: [String: String], _ batch: inout ImportBatch)
    -> [LocalDate]?
  {
    guard rule["UNTIL"] != nil || rule["COUNT"] != nil else { return nil }
    var scratch = ImportBatch(file: batch.file)
    guard let y = yearly(e, rule, skips: 0, &scratch), y.until != nil else { return nil }
    return y.dates(from: e.start, count: 200)
  }

  /// A yearly rule as an occasion follows it, or nil with a problem when it is not one an
  /// occasion can follow.
  private func yearly(
    _ e: Event, _ rule: [String: String], skips: Int, _ batch: inout ImportBatch
  ) -> Yearly? {
    let freq = rule["FREQ"] ?? ""
    func refuse(_ why: String) -> Yearly? {
      batch.problem(
        line: e.line,
        "'\(e.title)' \(why); occasions repeat once a year at most, so it is not imported",
        hint: "add it by hand, or as a health reminder if it is a routine")
      return nil
    }
    guard freq == "YEARLY" else { return refuse("repeats \(freq.lowercased())") }
    guard (Int(rule["INTERVAL"] ?? "1") ?? 1) == 1 else {
      return refuse("repeats every \(rule["INTERVAL"] ?? "") years")
    }
    var y = Yearly()
    if let byday = rule["BYDAY"] {
      let month = Int(rule["BYMONTH"] ?? "") ?? e.start.month
      var code = byday
      var ordinal = Int(rule["BYSETPOS"] ?? "")
      let digits = code.prefix { $0 == "-" || $0 == "+" || $0.isNumber }
      if !digits.isEmpty {
        ordinal = Int(digits.replacingOccurrences(of: "+", with: ""))
        code = String(code.dropFirst(digits.count))
      }
      guard !byday.contains(","), let ordinal,
        let weekday = Weekday.allCases.first(where: { $0.icalCode == code }),
        let r = YearlyRule(ordinal: ordinal, weekday: weekday, month: month)
      else { return refuse("follows the rule \(byday) that is not one day a year") }
      y.rule = r
    } else if let md = rule["BYMONTHDAY"], Int(md) != e.start.day {
      return refuse("falls on day \(md) while it starts on \(e.start)")
    } else if let m = rule["BYMONTH"], Int(m) != e.start.month {
      return refuse("falls in month \(m) while it starts on \(e.start)")
    }
    if let u = rule["UNTIL"], let bound = untilDay(u, of: e) {
      // `until` is the last day the occasion falls on; the start is always one (RFC 5545:
      // an UNTIL before it leaves the start alone).
      y.until = bound
      y.until = y.dates(from: e.start, count: 400).last ?? e.start
    }
    if let c = rule["COUNT"].flatMap({ Int($0) }), c >= 1 {
      y.until = y.dates(from: e.start, count: c).last
      // A yearly 29 February counts the leap years alone (a day that does not exist is
      // no instance): COUNT=3 from 2024 ends in 2032.
      if y.rule == nil, e.start.month == 2, e.start.day == 29 {
        var year = e.start.year
        var counted = 1
        while counted < c, year < 9_996 {
          year += 1
          if LocalDate(year: year, month: 2, day: 29) != nil { counted += 1 }
        }
        y.until = LocalDate(year: year, month: 2, day: 29) ?? y.until
      }
    }
    if skips > 0 {
      batch.problem(
        line: e.line,
        "'\(e.title)' skips \(skips) year\(skips == 1 ? "" : "s") in the calendar (EXDATE, or an occurrence cancelled); an occasion that goes on cannot skip a year, so it is imported without the exception"
      )
    }
    return y
  }

  /// An event as read, or nil with a problem.
  private func event(_ e: ICalEvent, _ batch: inout ImportBatch) -> Event? {
    // iCalendar is UTF-8; text that is not is read as Windows-1252, and said once per file.
    let notUTF8 =
      "text in this file is not UTF-8 (iCalendar files are); it was read as Windows-1252, so check the accents of the titles"
    if let summary = e.first("SUMMARY"), ImportText.decode(summary.raw) == nil,
      !batch.problems.contains(where: { $0.message == notUTF8 })
    {
      batch.problem(line: e.line, notUTF8, hint: "export the calendar as UTF-8")
    }
    let title = e.first("SUMMARY").flatMap(ICalEvent.text).map(VCardContacts.clean) ?? ""
    guard !title.isEmpty else {
      batch.problem(line: e.line, "this event has no title (SUMMARY), so it is not imported")
      return nil
    }
    guard let startProp = e.first("DTSTART"),
      let start = date(ICalEvent.raw(startProp), tzid: startProp.param("TZID"))
    else {
      batch.problem(
        line: e.line, "'\(title)' has no readable start (DTSTART), so it is not imported")
      return nil
    }
    // The zone the start's day is read in: its TZID (as written), else the settings' (a
    // UTC start is converted to it, as `date` does, and so is its time of day).
    let startMoment = ICalMoment(ICalEvent.raw(startProp))
    let zone =
      startMoment?.utc == true
      ? clock.timeZone
      : startProp.param("TZID").flatMap { TimeZone(identifier: $0) } ?? clock.timeZone
    let startTime = startMoment.flatMap { $0.seconds == nil ? nil : $0.wall(in: zone).seconds }
    // An occurrence's day (RECURRENCE-ID, EXDATE) on the clock of the start: a UTC
    // instant is converted to the start's zone, so it names the day the start names.
    func day(_ p: VCardProperty, _ text: String) -> LocalDate? {
      guard let moment = ICalMoment(text), moment.utc else {
        return date(text, tzid: p.param("TZID"))
      }
      return moment.wall(in: zone).day
    }
    let recurrence = e.first("RECURRENCE-ID").flatMap { day($0, ICalEvent.raw($0)) }
    let cancelled =
      e.first("STATUS").map(ICalEvent.raw)?.trimmingCharacters(in: .whitespaces).uppercased()
      == "CANCELLED"
    // A series cancelled whole is skipped; an occurrence cancelled takes its day out.
    if cancelled, recurrence == nil { return nil }
    var days = 1
    if let endProp = e.first("DTEND"),
      let end = date(ICalEvent.raw(endProp), tzid: endProp.param("TZID"))
    {
      let allDay =
        ICalEvent.raw(startProp).count == 8 || startProp.param("VALUE")?.uppercased() == "DATE"
      days = max(1, start.days(to: end) + (allDay ? 0 : 1))
    }
    var rule: [String: String]?
    if let r = e.first("RRULE") {
      var parts: [String: String] = [:]
      for piece in ICalEvent.raw(r).split(separator: ";") {
        let kv = piece.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { parts[kv[0].uppercased()] = String(kv[1]).uppercased() }
      }
      // A rule that happens once (Google's FREQ=DAILY;COUNT=1) is no rule.
      if parts["COUNT"] != "1" { rule = parts }
    }
    let extra = e.all("RDATE").flatMap { p in
      ICalEvent.raw(p).split(separator: ",").compactMap { date(String($0), tzid: p.param("TZID")) }
    }
    return Event(
      uid: e.first("UID").flatMap(ICalEvent.text).map { $0.trimmingCharacters(in: .whitespaces) }
        .flatMap { $0.isEmpty ? nil : $0 },
      title: title,
      location: e.first("LOCATION").flatMap(ICalEvent.text).map(VCardContacts.clean),
      start: start, days: days, rule: rule, extra: extra,
      exdates: e.all("EXDATE").flatMap { p in
        ICalEvent.raw(p).split(separator: ",").compactMap { day(p, String($0)) }
      },
      cancelled: cancelled, recurrence: recurrence, line: e.line, startTime: startTime,
      zone: zone)
  }

  /// The last day an `UNTIL` lets a series of `e` fall on: an instant in UTC (`Z`) is read
  /// in the zone of the event's start, and a day whose occurrence would start after it
  /// (`UNTIL=20260601T075959Z` for a series at 10:00 in Berlin) is not one.
  private func untilDay(_ text: String, of e: Event) -> LocalDate? {
    guard let until = ICalMoment(text) else { return nil }
    guard let start = e.startTime, until.seconds != nil else { return until.day }
    // A UTC instant on the wall of the event's zone; a local time as written.
    let wall = until.wall(in: e.zone)
    return (wall.seconds ?? 0) < start ? wall.day.adding(days: -1) : wall.day
  }

  /// The local date of an iCalendar date or date-time: as written for a date, a floating
  /// time or one with a TZID (the day on the wall where it happens), converted to the
  /// settings time zone for UTC (`Z`). Google's `20131210Z` (a date with a Z) is a date.
  func date(_ text: String, tzid: String? = nil) -> LocalDate? {
    guard let moment = ICalMoment(text) else { return nil }
    return moment.utc && tzid == nil ? moment.wall(in: clock.timeZone).day : moment.day
  }
}

/// An iCalendar date or date-time as written: `20261224`, `20261224T100000`, or in UTC
/// `20261224T090000Z` (Google's `20131210Z`, a date with a Z, is a date).
private struct ICalMoment {
  /// The day as written.
  let day: LocalDate
  /// The time of day in seconds, nil for a date.
  let seconds: Int?
  /// Whether it is a UTC date-time (`Z`).
  let utc: Bool

  init?(_ text: String) {
    let t = text.trimmingCharacters(in: .whitespaces)
    let digits = t.prefix(8)
    guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
      let d = Int(digits.suffix(2)), let day = LocalDate(year: y, month: m, day: d)
    else { return nil }
    self.day = day
    let rest = t.dropFirst(8)
    let time = rest.dropFirst().prefix(6)
    if rest.hasPrefix("T"), time.count >= 4, let hh = Int(time.prefix(2)),
      let mm = Int(time.dropFirst(2).prefix(2))
    {
      seconds = hh * 3600 + mm * 60 + (Int(time.dropFirst(4).prefix(2)) ?? 0)
      utc = rest.hasSuffix("Z")
    } else {
      (seconds, utc) = (nil, false)
    }
  }

  /// The day and time on the wall of `zone`: a UTC date-time converted to it, anything
  /// else as written.
  func wall(in zone: TimeZone) -> (day: LocalDate, seconds: Int?) {
    guard utc, let seconds else { return (day, seconds) }
    let instant = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + Double(seconds))
    let clock = LocalClock(now: instant, timeZone: zone)
    return (clock.today, clock.localTime(of: instant).secondsSinceMidnight)
  }
}
