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

@Suite struct ChartClassListTests {
  /// One chart of each kind, with every optional part drawn.
  static var everyChart: [String] {
    let day = ChartCheck.day
    let heat = Dictionary(
      uniqueKeysWithValues: (0..<20).map { (day("2026-11-01").adding(days: $0), $0 % 5) })
    return [
      BarChart.svg(
        bars: [.init(label: "a", spent: 5, limit: 4, over: true), .init(label: "b", spent: 1)],
        currency: "EUR", totalLimit: 10, title: "t", id: "a"),
      BarChart.svg(bars: [], currency: "EUR", title: "t", id: "b"),
      LineChart.svg(
        points: [
          .init(date: day("2026-11-01"), value: 1),
          .init(date: day("2026-11-02"), value: 3, outlier: true),
        ], currency: "EUR", title: "t", id: "c"),
      HourHistogram.svg(counts: [1, 2, 3], highlightStart: 1, title: "t", id: "d"),
      CalendarHeatMap.svg(
        values: heat, from: day("2026-10-20"), through: day("2026-11-22"), title: "t", id: "e"),
      ProgressBar.svg(percent: 120, alert: true, projected: 130, title: "t", id: "f"),
    ]
  }

  @Test func everyClassUsedIsListedAndEveryListedClassIsUsed() {
    var used = Set<String>()
    for svg in Self.everyChart {
      for (name, value) in ChartCheck.attributes(svg) where name == "class" {
        used.formUnion(value.split(separator: " ").map(String.init))
      }
    }
    #expect(used.subtracting(ChartStyle.classes).sorted() == [])
    #expect(Set(ChartStyle.classes).subtracting(used).sorted() == [])
  }

  @Test func stylesheetStylesTheThemedClasses() {
    for cls in [
      "bar", "over", "guide", "outlier", "highlight", "heat-0", "heat-4", "fill", "alert",
    ] {
      #expect(ChartStyle.css.contains("." + cls), "\(cls)")
    }
    #expect(ChartStyle.css.contains("#00A693"))
  }
}

@Suite struct ChartRobustnessTests {
  @Test func extremeCountsAndNotANumberNeverCrashOrLeak() {
    let day = ChartCheck.day
    let charts = [
      HourHistogram.svg(
        counts: [Int](repeating: Int.max, count: 24), highlightStart: 23, title: "t", id: "a"),
      CalendarHeatMap.svg(
        values: [day("2026-11-20"): Int.max, day("2026-11-21"): Int.max, day("2026-11-22"): -4],
        from: day("2026-11-01"), through: day("2026-11-22"), title: "t", id: "b"),
      LineChart.svg(
        points: [
          .init(date: day("2026-11-01"), value: .nan), .init(date: day("2026-11-02"), value: 2),
        ], currency: "EUR", title: "t", id: "c"),
      BarChart.svg(
        bars: [.init(label: "x", spent: .nan, limit: .nan, over: true)], currency: "EUR",
        totalLimit: .nan, title: "t", id: "d"),
      ProgressBar.svg(percent: .nan, alert: false, projected: .nan, title: "t", id: "e"),
    ]
    for (svg, id) in zip(charts, ["a", "b", "c", "d", "e"]) {
      #expect(ChartCheck.problems(svg, id: id) == [], "\(id)")
    }
    #expect(ChartCheck.desc(charts[0]).hasPrefix("\(Int.max) in total; best window"))
  }
}

@Suite struct ChartPageTests {
  @Test func chartsOnOnePageHaveDisjointSanitisedIDs() {
    let charts = ChartClassListTests.everyChart
    var seen: [String] = []
    for svg in charts {
      seen += ChartCheck.attributes(svg).filter { $0.0 == "id" }.map(\.1)
    }
    #expect(seen.count == 2 * charts.count)
    #expect(Set(seen).count == seen.count)
    let hostile = BarChart.svg(
      bars: [.init(label: "a", spent: 1)], currency: "EUR", title: "t",
      id: "My Budget \"2026\" <Nov>")
    #expect(
      hostile.contains("aria-labelledby=\"my-budget-2026-nov-title my-budget-2026-nov-desc\""))
    #expect(ChartCheck.problems(hostile, id: "my-budget-2026-nov") == [])
  }
}
