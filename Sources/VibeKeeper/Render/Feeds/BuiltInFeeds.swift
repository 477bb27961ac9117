import Foundation

/// The built-in feed templates (`feeds/*.ics` with the macros of `partials/event.ics`)
/// rendered without the template engine: the same lines from the same template values,
/// escaped and folded straight into the feed's bytes (a year of feeds is about 100,000
/// events and 90 MB, most of a large build's rendering through the engine).
///
/// It is the site's `TemplateFastPath`: `TemplateLibrary.render` uses it only for templates
/// whose text is exactly the one this was written for (a user's own feed or event template,
/// or a changed default, goes through the engine), and only for values of the shape the
/// feeds give: when anything is missing or of another type, `render` gives nil and the
/// engine renders the template, with its warnings and errors.
struct BuiltInFeeds: TemplateFastPath {
  /// One feed template: the list of `feeds` it prints, what follows the site title in its
  /// name, and its description.
  struct Feed {
    let topic: String
    let suffix: String?
    let description: String
  }

  /// The feed templates by name.
  static let feeds: [String: Feed] = [
    "feeds/calendar.ics": Feed(
      topic: "calendar", suffix: nil,
      description:
        "Everything: birthdays and occasions, health reminders, pantry, shopping, streaks and"
        + " budgets"),
    "feeds/occasions.ics": Feed(
      topic: "occasions", suffix: ": occasions",
      description: "Birthdays, occasions and when to think of a gift"),
    "feeds/pantry.ics": Feed(
      topic: "pantry", suffix: ": pantry", description: "When food in the pantry expires"),
    "feeds/reminders.ics": Feed(
      topic: "reminders", suffix: ": health", description: "Health reminders"),
    "feeds/shopping.ics": Feed(
      topic: "shopping", suffix: ": shopping",
      description: "When you will probably buy things again"),
    "feeds/streaks.ics": Feed(
      topic: "streaks", suffix: ": streaks",
      description: "Today's reminder when a game streak is at risk"),
  ]

  /// The template that defines the `event` and `calendar` macros.
  static let partial = "partials/event.ics"

  /// FNV-1a hashes of the template texts this renders like (a change of the default
  /// templates turns the shortcut off until it is brought up to date; a test checks that).
  static let templateHashes: [String: String] = [
    "partials/event.ics": "074f4e55",
    "feeds/calendar.ics": "9d990aa9",
    "feeds/occasions.ics": "77a067d6",
    "feeds/pantry.ics": "f3c1580a",
    "feeds/reminders.ics": "f215b1ac",
    "feeds/shopping.ics": "03acd7fb",
    "feeds/streaks.ics": "cea791c2",
  ]

  /// The feed templates of a library that may be rendered here: those whose text, and
  /// the text of `partials/event.ics`, is the built-in one this was written for.
  func renderable(text: (String) -> String?) -> Set<String> {
    func known(_ name: String) -> Bool {
      guard let own = text(name), let builtIn = DefaultTemplates.all[name] else { return false }
      return own == builtIn && FeedEvents.fnv1a(builtIn) == BuiltInFeeds.templateHashes[name]
    }
    guard known(BuiltInFeeds.partial) else { return [] }
    return Set(BuiltInFeeds.feeds.keys.filter(known))
  }

  /// The finished feed (CRLF, folded), or nil when the context is not what the feeds give
  /// (then the engine renders it).
  func render(
    _ name: String, context: [String: TemplateValue], environment: RenderEnvironment
  ) -> String? {
    guard let feed = BuiltInFeeds.feeds[name], let site = context["site"],
      let title = site.member("title"), let timeZone = site.member("timezone"),
      let vtimezone = context["vtimezone"], let events = context["feeds"]?.member(feed.topic),
      let list = BuiltInFeeds.loopItems(events), BuiltInFeeds.fitsSteps(list, environment)
    else { return nil }
    let clock = environment.clock
    var calendarName = title
    if let suffix = feed.suffix {
      calendarName = .string(title.text(clock) + suffix)
    }
    var w = Writer(clock: clock, lines: ICSLineWriter(capacity: list.count * 640))
    w.line("BEGIN:VCALENDAR")
    w.line("VERSION:2.0")
    w.line("PRODID:-//VibeKeeper//Calendar feeds//EN")
    w.line("CALSCALE:GREGORIAN")
    w.line("NAME:", calendarName)
    w.line("X-WR-CALNAME:", calendarName)
    w.line("DESCRIPTION:", .string(feed.description))
    w.line("X-WR-CALDESC:", .string(feed.description))
    w.line("X-WR-TIMEZONE:", timeZone)
    w.line("REFRESH-INTERVAL;VALUE=DURATION:PT6H")
    w.line("X-PUBLISHED-TTL:PT6H")
    w.line("", vtimezone)
    for e in list {
      guard w.event(e) else { return nil }
    }
    w.line("END:VCALENDAR")
    guard w.lines.inputCount <= environment.maxOutputBytes else { return nil }
    return w.lines.finished()
  }

