import Foundation
import Testing

@testable import VibeKeeper

@Suite struct SVGWriterTests {
  @Test func numbersHaveAtMostTwoDecimalsAndNoExponent() {
    #expect(SVGWriter.num(0) == "0")
    #expect(SVGWriter.num(-0.001) == "0")
    #expect(SVGWriter.num(12) == "12")
    #expect(SVGWriter.num(12.5) == "12.5")
    #expect(SVGWriter.num(12.345) == "12.35" || SVGWriter.num(12.345) == "12.34")
    #expect(SVGWriter.num(0.07) == "0.07")
    #expect(SVGWriter.num(-3.1) == "-3.1")
    #expect(SVGWriter.num(.nan) == "0")
    #expect(SVGWriter.num(.infinity) == "0")
    #expect(SVGWriter.num(1e30) == "1000000000")
  }

  @Test func idsAreSanitised() {
    #expect(SVGWriter.sanitizedID("Budget: Groceries!") == "budget-groceries")
    #expect(SVGWriter.sanitizedID("  ") == "chart")
    #expect(SVGWriter.sanitizedID("2026-11") == "c-2026-11")
    #expect(SVGWriter.sanitizedID("\"><script>") == "script")
    #expect(SVGWriter.sanitizedID("Über-Chart") == "ber-chart")
  }

  @Test func textIsEscapedAndControlsDropped() {
    #expect(
      SVGWriter.escaped("<a href=\"x\">'&'</a>")
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    #expect(SVGWriter.escaped("a\tb\nc\u{0}d\u{1B}e") == "a b cde")
  }

  @Test func truncationKeepsShortLabels() {
    #expect(SVGWriter.truncated("Groceries", 24) == "Groceries")
    #expect(SVGWriter.truncated("abcdefghij", 5) == "abcd…")
  }
}
