import Foundation
import Testing

@testable import VibeKeeper

@Suite struct ChartScaleTests {
  @Test func niceTicksCoverTheData() {
    let a = ChartScale(low: 0, high: 120, maxTicks: 5)
    #expect(a.ticks == [0, 50, 100, 150])
    let b = ChartScale(low: 0, high: 86.25, maxTicks: 5)
    #expect(b.ticks == [0, 50, 100])
    let c = ChartScale(low: 1.19, high: 1.99, maxTicks: 5)
    #expect(c.step == 0.5)
    #expect(c.ticks.map { c.label($0) } == ["1.0", "1.5", "2.0"])
    let d = ChartScale(low: 0, high: 7, maxTicks: 5)
    #expect(d.ticks == [0, 2, 4, 6, 8])
  }

  @Test func betweenThreeAndMaxTicksWithNiceSteps() {
    let ranges: [(Double, Double)] = [
      (0, 1), (0, 7), (0, 10), (3, 4), (0.01, 0.02), (17, 934), (0, 999_999), (1, 1.001),
      (-5, 5), (0, 3), (120, 121),
    ]
    for (lo, hi) in ranges {
      let s = ChartScale(low: lo, high: hi, maxTicks: 5)
      #expect(s.ticks.count >= 3 && s.ticks.count <= 5, "\(lo)...\(hi): \(s.ticks)")
      #expect(s.lower <= lo && s.upper >= hi)
      let exponent = (log10(s.step)).rounded(.down)
      let mantissa = (s.step / pow(10, exponent) * 1000).rounded() / 1000
      #expect([1, 2, 5].contains(mantissa), "\(s.step)")
    }
  }

  @Test func equalAndZeroBoundsAreWidened() {
    #expect(ChartScale(low: 0, high: 0).ticks.first == 0)
    #expect(ChartScale(low: 0, high: 0).upper >= 1)
    let v = ChartScale(low: 1.19, high: 1.19)
    #expect(v.lower < 1.19 && v.upper > 1.19)
    #expect(v.ticks.count >= 3)
  }

  @Test func integerScalesNeverStepBelowOne() {
    let s = ChartScale(low: 0, high: 2, maxTicks: 4, integers: true)
    #expect(s.ticks == [0, 1, 2])
    #expect(ChartScale(low: 0, high: 1, maxTicks: 4, integers: true).ticks == [0, 1])
  }

  @Test func nonFiniteAndHugeInputsStayFinite() {
    for s in [
      ChartScale(low: .nan, high: 3), ChartScale(low: 0, high: .infinity),
      ChartScale(low: 0, high: 1e300), ChartScale(low: -1e308, high: 1e308),
    ] {
      #expect(!s.ticks.isEmpty)
      let finite = s.ticks.allSatisfy { $0.isFinite }
      #expect(finite)
      let labels = s.ticks.map { s.label($0) }.joined(separator: " ")
      #expect(!labels.contains("nan") && !labels.contains("inf"), "\(labels)")
    }
  }

  @Test func labelsAreCompactAndLocaleFree() {
    let s = ChartScale(low: 0, high: 2_500_000, maxTicks: 5)
    #expect(s.ticks.map { s.label($0) } == ["0", "1M", "2M", "3M"])
    let k = ChartScale(low: 0, high: 1800, maxTicks: 5)
    #expect(k.ticks.map { k.label($0) } == ["0", "500", "1.0k", "1.5k", "2.0k"])
    #expect(ChartScale.fixed(-0.001, decimals: 2) == "0.00")
    #expect(ChartScale.fixed(2.5, decimals: 0) == "3")
    #expect(ChartScale.fixed(0.05, decimals: 2) == "0.05")
    #expect(ChartScale.exponent(1.5e18) == "1.5e18")
  }
}
