import Foundation

/// One calendar event as the feed templates see it: a map whose fields are made when read
/// (a year of feeds has about 100,000 events, most never read by name). Time fields, URL
/// and alarm triggers are safe text (iCalendar values made only of safe characters); every
/// text field is plain text, escaped as iCalendar TEXT where it is printed.
public struct FeedEventValue: TemplateObject {
  /// The event.
  public let event: FeedEvent
  /// The value formats of the settings time zone.
  public let format: ICSFormat

  /// The value of an event in the given formats.
  public init(event: FeedEvent, format: ICSFormat) {
    self.event = event
    self.format = format
  }

  /// The field names, sorted.
  static let names = [
    "alarms", "all_day", "categories", "date", "description", "dtend", "dtstamp", "dtstart",
    "duration", "id", "kind", "last_modified", "recurrence_id", "rrule", "sequence", "summary",
    "time", "uid", "url",
  ]

  /// The field names, sorted.
  public var memberNames: [String] { FeedEventValue.names }

  /// A field: `uid`, `kind`, `id`, `summary`, `description`, `url`, `dtstart`, `dtend`,
  /// `duration`, `rrule`, `recurrence_id` (with its parameters and colon, like `dtstart`),
  /// `dtstamp`, `last_modified`, `sequence`, `categories`, `alarms`
  /// (`{trigger, description}`), `all_day`, `date`, `time`.
  public func member(_ name: String) -> TemplateValue? {
    let e = event
    switch name {
    case "uid": return .string(e.uid)
    case "kind": return .string(e.kind.rawValue)
    case "id": return .string(e.id)
    case "summary": return .string(e.summary)
    case "description": return .string(e.description)
    case "url": return e.url.map(TemplateValue.safe) ?? .null
    case "dtstart": return .safe(format.start(e.start))
    case "dtend": return format.end(e.start).map(TemplateValue.safe) ?? .null
    case "duration":
      return e.isAllDay ? .null : .safe(ICSFormat.duration(minutes: e.durationMinutes))
    case "rrule": return e.weekly.map { .safe(ICSFormat.rrule($0)) } ?? .null
    case "recurrence_id": return e.recurrence.map { .safe(format.start($0)) } ?? .null
    case "dtstamp", "last_modified": return .safe(ICSFormat.utc(e.stamp))
    case "sequence": return .int(e.sequence)
    case "categories": return .array(e.categories.map(TemplateValue.string))
    case "alarms":
      return .array(
        e.alarms.map { ["trigger": .safe($0.trigger), "description": .string($0.description)] })
    case "all_day": return .bool(e.isAllDay)
    case "date": return .date(e.start.date)
    case "time":
      if case .timed(_, let t) = e.start { return .time(t) }
      return .null
    default: return nil
    }
  }
}
