import Foundation
import Testing

@testable import VibeKeeper

@Suite struct CalendarHeatMapTests {
  let day = ChartCheck.day

  @Test func sixteenWeeksOfPlayedDays() {
    // 2026-08-03 is a Monday; 2026-11-22 a Sunday: 16 full weeks.
    let from = day("2026-08-03")
    let through = day("2026-11-22")
    var values: [LocalDate: Int] = [:]
    for offset in stride(from: 0, to: 112, by: 2) { values[from.adding(days: offset)] = 1 }
    values[day("2026-12-01")] = 1  // outside the range: ignored
    let svg = CalendarHeatMap.svg(
      values: values, from: from, through: through, mode: .played, title: "Wordle", id: "cal")
    #expect(ChartCheck.problems(svg, id: "cal") == [])
    #expect(svg.contains("class=\"chart chart-calendar\""))
    #expect(ChartCheck.count("class=\"cell ", in: svg) == 112)
    #expect(ChartCheck.count("class=\"cell heat-4\"", in: svg) == 56)
    #expect(ChartCheck.count("class=\"cell heat-0\"", in: svg) == 56)
    #expect(svg.contains("<title>2026-08-03: played</title>"))
    #expect(svg.contains("<title>2026-11-22: not played</title>"))
    #expect(ChartCheck.desc(svg) == "Played on 56 of 112 days from 2026-08-03 to 2026-11-22.")
    for month in ["Aug", "Sep", "Oct", "Nov"] { #expect(svg.contains(">\(month)</text>")) }
    for weekday in ["Mon", "Wed", "Fri"] { #expect(svg.contains(">\(weekday)</text>")) }
  }

  /// Lost days are told apart in the cells, the legend and the text alternative, which
  /// counts the days played as the cells show them.
  @Test func lostDaysAreCountedApart() {
    let from = day("2026-11-16")
    var values: [LocalDate: Int] = [:]
    for offset in 0..<5 { values[from.adding(days: offset)] = 1 }
    values[from.adding(days: 5)] = CalendarHeatMap.lost
    let svg = CalendarHeatMap.svg(
      values: values, from: from, through: from.adding(days: 6), mode: .played, title: "W",
      id: "l")
    #expect(ChartCheck.problems(svg, id: "l") == [])
    #expect(
      ChartCheck.desc(svg) == "Played on 5 of 7 days from 2026-11-16 to 2026-11-22, lost on 1.")
    #expect(svg.contains(">Lost</text>"))
    #expect(ChartCheck.count("class=\"cell heat-2\"", in: svg) == 1)
  }

  @Test func weeksAreMondayFirstColumns() {
    // 2026-11-19 is a Thursday: its column starts Monday 2026-11-16; 2026-11-23 (Monday)
    // starts the next column in the first row.
    let svg = CalendarHeatMap.svg(
      values: [:], from: day("2026-11-19"), through: day("2026-11-23"), title: "t", id: "w")
    let cells = svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"cell") }
    #expect(cells.count == 5)
    func position(_ line: Substring) -> (String, String) {
      let attributes = ChartCheck.attributes(String(line))
      return (
        attributes.first { $0.0 == "x" }?.1 ?? "", attributes.first { $0.0 == "y" }?.1 ?? ""
      )
    }
    let thursday = position(cells[0])
    let sunday = position(cells[3])
    let monday = position(cells[4])
    #expect(thursday.0 == sunday.0)
    #expect(thursday.1 == "62")  // top 20 + row 3 * 14
    #expect(sunday.1 == "104")  // row 6
    #expect(monday.1 == "20")  // row 0 of the next column
    #expect(Double(monday.0) == (Double(thursday.0) ?? 0) + 14)
  }

  @Test func countIntensityQuarters() {
    let from = day("2026-11-16")
    var values: [LocalDate: Int] = [:]
    for (offset, count) in [0, 1, 2, 3, 4, 5, 8].enumerated() {
      values[from.adding(days: offset)] = count
    }
    let svg = CalendarHeatMap.svg(
      values: values, from: from, through: from.adding(days: 6), title: "t", id: "q")
    let levels = svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"cell") }.map {
      $0.split(separator: "\"")[1]
    }
    #expect(
      levels == [
        "cell heat-0", "cell heat-1", "cell heat-1", "cell heat-2", "cell heat-2", "cell heat-3",
        "cell heat-4",
      ])
    #expect(svg.contains("<title>2026-11-22: 8</title>"))
    #expect(
      ChartCheck.desc(svg)
        == "23 in total on 6 of 7 days from 2026-11-16 to 2026-11-22; most 8 on 2026-11-22.")
  }

  @Test func longRangesAreCappedAndLeapDaysDrawn() {
    let svg = CalendarHeatMap.svg(
      values: [day("2028-02-29"): 1], from: day("2020-01-01"), through: day("2028-03-01"),
      mode: .played, title: "t", id: "long")
    #expect(ChartCheck.problems(svg, id: "long") == [])
    #expect(ChartCheck.count("class=\"cell ", in: svg) == 371)
    #expect(svg.contains("<title>2028-02-29: played</title>"))
    let yearEnd = CalendarHeatMap.svg(
      values: [:], from: day("2026-12-28"), through: day("2027-01-03"), title: "t", id: "ye")
    #expect(ChartCheck.count("class=\"cell ", in: yearEnd) == 7)
    #expect(yearEnd.contains(">Jan</text>"))
  }

  @Test func emptyRangeGivesNoData() {
    let svg = CalendarHeatMap.svg(
      values: [:], from: day("2026-11-22"), through: day("2026-11-01"), title: "t", id: "e")
    #expect(ChartCheck.problems(svg, id: "e") == [])
    #expect(svg.contains(">No data</text>"))
    let zero = CalendarHeatMap.svg(
      values: [:], from: day("2026-11-01"), through: day("2026-11-22"), title: "t", id: "z")
    #expect(ChartCheck.problems(zero, id: "z") == [])
    #expect(ChartCheck.count("class=\"cell heat-0\"", in: zero) == 22)
  }

  @Test func hostileTitleAndDeterminism() {
    let values = [day("2026-11-20"): 3, day("2026-11-21"): 1, day("2026-11-10"): 2]
    let a = CalendarHeatMap.svg(
      values: values, from: day("2026-11-01"), through: day("2026-11-22"),
      title: "' onmouseover='x", id: "Cal 1")
    #expect(ChartCheck.problems(a, id: "cal-1") == [])
    #expect(
      a
        == CalendarHeatMap.svg(
          values: values, from: day("2026-11-01"), through: day("2026-11-22"),
          title: "' onmouseover='x", id: "Cal 1"))
  }
}
