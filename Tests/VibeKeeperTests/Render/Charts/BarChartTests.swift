import Foundation
import Testing

@testable import VibeKeeper

@Suite struct BarChartTests {
  let dec = ChartCheck.dec
  var sample: [BarChart.Bar] {
    [
      BarChart.Bar(label: "Groceries", spent: dec("86.25"), limit: dec("120"), over: false),
      BarChart.Bar(label: "household", spent: dec("32.6"), limit: dec("25"), over: true),
      BarChart.Bar(label: "Eating out", spent: dec("12"), limit: nil, over: false),
    ]
  }

  @Test func structureAndTextAlternative() {
    let svg = BarChart.svg(bars: sample, currency: "EUR", title: "November", id: "budget-nov")
    #expect(ChartCheck.problems(svg, id: "budget-nov") == [])
    #expect(svg.contains("class=\"chart chart-bar\""))
    #expect(svg.contains("<title id=\"budget-nov-title\">November</title>"))
    #expect(
      ChartCheck.desc(svg)
        == "Groceries: 86.25 EUR of 120.00 EUR; household: 32.60 EUR of 25.00 EUR, over; "
        + "Eating out: 12.00 EUR.")
    #expect(ChartCheck.count("<g class=\"row\">", in: svg) == 3)
    #expect(ChartCheck.count("class=\"bar\"", in: svg) == 2)
    #expect(ChartCheck.count("class=\"bar over\"", in: svg) == 1)
    #expect(ChartCheck.count("class=\"limit\"", in: svg) == 2)
    #expect(svg.contains("<title>household: 32.60 / 25.00 EUR</title>"))
    #expect(svg.contains(">86.25 / 120.00 EUR</text>"))
    #expect(!svg.contains("class=\"total\""))
  }

  @Test func barsAreProportionalOnANiceScale() {
    // Scale 0-150 (ticks 0, 50, 100, 150): the 120 limit sits at 80 % of the plot width.
    let svg = BarChart.svg(
      bars: [BarChart.Bar(label: "A", spent: 60, limit: 120)], currency: "EUR", title: "t",
      id: "p")
    for tick in ["0", "50", "100", "150"] { #expect(svg.contains(">\(tick)</text>")) }
    let rects = ChartCheck.attributes(svg).filter { $0.0 == "width" }.map(\.1)
    let lines = ChartCheck.attributes(svg).filter { $0.0 == "x1" }.compactMap { Double($0.1) }
    // Grid lines at 0 and 150 bound the plot; the bar is 60/150 of it.
    guard let left = lines.first, let right = lines.dropFirst(3).first,
      let barWidth = Double(rects.last ?? "")
    else {
      Issue.record("missing geometry")
      return
    }
    #expect(abs(barWidth - (right - left) * 0.4) < 0.02)
  }

  @Test func totalBudgetLine() {
    let svg = BarChart.svg(
      bars: sample, currency: "EUR", totalLimit: dec("300"), title: "t", id: "b")
    #expect(ChartCheck.problems(svg, id: "b") == [])
    #expect(ChartCheck.count("class=\"total\"", in: svg) == 1)
    #expect(svg.contains(">Budget 300.00 EUR</text>"))
    #expect(ChartCheck.desc(svg).hasSuffix("; total budget 300.00 EUR."))
  }

  @Test func emptyGivesNoData() {
    let svg = BarChart.svg(bars: [], currency: "EUR", title: "Nothing", id: "e")
    #expect(ChartCheck.problems(svg, id: "e") == [])
    #expect(svg.contains("chart chart-bar chart-empty"))
    #expect(svg.contains(">No data</text>"))
    #expect(ChartCheck.desc(svg) == "No data.")
  }

  @Test func hostileLabelsAreInert() {
    let bars = ChartCheck.hostile.map { BarChart.Bar(label: $0, spent: 5, limit: 10) }
    let svg = BarChart.svg(bars: bars, currency: "<b>", title: "<script>x</script>", id: "\"x")
    #expect(ChartCheck.problems(svg, id: "x") == [])
    #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(svg.contains("&quot; onload=&quot;x"))
  }

  @Test func deterministicAndRobust() {
    let a = BarChart.svg(bars: sample, currency: "EUR", title: "t", id: "d")
    #expect(a == BarChart.svg(bars: sample, currency: "EUR", title: "t", id: "d"))
    let zero = BarChart.svg(
      bars: [BarChart.Bar(label: "Zero", spent: 0)], currency: "EUR", title: "t", id: "z")
    #expect(ChartCheck.problems(zero, id: "z") == [])
    let huge = BarChart.svg(
      bars: [
        BarChart.Bar(label: "Huge", spent: dec("1e30"), limit: dec("1e29"), over: true),
        BarChart.Bar(label: "Refund", spent: dec("-5")),
      ], currency: "JPY", title: "t", id: "h")
    #expect(ChartCheck.problems(huge, id: "h") == [])
    let many = (0..<1000).map { BarChart.Bar(label: "c\($0)", spent: Decimal($0)) }
    let big = BarChart.svg(bars: many, currency: "EUR", title: "t", id: "m")
    #expect(ChartCheck.problems(big, id: "m") == [])
    #expect(ChartCheck.count("<g class=\"row\">", in: big) == 1000)
  }
}
