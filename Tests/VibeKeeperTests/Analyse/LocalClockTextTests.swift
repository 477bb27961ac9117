import Foundation
import Testing

@testable import VibeKeeper

@Suite struct LocalClockTextTests {
  typealias F = TimeFixture

  @Test func isoTextCarriesTheZoneOffsetAtThatInstant() {
    let instant = F.at("2026-11-23T07:30:00Z")
    #expect(F.clock("2026-11-22T00:00:00Z").isoText(instant) == "2026-11-23T08:30:00+01:00")
    #expect(F.clock("2026-11-22T00:00:00Z", F.utc).isoText(instant) == "2026-11-23T07:30:00+00:00")
    let kolkata = TimeZone(identifier: "Asia/Kolkata")!
    #expect(
      F.clock("2026-11-22T00:00:00Z", kolkata).isoText(instant) == "2026-11-23T13:00:00+05:30")
    let newYork = TimeZone(identifier: "America/New_York")!
    #expect(
      F.clock("2026-11-22T00:00:00Z", newYork).isoText(instant) == "2026-11-23T02:30:00-05:00")
    // The offset is the one at the instant, not at the clock's now.
    #expect(
      F.clock("2026-11-22T00:00:00Z").isoText(F.at("2026-07-01T06:30:05Z"))
        == "2026-07-01T08:30:05+02:00")
  }

  @Test func dayMonthYear() {
    #expect(LocalClock.dayMonthYear(F.date("2027-04-30")) == "30 Apr 2027")
    #expect(LocalClock.dayMonthYear(F.date("2026-01-05")) == "5 Jan 2026")
    #expect(LocalClock.dayMonthYear(F.date("2026-12-31")) == "31 Dec 2026")
  }
}
