import Foundation

/// The calendar feeds of one build: every event with its SEQUENCE, the state to keep for
/// the next build, and the VTIMEZONE of the settings zone.
public struct Feeds: Sendable {
  /// Every event, by start date, then UID.
  public let events: [FeedEvent]
  /// What to keep in the output folder as `feeds-state.json`.
  public let state: FeedState
  /// The VTIMEZONE lines (none in UTC).
  public let vtimezone: [String]
  /// The value formats used.
  public let format: ICSFormat

  /// The topic feeds, in the order of the `feeds` template value.
  public static let topics = ["occasions", "reminders", "pantry", "shopping", "streaks", "budgets"]

  /// Builds the events and numbers them against the previous build's state.
  public init(_ inputs: FeedInputs, previous: FeedState?) {
    let (events, state) = FeedSequence.apply(
      FeedEvents.all(inputs), previous: previous, format: inputs.format)
    self.events = events
    self.state = state
    format = inputs.format
    let today = inputs.clock.today
    let timedYears = events.filter { !$0.isAllDay }.map(\.start.date.year)
    vtimezone = VTimeZone.lines(
      for: inputs.clock.timeZone, fromYear: min(timedYears.min() ?? today.year, today.year) - 1,
      toYear: today.year + 10)
  }

  /// The events of a topic feed.
  public func events(of topic: String) -> [FeedEvent] {
    events.filter { $0.kind.feed == topic }
  }

  /// The template values: `feeds` (`calendar` with every event, and one list per topic)
  /// and `vtimezone` (safe text, empty in UTC).
  public var templateValues: [String: TemplateValue] {
    // Each event's value is built once and shared by `calendar` and its topic's list.
    let values = events.map(value)
    var byTopic: [String: [TemplateValue]] = [:]
    for (event, v) in zip(events, values) { byTopic[event.kind.feed, default: []].append(v) }
    var feeds: [String: TemplateValue] = ["calendar": .array(values)]
    for topic in Feeds.topics { feeds[topic] = .array(byTopic[topic] ?? []) }
    return ["feeds": .dictionary(feeds), "vtimezone": .safe(vtimezone.joined(separator: "\n"))]
  }

  /// One event as a template value. Time fields, URL and alarm triggers are safe text
  /// (iCalendar values made only of safe characters); every text field is plain text,
  /// escaped as iCalendar TEXT where it is printed.
  public func value(_ e: FeedEvent) -> TemplateValue {
    let stamp = TemplateValue.safe(ICSFormat.utc(e.stamp))
    var time: TemplateValue = .null
    if case .timed(_, let t) = e.start { time = .time(t) }
    let alarms = e.alarms.map { a -> TemplateValue in
      ["trigger": .safe(a.trigger), "description": .string(a.description)]
    }
    return .dictionary([
      "uid": .string(e.uid), "kind": .string(e.kind.rawValue), "id": .string(e.id),
      "summary": .string(e.summary), "description": .string(e.description),
      "url": e.url.map(TemplateValue.safe) ?? .null,
      "dtstart": .safe(format.start(e.start)),
      "dtend": format.end(e.start).map(TemplateValue.safe) ?? .null,
      "duration": e.isAllDay ? .null : .safe(ICSFormat.duration(minutes: e.durationMinutes)),
      "rrule": e.weekly.map { .safe(ICSFormat.rrule($0)) } ?? .null,
      "dtstamp": stamp, "last_modified": stamp, "sequence": .int(e.sequence),
      "categories": .array(e.categories.map(TemplateValue.string)), "alarms": .array(alarms),
      "all_day": .bool(e.isAllDay), "date": .date(e.start.date), "time": time,
    ])
  }
}
