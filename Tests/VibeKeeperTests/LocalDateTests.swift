import Testing

@testable import VibeKeeper

@Suite struct LocalDateTests {
  @Test func parsesAndRejects() {
    #expect(LocalDate(iso: "2024-02-29") != nil)
    #expect(LocalDate(iso: "2026-02-29") == nil)
    #expect(LocalDate(iso: "2026-02-30") == nil)
    #expect(LocalDate(iso: "2026-13-01") == nil)
    #expect(LocalDate(iso: "2026-1-01") == nil)
    #expect(LocalDate(iso: "2026-01-01")?.description == "2026-01-01")
  }

  @Test func dayNumbersRoundTrip() {
    for n in stride(from: -800_000, to: 800_000, by: 997) {
      let d = LocalDate(dayNumber: n)
      #expect(d.dayNumber == n)
    }
    #expect(LocalDate(iso: "1970-01-01")!.dayNumber == 0)
    #expect(LocalDate(iso: "1970-01-01")!.weekday == .thursday)
    #expect(LocalDate(iso: "2026-11-22")!.weekday == .sunday)
  }

  @Test func arithmeticAcrossYearEndAndLeapDay() {
    let d = LocalDate(iso: "2026-12-31")!
    #expect(d.adding(days: 1).description == "2027-01-01")
    #expect(LocalDate(iso: "2028-02-28")!.adding(days: 1).description == "2028-02-29")
    #expect(LocalDate(iso: "2027-02-28")!.adding(days: 1).description == "2027-03-01")
    let leap = LocalDate(iso: "2024-02-29")!
    #expect(leap.inYear(2027).description == "2027-02-28")
    #expect(leap.inYear(2027, leap: .mar1).description == "2027-03-01")
    #expect(leap.inYear(2028).description == "2028-02-29")
  }
}
