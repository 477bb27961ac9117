import Foundation

/// The calendar feeds of one build: every event with its SEQUENCE, the state to keep for
/// the next build, and the VTIMEZONE of the settings zone.
public struct Feeds: Sendable {
  /// Every event, by start date, then UID.
  public let events: [FeedEvent]
  /// What to keep for the next build (with `BuildState`).
  public let state: FeedState
  /// The VTIMEZONE lines (a `UTC` one in UTC).
  public let vtimezone: [String]
  /// The value formats used.
  public let format: ICSFormat
  /// The gifts' lines, for the next build in the process.
  let giftLines: FeedEvents.GiftLines

  /// Builds the events and numbers them against the previous build's state.
  public init(_ inputs: FeedInputs, previous: FeedState?) {
    var inputs = inputs
    inputs.previous = previous
    let made = FeedEvents.made(inputs)
    giftLines = made.lines
    let (events, state) = FeedSequence.apply(made.events, previous: previous, format: inputs.format)
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
  public func events(of topic: FeedTopic) -> [FeedEvent] {
    events.filter { $0.kind.feed == topic }
  }

  /// The template values: `feeds` (`calendar` with every event, and one list per topic)
  /// and `vtimezone` (safe text). Each event is one `FeedEventValue`, shared
  /// by `calendar` and its topic's list, whose fields are made when a template reads them.
  public var templateValues: [String: TemplateValue] {
    var calendar: [TemplateValue] = []
    calendar.reserveCapacity(events.count)
    var byTopic: [FeedTopic: [TemplateValue]] = [:]
    for event in events {
      let v = TemplateValue.object(FeedEventValue(event: event, format: format))
      calendar.append(v)
      byTopic[event.kind.feed, default: []].append(v)
    }
    var feeds: [String: TemplateValue] = ["calendar": .array(calendar)]
    for topic in FeedTopic.allCases { feeds[topic.rawValue] = .array(byTopic[topic] ?? []) }
    return ["feeds": .dictionary(feeds), "vtimezone": .safe(vtimezone.joined(separator: "\n"))]
  }

  /// One event as a template map (the fields of `FeedEventValue`).
  public func value(_ e: FeedEvent) -> TemplateValue {
    let object = FeedEventValue(event: e, format: format)
    var fields: [String: TemplateValue] = [:]
    for name in object.memberNames { fields[name] = object.member(name) ?? .null }
    return .dictionary(fields)
  }
}
