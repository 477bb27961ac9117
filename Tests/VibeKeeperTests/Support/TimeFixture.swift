import Foundation

@testable import VibeKeeper

/// Builders for the time-analysis tests: fixed clocks, instants and records.
enum TimeFixture {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let utc = TimeZone(identifier: "UTC")!

  /// An instant from ISO 8601 text with an offset or `Z` (`2026-11-22T10:00:00+01:00`).
  static func at(_ text: String) -> Date {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    return f.date(from: text)!
  }

  /// A clock at a fixed instant in a zone (Berlin unless told).
  static func clock(_ now: String, _ zone: TimeZone = berlin) -> LocalClock {
    LocalClock(now: at(now), timeZone: zone)
  }

  static func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  static func time(_ text: String) -> TimeOfDay { TimeOfDay(text: text)! }

  static func meta(_ id: String) -> RecordMeta {
    RecordMeta(id: id, location: SourceLocation(file: "\(id).md", line: 1, column: 1), path: id)
  }

  /// ISO texts of instants in UTC, for comparing with hand-computed UTC times.
  static func utcTexts(_ instants: [Date]) -> [String] {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    f.timeZone = utc
    return instants.map { f.string(from: $0) }
  }
}
