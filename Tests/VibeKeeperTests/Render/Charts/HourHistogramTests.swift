import Foundation
import Testing

@testable import VibeKeeper

@Suite struct HourHistogramTests {
  var counts: [Int] {
    var c = [Int](repeating: 0, count: 24)
    c[7] = 2
    c[19] = 7
    c[20] = 5
    return c
  }

  @Test func twentyFourBarsWithTooltipsAndHourLabels() {
    let svg = HourHistogram.svg(counts: counts, highlightStart: 19, title: "Wordle", id: "w")
    #expect(ChartCheck.problems(svg, id: "w") == [])
    #expect(svg.contains("class=\"chart chart-hours\""))
    #expect(ChartCheck.count("<rect class=\"bar", in: svg) == 24)
    #expect(ChartCheck.count("class=\"bar highlight\"", in: svg) == 2)
    #expect(svg.contains("<title>19:00\u{2013}19:59: 7</title>"))
    #expect(svg.contains("<title>03:00\u{2013}03:59: 0</title>"))
    #expect(ChartCheck.count("class=\"hour\"", in: svg) == 8)
    for hour in ["00", "03", "06", "09", "12", "15", "18", "21"] {
      #expect(svg.contains(">\(hour)</text>"))
    }
    #expect(
      ChartCheck.desc(svg)
        == "14 in total; best window 19:00\u{2013}20:59 (12); by hour: 07:00 2, 19:00 7, 20:00 5.")
  }

  @Test func highlightWrapsFrom23To0() {
    var c = [Int](repeating: 1, count: 24)
    c[23] = 4
    c[0] = 3
    let svg = HourHistogram.svg(counts: c, highlightStart: 23, title: "t", id: "wrap")
    let bars = svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"bar") }
    #expect(bars.count == 24)
    let highlighted = bars.indices.filter { bars[$0].contains("bar highlight") }
    #expect(highlighted == [0, 23])
    #expect(ChartCheck.desc(svg).contains("best window 23:00\u{2013}00:59 (7)"))
    let negative = HourHistogram.svg(counts: c, highlightStart: -1, title: "t", id: "n")
    #expect(negative == svg.replacingOccurrences(of: "wrap-", with: "n-"))
  }

  @Test func noHighlightAndOddInputs() {
    let plain = HourHistogram.svg(counts: counts, highlightStart: nil, title: "t", id: "p")
    #expect(!plain.contains("highlight"))
    let short = HourHistogram.svg(counts: [1, 2, -3], highlightStart: 0, title: "t", id: "s")
    #expect(ChartCheck.problems(short, id: "s") == [])
    #expect(ChartCheck.count("<rect class=\"bar", in: short) == 24)
    let huge = HourHistogram.svg(
      counts: [Int](repeating: Int.max / 48, count: 30), highlightStart: 5, title: "t", id: "h")
    #expect(ChartCheck.problems(huge, id: "h") == [])
  }

  @Test func emptyGivesNoData() {
    for counts in [[], [Int](repeating: 0, count: 24)] {
      let svg = HourHistogram.svg(counts: counts, highlightStart: nil, title: "t", id: "e")
      #expect(ChartCheck.problems(svg, id: "e") == [])
      #expect(svg.contains(">No data</text>"))
      #expect(ChartCheck.desc(svg) == "No data.")
    }
  }

  @Test func hostileTitleAndDeterminism() {
    let svg = HourHistogram.svg(
      counts: counts, highlightStart: 19, title: "<script>alert(1)</script>", id: "<x>")
    #expect(ChartCheck.problems(svg, id: "x") == [])
    #expect(svg.contains("<title id=\"x-title\">&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    #expect(
      svg
        == HourHistogram.svg(
          counts: counts, highlightStart: 19, title: "<script>alert(1)</script>", id: "<x>"))
  }
}
