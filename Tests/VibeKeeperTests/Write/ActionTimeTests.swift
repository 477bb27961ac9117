import Foundation
import Testing

@testable import VibeKeeper

/// How the write commands write a moment: local time, with its offset only where the
/// local time alone would read back as another moment.
@Suite struct ActionTimeTests {
  let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

  func text(_ utc: String) throws -> String {
    let instant = try #require(ISO8601DateFormatter().date(from: utc))
    return ActionContext.localText(instant, LocalClock(now: instant, timeZone: berlin))
  }

  @Test func theRepeatedHourIsWrittenWithItsOffset() throws {
    // 25 October 2026: the clocks go back from 03:00 CEST to 02:00 CET.
    #expect(try text("2026-10-25T00:30:00Z") == "2026-10-25T02:30")
    #expect(try text("2026-10-25T01:30:20Z") == "2026-10-25T02:30+01:00")
    #expect(try text("2026-10-25T02:30:00Z") == "2026-10-25T03:30")
    #expect(try text("2026-11-24T07:03:59Z") == "2026-11-24T08:03")
    // What is written reads back as the same moment.
    let second = try #require(ISO8601DateFormatter().date(from: "2026-10-25T01:30:00Z"))
    #expect(NowOption.parse("2026-10-25T02:30+01:00", timeZone: berlin) == second)
  }
}
