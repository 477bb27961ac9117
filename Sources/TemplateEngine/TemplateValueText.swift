import Foundation
import VibeBasics

extension TemplateValue {
  /// The text a value prints as: empty for null, ISO dates, `HH:MM` times, exact decimals,
  /// list items joined by ", ", maps as JSON.
  public func text(_ clock: LocalClock) -> String {
    switch self {
    case .string(let s), .safe(let s): return s
    case .null, .macro: return ""
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .decimal(let d): return DecimalFormat.plain(d, places: nil)
    case .date(let d): return d.description
    case .dateTime(let instant):
      return "\(clock.localDate(of: instant)) \(clock.localTime(of: instant))"
    case .time(let t): return t.description
    case .array(let items): return items.map { $0.text(clock) }.joined(separator: ", ")
    case .dictionary, .object: return json(clock).serialized(pretty: false)
    }
  }

  /// The value as JSON: dates and times as ISO strings, map keys sorted.
  func json(_ clock: LocalClock) -> JSONValue {
    switch self {
    case .null, .macro: return .null
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    case .decimal(let d): return d.isNaN ? .null : .number(d, places: nil)
    case .string(let s), .safe(let s): return .string(s)
    case .date(let d): return .string(d.description)
    case .time(let t): return .string(t.description)
    case .dateTime(let instant):
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = clock.timeZone
      return .string(formatter.string(from: instant))
    case .array(let items): return .array(items.map { $0.json(clock) })
    case .dictionary, .object:
      return .object(memberNames.map { JSONField($0, member($0)?.json(clock) ?? .null) })
    }
  }
}
