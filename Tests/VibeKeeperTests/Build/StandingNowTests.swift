import Foundation
import Testing

@testable import VibeKeeper

/// `serve` and `watch` build an edit at the last build's "now" until that build's next
/// change, and at the clock's time from then on.
@Suite struct StandingNowTests {
  @Test func anEditIsBuiltAtTheLastNowUntilItsNextChange() {
    var standing = StandingNow()
    let ten = utc("2026-11-22T10:00")
    // No build yet: the clock.
    #expect(standing.instant(at: ten) == ten)
    standing.record(now: ten, nextChange: utc("2026-11-23T00:00"))
    #expect(standing.instant(at: utc("2026-11-22T13:05")) == ten)
    #expect(standing.instant(at: utc("2026-11-22T23:59:59")) == ten)
    // From the next change (midnight) on, and before the build (a clock set back): the clock.
    #expect(standing.instant(at: utc("2026-11-23T00:00")) == utc("2026-11-23T00:00"))
    #expect(standing.instant(at: utc("2026-11-22T09:00")) == utc("2026-11-22T09:00"))
    // A build that stopped before the analysis changes nothing.
    standing.record(now: nil, nextChange: nil)
    #expect(standing.now == ten && standing.until == utc("2026-11-23T00:00"))
  }

  /// An edit that brings a change between the standing "now" and the clock (a dose that
  /// is already due) is built again at the clock's time.
  @Test func anEditThatBringsAnEarlierChangeIsBuiltAgain() {
    let ten = utc("2026-11-22T10:00")
    let one = utc("2026-11-22T13:00")
    #expect(StandingNow.isBehind(utc("2026-11-22T11:00"), at: ten, clock: one))
    #expect(StandingNow.isBehind(one, at: ten, clock: one))
    #expect(!StandingNow.isBehind(utc("2026-11-22T14:00"), at: ten, clock: one))
    #expect(!StandingNow.isBehind(utc("2026-11-22T11:00"), at: one, clock: one))
    #expect(!StandingNow.isBehind(nil, at: ten, clock: one))
  }
}

/// `build --verbose` prints each step's time, and the render's own parts beside it.
@Suite struct StepTimesTests {
  @Test func aStepsPartsArePrintedBesideIt() {
    var parts = StepTimes()
    parts.finish("values")
    parts.finish("pages")
    var steps = StepTimes()
    steps.finish("load")
    steps.finish("render", parts: parts)
    let summary = steps.summary
    #expect(summary.hasPrefix("load 0.0"))
    #expect(summary.contains(", render 0.0"))
    #expect(summary.contains(" s (values 0.0"))
    #expect(summary.contains(" s, pages 0.0"))
    #expect(summary.hasSuffix(" s)"))
    #expect(steps.parts["render"]?.steps.map(\.name) == ["values", "pages"])
  }
}
