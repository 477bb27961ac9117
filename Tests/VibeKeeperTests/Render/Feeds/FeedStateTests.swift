import Foundation
import Testing

@testable import VibeKeeper

/// The build state (the page record and what the feeds published) is one file with one
/// byte encoding.
@Suite struct BuildStateCodingTests {
  static func feeds() -> FeedState {
    var state = FeedState()
    state.events["birthday-ana-2027@vibekeeper"] = FeedState.Entry(
      fingerprint: "DTSTART;VALUE=DATE:20271205 DTEND;VALUE=DATE:20271206", sequence: 2)
    state.events["reminder-iron@home.example.org"] = FeedState.Entry(
      fingerprint: "DTSTART;TZID=Europe/Berlin:20261005T083000 DURATION:PT15M", sequence: 11)
    // Text of any kind: quotes, backslashes, line breaks, colons, other scripts.
    state.events["odd\"uid:\n\\ü"] = FeedState.Entry(fingerprint: "a:b\n12:", sequence: 0)
    return state
  }

  @Test func roundTrip() throws {
    var record = PageRecord(environment: Fingerprint(high: 1, low: 2))
    record.set(
      "index.html", fingerprint: Fingerprint(high: 3, low: 4), output: ContentHash(Array("x".utf8)),
      reads: RenderReads(
        context: ReadSet(members: ["site": ReadSet(members: [:])]), templates: ["index.html"],
        today: true))
    let state = BuildState(pages: record, feeds: Self.feeds(), records: 311)
    let read = try #require(BuildState(bytes: state.bytes))
    #expect(read.records == 311)
    #expect(read.feeds == state.feeds)
    #expect(read.pages == record)
    #expect(read.bytes == state.bytes)
    // Nothing to keep: still a state, with no pages and no events.
    let empty = try #require(BuildState(bytes: BuildState(pages: nil, feeds: nil).bytes))
    #expect(empty.pages == nil)
    #expect(empty.records == nil)
    #expect(empty.feeds?.events.isEmpty == true)
  }

  @Test func sameStateSameBytes() {
    let a = BuildState(pages: nil, feeds: Self.feeds()).bytes
    let b = BuildState(pages: nil, feeds: Self.feeds()).bytes
    #expect(a == b)
    #expect(a.starts(with: Array("vibekeeper-state 2\n".utf8)))
  }

  @Test func damagedBytesAreNoState() {
    let good = BuildState(pages: nil, feeds: Self.feeds()).bytes
    #expect(BuildState(bytes: []) == nil)
    #expect(BuildState(bytes: Array("damaged".utf8)) == nil)
    #expect(BuildState(bytes: Array(good.dropLast(3))) == nil)
    #expect(BuildState(bytes: good + [0x41]) == nil)
    #expect(BuildState(bytes: Array("vibekeeper-state 1\n0\n0\n".utf8)) == nil)
  }
}
