import Foundation
import Testing

@testable import VibeKeeper

/// The money analyses through a real clock: "today" comes from the settings time zone, and
/// periods count calendar days across DST changes, year ends and 29 February.
@Suite struct MoneyClockTests {
  typealias F = MoneyFixture

  /// A clock at an instant written in UTC (`2026-03-28T23:30:00Z`).
  func clock(_ utc: String, _ zone: String) throws -> LocalClock {
    let instant = try #require(ISO8601DateFormatter().date(from: utc))
    return LocalClock(now: instant, timeZone: try #require(TimeZone(identifier: zone)))
  }

  func budgetJSON(_ h: Household, _ clock: LocalClock) -> [String] {
    Reports.budgets(h, analysis: HouseholdAnalysis(h, clock: clock)).json.serialized().split(
      separator: "\n"
    ).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func springForwardNightInBerlin() throws {
    var h = Household()
    h.budgets = [F.budget("march", "2026-03-01", "2026-03-31", amount: "310")]
    h.purchases = [F.purchase("p", "2026-03-02", "29")]
    // 00:30 in Berlin on 29 March (still CET, UTC+1) is 23:30 UTC the day before.
    let json = budgetJSON(h, try clock("2026-03-28T23:30:00Z", "Europe/Berlin"))
    #expect(json.contains("\"today\": \"2026-03-29\","))
    #expect(json.contains("\"days_elapsed\": 29,"))
    #expect(json.contains("\"days_remaining\": 2,"))
    #expect(json.contains("\"daily_average\": 1.00,"))
    #expect(json.contains("\"projected_total\": 31.00,"))
    // The same instant read in UTC is still the 28th.
    #expect(
      budgetJSON(h, try clock("2026-03-28T23:30:00Z", "UTC")).contains("\"days_elapsed\": 28,"))
  }

  @Test func fallBackNightInBerlin() throws {
    var h = Household()
    h.purchases = [F.purchase("bread", "2026-10-20", "2", name: "Bread", expires: "2026-10-27")]
    // 23:30 on 25 October in Berlin (CET again, UTC+1) is 22:30 UTC.
    let p = Reports.pantry(
      h, analysis: HouseholdAnalysis(h, clock: try clock("2026-10-25T22:30:00Z", "Europe/Berlin")))
    #expect(p.tables.first?.rows == [["Bread", "1", "2026-10-20", "2026-10-27", "2", "expiring"]])
    // One hour later it is the 26th: still expiring, one day left.
    let q = Reports.pantry(
      h, analysis: HouseholdAnalysis(h, clock: try clock("2026-10-25T23:30:00Z", "Europe/Berlin")))
    #expect(q.tables.first?.rows.first?[4] == "1")
  }

  @Test func midnightWrapAcrossTheYearEnd() throws {
    var h = Household()
    h.budgets = [F.budget("year", "2027-01-01", "2027-12-31", amount: "365")]
    // 11:30 UTC on 31 December is already 00:30 on 1 January in Auckland (UTC+13).
    let json = budgetJSON(h, try clock("2026-12-31T11:30:00Z", "Pacific/Auckland"))
    #expect(json.contains("\"state\": \"current\","))
    #expect(json.contains("\"total_days\": 365,"))
    #expect(json.contains("\"days_elapsed\": 1,"))
    let before = budgetJSON(h, try clock("2026-12-31T10:30:00Z", "Pacific/Auckland"))
    #expect(before.contains("\"state\": \"upcoming\","))
  }

  @Test func februaryOfALeapYear() {
    var h = Household()
    h.budgets = [
      F.budget("leap", "2028-02-01", "2028-02-29", amount: "29"),
      F.budget("common", "2027-02-01", "2027-02-28", amount: "28"),
    ]
    let a = BudgetAnalysis.analyse(h, today: F.day("2028-02-29"))
    #expect(a.summaries.map(\.totalDays) == [28, 29])
    #expect(a.summaries.map(\.daysRemaining) == [0, 0])
    #expect(a.summaries.map(\.state) == [.ended, .current])
  }
}
