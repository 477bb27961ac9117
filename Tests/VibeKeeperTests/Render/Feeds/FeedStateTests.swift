import Foundation
import Testing

@testable import VibeKeeper

/// The feeds' state file (what was published, for SEQUENCE) is written by hand in the
/// layout Foundation's encoder gives.
@Suite struct FeedStateTests {
  @Test func feedStateJSONIsTheEncodersLayout() throws {
    var state = FeedState()
    #expect(state.json == state.encoded)
    #expect(state.json == "{\n  \"events\" : {\n\n  },\n  \"version\" : 1\n}\n")
    state.events["birthday-ana-2027@vibekeeper"] = FeedState.Entry(
      fingerprint: "DTSTART;VALUE=DATE:20271205 DTEND;VALUE=DATE:20271206", sequence: 2)
    state.events["birthday-ana-2026@vibekeeper"] = FeedState.Entry(
      fingerprint: "DTSTART;VALUE=DATE:20261205 DTEND;VALUE=DATE:20261206", sequence: 0)
    state.events["reminder-iron@home.example.org"] = FeedState.Entry(
      fingerprint: "DTSTART;TZID=Europe/Berlin:20261005T083000 DURATION:PT15M", sequence: 11)
    #expect(state.json == state.encoded)
    #expect(FeedState(json: Data(state.json.utf8)) == state)
    // Text the encoder would escape goes through the encoder.
    state.events["odd\"uid"] = FeedState.Entry(fingerprint: "a\\b", sequence: 0)
    #expect(state.json == state.encoded)
  }
}
