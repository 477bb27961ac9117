import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct ICSLineWriterTests {
  @Test func endsLinesWithCRLFAndDropsBlankLines() {
    #expect(ICSLineWriter.finish("A:1\n\n  \nB:2\r\nC:3\rD:4") == "A:1\r\nB:2\r\nC:3\r\nD:4\r\n")
  }

  @Test func foldsAt75OctetsWithoutSplittingUTF8() {
    let ascii = "SUMMARY:" + String(repeating: "x", count: 100)
    let folded = ICSLineWriter.finish(ascii)
    let lines = folded.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.map { $0.utf8.count } == [75, 34])
    #expect(lines[1].hasPrefix(" "))
    // "€" is three octets: 8 + 22*3 = 74 octets fit, the 23rd would make 77.
    let euros = "SUMMARY:" + String(repeating: "€", count: 30)
    let parts = ICSLineWriter.finish(euros).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(parts.map { $0.utf8.count } == [74, 1 + 8 * 3])
    #expect(parts.allSatisfy { $0.utf8.count <= 75 })
    #expect(parts.joined().replacingOccurrences(of: " ", with: "") == euros)
    // Unfolding (remove CRLF + space) gives the original back.
    #expect(
      ICSLineWriter.finish(ascii).replacingOccurrences(of: "\r\n ", with: "") == ascii + "\r\n")
  }

  @Test func renderedFeedIsFinished() throws {
    let t = try Template(
      name: "feed.ics",
      text: "BEGIN:VCALENDAR\n{% for e in events %}\nSUMMARY:{{ e }}\n{% endfor %}\nEND:VCALENDAR\n"
    )
    let long = String(repeating: "Ü", count: 40)
    let out = try t.render(
      context: ["events": ["a,b", .string(long)]], environment: TT.environment()
    ).output
    #expect(
      out == "BEGIN:VCALENDAR\r\nSUMMARY:a\\,b\r\nSUMMARY:" + String(repeating: "Ü", count: 33)
        + "\r\n "
        + String(repeating: "Ü", count: 7) + "\r\nEND:VCALENDAR\r\n")
  }
}

@Suite struct SuggestionTests {
  @Test func closestMatches() {
    #expect(Suggestion.closest(to: "curency", in: ["currency", "percent", "round"]) == "currency")
    #expect(Suggestion.closest(to: "gfit", in: ["gift", "gifts"]) == "gift")
    #expect(Suggestion.closest(to: "Title", in: ["title"]) == "title")
    #expect(Suggestion.closest(to: "zzzzzz", in: ["currency"]) == nil)
    #expect(Suggestion.closest(to: "z", in: ["a"]) == nil)
    #expect(Suggestion.closest(to: "", in: ["a"]) == nil)
    #expect(Suggestion.closest(to: "abcd", in: ["abce", "abcf"]) == "abce")
  }
}
