import Foundation
import Testing

@testable import VibeKeeper

@Suite struct LineChartTests {
  let day = ChartCheck.day
  let dec = ChartCheck.dec

  var sample: [LineChart.Point] {
    [
      LineChart.Point(date: day("2026-11-20"), value: dec("1.29"), label: "Edeka"),
      LineChart.Point(date: day("2026-09-01"), value: dec("1.19"), label: "Aldi"),
      LineChart.Point(date: day("2026-10-02"), value: dec("2.49"), outlier: true, label: "Kiosk"),
      LineChart.Point(date: day("2026-10-15"), value: dec("1.23")),
    ]
  }

  @Test func structureGuidesAndOutliers() {
    let svg = LineChart.svg(points: sample, currency: "EUR", title: "Oat milk", id: "oat")
    #expect(ChartCheck.problems(svg, id: "oat") == [])
    #expect(svg.contains("class=\"chart chart-line\""))
    #expect(ChartCheck.count("class=\"point\"", in: svg) == 3)
    #expect(ChartCheck.count("class=\"point outlier\"", in: svg) == 1)
    #expect(ChartCheck.count("<polyline class=\"line\"", in: svg) == 1)
    for guide in ["guide-min", "guide-max", "guide-mean"] {
      #expect(ChartCheck.count("class=\"guide \(guide)\"", in: svg) == 1)
    }
    #expect(svg.contains(">min 1.19 EUR</text>"))
    #expect(svg.contains(">max 2.49 EUR</text>"))
    #expect(svg.contains(">mean 1.55 EUR</text>"))
    #expect(svg.contains("<title>2026-10-02: 2.49 EUR at Kiosk (possible outlier)</title>"))
    #expect(
      ChartCheck.desc(svg)
        == "4 values from 2026-09-01 to 2026-11-20; min 1.19 EUR, max 2.49 EUR, "
        + "mean 1.55 EUR; possible outliers: 2026-10-02: 2.49 EUR at Kiosk.")
  }

  @Test func xIsProportionalToDaysAndPointsAreDrawnByDate() throws {
    // 2026-09-01 .. 2026-11-20 is 80 days; 2026-10-15 is day 44.
    let svg = LineChart.svg(points: sample, currency: "EUR", title: "t", id: "x")
    let pointsAttribute = ChartCheck.attributes(svg).first { $0.0 == "points" }?.1 ?? ""
    let xs = pointsAttribute.split(separator: " ").compactMap {
      Double($0.split(separator: ",").first ?? "")
    }
    try #require(xs.count == 4)
    #expect(xs == xs.sorted())
    let fraction = (xs[2] - xs[0]) / (xs[3] - xs[0])
    #expect(abs(fraction - 44.0 / 80.0) < 0.001)
  }

  @Test func onePointAndEqualValuesShareOneGuide() {
    let one = LineChart.svg(
      points: [LineChart.Point(date: day("2026-11-20"), value: dec("1.29"))], currency: "EUR",
      title: "t", id: "one")
    #expect(ChartCheck.problems(one, id: "one") == [])
    #expect(ChartCheck.count("class=\"guide ", in: one) == 1)
    #expect(one.contains("class=\"guide guide-min guide-mean guide-max\""))
    #expect(one.contains(">min = mean = max 1.29 EUR</text>"))
    #expect(ChartCheck.desc(one).hasPrefix("1 value on 2026-11-20; min 1.29 EUR"))
    let equal = LineChart.svg(
      points: [
        LineChart.Point(date: day("2026-11-01"), value: 2),
        LineChart.Point(date: day("2026-11-20"), value: 2),
      ], currency: nil, title: "t", id: "eq")
    #expect(ChartCheck.problems(equal, id: "eq") == [])
    #expect(ChartCheck.count("class=\"guide ", in: equal) == 1)
    #expect(equal.contains(">min = mean = max 2.00</text>"))
  }

  @Test func twoPointsOnTheSameDay() {
    let svg = LineChart.svg(
      points: [
        LineChart.Point(date: day("2026-02-28"), value: dec("3.5")),
        LineChart.Point(date: day("2026-02-28"), value: dec("4.5")),
      ], currency: "EUR", title: "t", id: "same")
    #expect(ChartCheck.problems(svg, id: "same") == [])
    #expect(ChartCheck.count("class=\"point\"", in: svg) == 2)
    #expect(ChartCheck.count(">2026-02-28</text>", in: svg) == 1)
    #expect(ChartCheck.count("class=\"guide ", in: svg) == 3)
  }

  @Test func emptyGivesNoData() {
    let svg = LineChart.svg(points: [], currency: "EUR", title: "t", id: "e")
    #expect(ChartCheck.problems(svg, id: "e") == [])
    #expect(svg.contains(">No data</text>"))
    #expect(ChartCheck.desc(svg) == "No data.")
  }

  @Test func hostileLabelsAreInert() {
    let points = ChartCheck.hostile.enumerated().map {
      LineChart.Point(
        date: day("2026-11-01").adding(days: $0.offset), value: Decimal($0.offset),
        outlier: true, label: $0.element)
    }
    let svg = LineChart.svg(points: points, currency: "EUR", title: "\" onload=\"t", id: "h")
    #expect(ChartCheck.problems(svg, id: "h") == [])
    #expect(svg.contains("at &lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func deterministicLargeAndHuge() {
    #expect(
      LineChart.svg(points: sample, currency: "EUR", title: "t", id: "d")
        == LineChart.svg(points: sample, currency: "EUR", title: "t", id: "d"))
    let many = (0..<1000).map {
      LineChart.Point(
        date: day("2024-01-01").adding(days: $0), value: Decimal($0 % 37) + dec("0.99"),
        outlier: $0 % 100 == 0)
    }
    let svg = LineChart.svg(points: many, currency: "EUR", title: "t", id: "many")
    #expect(ChartCheck.problems(svg, id: "many") == [])
    #expect(ChartCheck.count("class=\"point outlier\"", in: svg) == 10)
    #expect(ChartCheck.count("class=\"point\"", in: svg) == 0)
    let huge = LineChart.svg(
      points: [
        LineChart.Point(date: day("0001-01-01"), value: dec("1e40")),
        LineChart.Point(date: day("9999-12-31"), value: dec("0.000001")),
      ], currency: "EUR", title: "t", id: "huge")
    #expect(ChartCheck.problems(huge, id: "huge") == [])
  }
}

@Suite struct LineChartLayoutTests {
  @Test func dateLabelsThinOutOnNarrowPlotsAndShortSpans() {
    let day = ChartCheck.day
    #expect(
      LineChart.dateTicks(from: day("2026-11-01"), to: day("2026-11-03")).map(\.description)
        == ["2026-11-01", "2026-11-02", "2026-11-03"])
    #expect(
      LineChart.dateTicks(from: day("2026-01-01"), to: day("2026-12-31")).map(\.description)
        == ["2026-01-01", "2026-05-02", "2026-08-31", "2026-12-31"])
    #expect(LineChart.dateTicks(from: day("2026-01-01"), to: day("2026-12-31"), most: 1).count == 2)
    let narrow = LineChart.svg(
      points: [
        .init(date: day("2026-01-01"), value: 1), .init(date: day("2026-12-31"), value: 2),
      ], currency: "EUR", title: "t", id: "n", width: 200)
    #expect(ChartCheck.problems(narrow, id: "n") == [])
    #expect(ChartCheck.count("class=\"tick\"", in: narrow) == 3 + 2)
  }
}
