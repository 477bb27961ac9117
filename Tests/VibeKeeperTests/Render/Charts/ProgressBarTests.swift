import Foundation
import Testing

@testable import VibeKeeper

@Suite struct ProgressBarTests {
  let dec = ChartCheck.dec

  @Test func underBudget() {
    let svg = ProgressBar.svg(
      percent: dec("71.875"), alert: false, projected: dec("95.5"), title: "Groceries",
      id: "pg")
    #expect(ChartCheck.problems(svg, id: "pg") == [])
    #expect(svg.contains("class=\"chart chart-progress\""))
    #expect(ChartCheck.count("class=\"fill\"", in: svg) == 1)
    #expect(ChartCheck.count("class=\"projected\"", in: svg) == 1)
    #expect(!svg.contains("class=\"limit\""))
    #expect(ChartCheck.desc(svg) == "72% used; projected 96% by the end of the period.")
    // Track 1..199: 71.875 % of 198 px is 142.31 px.
    #expect(svg.contains("width=\"142.31\""))
  }

  @Test func overBudgetExtendsTheScaleAndMarks100() {
    let svg = ProgressBar.svg(
      percent: 150, alert: true, projected: 300, title: "t", id: "over")
    #expect(ChartCheck.problems(svg, id: "over") == [])
    #expect(svg.contains("class=\"fill alert over\""))
    #expect(ChartCheck.count("class=\"limit\"", in: svg) == 1)
    // Scale 0-200 %: the limit at 100 % is the middle of the track, the fill 3/4 of it.
    #expect(svg.contains("x1=\"100\""))
    #expect(svg.contains("width=\"148.5\""))
    #expect(svg.contains("d=\"M199 1V19\""))
    #expect(ChartCheck.desc(svg) == "150% used, alert; projected 300% by the end of the period.")
  }

  @Test func unknownNegativeAndHuge() {
    let none = ProgressBar.svg(percent: nil, alert: false, title: "t", id: "n")
    #expect(ChartCheck.problems(none, id: "n") == [])
    #expect(none.contains(">No data</text>"))
    let negative = ProgressBar.svg(percent: -5, alert: false, title: "t", id: "neg")
    #expect(ChartCheck.problems(negative, id: "neg") == [])
    let huge = ProgressBar.svg(percent: dec("1e50"), alert: true, title: "t", id: "h")
    #expect(ChartCheck.problems(huge, id: "h") == [])
    #expect(
      huge == ProgressBar.svg(percent: dec("1e50"), alert: true, title: "t", id: "h"))
  }

  @Test func hostileTitle() {
    let svg = ProgressBar.svg(percent: 10, alert: false, title: "\"><script>", id: "x")
    #expect(ChartCheck.problems(svg, id: "x") == [])
    #expect(svg.contains("&quot;&gt;&lt;script&gt;"))
  }
}