  /// What `render` reads, for incremental builds: the site's title and time zone, the
  /// VTIMEZONE, all of the feed's events, the two templates, and (conservatively) "today".
  func reads(_ name: String) -> RenderReads? {
    guard let feed = BuiltInFeeds.feeds[name] else { return nil }
    let all = ReadSet.all
    let context = ReadSet(members: [
      "feeds": ReadSet(members: [feed.topic: all]),
      "site": ReadSet(members: ["timezone": all, "title": all]),
      "vtimezone": all,
    ])
    return RenderReads(
      context: context, templates: [name, BuiltInFeeds.partial].sorted(), today: true)
  }

  /// What `{% for x in value %}` visits with one loop variable: a list's items, a map's
  /// keys in order, nothing for none; nil where the engine stops with an error.
  static func loopItems(_ value: TemplateValue) -> [TemplateValue]? {
    switch value {
    case .array(let items): return items
    case .dictionary, .object: return value.memberNames.map { TemplateValue.string($0) }
    case .null: return []
    default: return nil
    }
  }

  /// Whether the engine would stay well inside its step limit for these events (so a
  /// feed too large for it fails there, as it always did).
  private static func fitsSteps(_ events: [TemplateValue], _ environment: RenderEnvironment)
    -> Bool
  {
    var steps = 100
    for e in events {
      steps += 56
      if case .object(let o) = e, let v = o as? FeedEventValue {
        steps += 6 * v.event.alarms.count + 4 * v.event.categories.count
        continue
      }
      if case .array(let alarms) = e.member("alarms") ?? .null { steps += 6 * alarms.count }
      if case .array(let c) = e.member("categories") ?? .null { steps += 4 * c.count }
    }
    return steps <= environment.maxSteps / 4 * 3
  }

  /// Prints values as the engine prints `{{ }}` in an `.ics` template: safe text as it is,
  /// everything else as escaped TEXT.
  private struct Writer {
    let clock: LocalClock
    var lines: ICSLineWriter
    /// DTSTAMP texts by instant (events share the few commit times of their records).
    var stamps: [Date: String] = [:]

    mutating func put(_ value: TemplateValue) {
      if case .safe(let text) = value {
        lines.append(text)
      } else {
        lines.appendEscaped(value.text(clock))
      }
    }

    mutating func line(_ text: String, _ value: TemplateValue? = nil) {
      lines.append(text)
      if let value { put(value) }
      lines.endLine()
    }

