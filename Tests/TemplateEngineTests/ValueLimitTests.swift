import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

/// A template cannot build a value beyond `maxValueBytes`: doubling a text thirty times
/// fails with a positioned error instead of taking all memory.
@Suite struct ValueLimitTests {
  static let doubling =
    "{% set s = 'xy' %}" + String(repeating: "{% set s = s ~ s %}", count: 30) + "{{ s | length }}"

  @Test func doublingATextStopsAtTheLimit() {
    let message = TT.error(Self.doubling)
    #expect(message.contains("the value limit"), "\(message)")
    // The 26th doubling passes 64 MB: its `~` is at column 18 + 25 * 19 + 14.
    #expect(message.hasPrefix("templates/t.html:1:\(18 + 25 * 19 + 14):"), "\(message)")
  }

  @Test func addingListsAndJoiningStopAtTheLimit() {
    let lists = "{% set l = [1, 2, 3, 4] %}" + String(repeating: "{% set l = l + l %}", count: 30)
    #expect(TT.error(lists).contains("the value limit"))
    let join =
      "{% set s = 'abcdefgh' %}"
      + String(repeating: "{% set s = [s, s, s, s] | join(s) %}", count: 12)
    #expect(TT.error(join).contains("the value limit"))
  }

  @Test func ordinaryValuesAreFine() throws {
    #expect(try TT.render("{{ 'a' ~ 'b' }}{{ ([1] + [2]) | length }}") == "ab2")
  }
}

/// Control characters from data never reach the HTML (issue 14, item 7).
@Suite struct HTMLControlCharacterTests {
  @Test func controlCharactersBecomeReplacementCharacters() throws {
    let html = try TT.render(
      "<p>{{ t }}</p>", name: "t.html", ["t": "a\u{0}b\u{1B}[2J\tc\nd\u{7F}"])
    #expect(html == "<p>a\u{FFFD}b\u{FFFD}[2J\tc\nd\u{FFFD}</p>")
  }
}