    /// The `event` macro; false when the event lacks a field or has one the engine could
    /// not loop over.
    mutating func event(_ e: TemplateValue) -> Bool {
      if case .object(let o) = e, let v = o as? FeedEventValue {
        event(v.event, v.format)
        return true
      }
      guard let uid = e.member("uid"), let stamp = e.member("dtstamp"),
        let modified = e.member("last_modified"), let sequence = e.member("sequence"),
        let start = e.member("dtstart"), let end = e.member("dtend"),
        let duration = e.member("duration"), let rrule = e.member("rrule"),
        let summary = e.member("summary"), let description = e.member("description"),
        let url = e.member("url"), let categories = e.member("categories"),
        let allDay = e.member("all_day"), let kind = e.member("kind"), let id = e.member("id"),
        let alarmValue = e.member("alarms"), let alarms = loopItems(alarmValue)
      else { return false }
      var categoryItems: [TemplateValue] = []
      if categories.isTruthy {
        guard let items = loopItems(categories) else { return false }
        categoryItems = items
      }
      var alarmFields: [(TemplateValue, TemplateValue)] = []
      for a in alarms {
        guard let text = a.member("description"), let trigger = a.member("trigger") else {
          return false
        }
        alarmFields.append((text, trigger))
      }
      line("BEGIN:VEVENT")
      line("UID:", uid)
      line("DTSTAMP:", stamp)
      line("LAST-MODIFIED:", modified)
      line("SEQUENCE:", sequence)
      if let recurrence = e.member("recurrence_id"), recurrence.isTruthy {
        line("RECURRENCE-ID", recurrence)
      }
      line("DTSTART", start)
      if end.isTruthy { line("DTEND", end) }
      if duration.isTruthy { line("DURATION:", duration) }
      if rrule.isTruthy { line("RRULE:", rrule) }
      line("SUMMARY:", summary)
      if description.isTruthy { line("DESCRIPTION:", description) }
      if url.isTruthy { line("URL:", url) }
      if categories.isTruthy {
        lines.append("CATEGORIES:")
        for (i, c) in categoryItems.enumerated() {
          put(c)
          if i < categoryItems.count - 1 { lines.append(",") }
        }
        lines.endLine()
      }
      line(allDay.isTruthy ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE")
      line("X-VIBEKEEPER-KIND:", kind)
      line("X-VIBEKEEPER-ID:", id)
      for (text, trigger) in alarmFields {
        line("BEGIN:VALARM")
        line("ACTION:DISPLAY")
        line("DESCRIPTION:", text)
        line("TRIGGER", trigger)
        line("END:VALARM")
      }
      line("END:VEVENT")
      return true
    }

    /// The `event` macro for the fields of a `FeedEventValue`, read without making them
    /// template values first.
    mutating func event(_ e: FeedEvent, _ format: ICSFormat) {
      let stamp: String
      if let known = stamps[e.stamp] {
        stamp = known
      } else {
        stamp = ICSFormat.utc(e.stamp)
        stamps[e.stamp] = stamp
      }
      line("BEGIN:VEVENT")
      text("UID:", e.uid)
      line("DTSTAMP:" + stamp)
      line("LAST-MODIFIED:" + stamp)
      line("SEQUENCE:" + String(e.sequence))
      if let recurrence = e.recurrence {
        lines.append("RECURRENCE-ID")
        lines.append(format.start(recurrence))
        lines.endLine()
      }
      lines.append("DTSTART")
      lines.append(format.start(e.start))
      lines.endLine()
      if let end = format.end(e.start), !end.isEmpty {
        lines.append("DTEND")
        lines.append(end)
        lines.endLine()
      }
      if !e.isAllDay { line("DURATION:" + ICSFormat.duration(minutes: e.durationMinutes)) }
      if let weekly = e.weekly { line("RRULE:" + ICSFormat.rrule(weekly)) }
      text("SUMMARY:", e.summary)
      if !e.description.isEmpty { text("DESCRIPTION:", e.description) }
      if let url = e.url, !url.isEmpty {
        lines.append("URL:")
        lines.append(url)
        lines.endLine()
      }
      if !e.categories.isEmpty {
        lines.append("CATEGORIES:")
        for (i, c) in e.categories.enumerated() {
          if i > 0 { lines.append(",") }
          lines.appendEscaped(c)
        }
        lines.endLine()
      }
      line(e.isAllDay ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE")
      text("X-VIBEKEEPER-KIND:", e.kind.rawValue)
      text("X-VIBEKEEPER-ID:", e.id)
      for alarm in e.alarms {
        line("BEGIN:VALARM")
        line("ACTION:DISPLAY")
        text("DESCRIPTION:", alarm.description)
        lines.append("TRIGGER")
        lines.append(alarm.trigger)
        lines.endLine()
        line("END:VALARM")
      }
      line("END:VEVENT")
    }

    /// A line of a name and escaped TEXT.
    mutating func text(_ name: String, _ value: String) {
      lines.append(name)
      lines.appendEscaped(value)
      lines.endLine()
    }
  }
}
