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

@Suite struct ContactAgeTests {
  func contact(_ birthday: String, leap: LeapDayRule = .feb28) -> Contact {
    var c = Contact(
      meta: RecordMeta(id: "c", location: SourceLocation(file: "f", line: 1, column: 1), path: "p"),
      name: "C")
    let d = LocalDate(iso: birthday)!
    c.birthday = Birthday(month: d.month, day: d.day, year: d.year)
    c.leapBirthday = leap
    return c
  }

  @Test func completedYearsCountFromTheBirthday() {
    let ngozi = contact("1958-12-03")
    #expect(ngozi.completedYears(on: LocalDate(iso: "2026-11-22")!) == 67)
    #expect(ngozi.completedYears(on: LocalDate(iso: "2026-12-03")!) == 68)
    #expect(ngozi.age(on: LocalDate(iso: "2026-12-03")!) == 68)
    #expect(ngozi.completedYears(on: LocalDate(iso: "1958-12-03")!) == 0)
    #expect(ngozi.completedYears(on: LocalDate(iso: "1958-12-02")!) == nil)
  }

  @Test func leapDayBirthdaysAgeOnTheirCommonYearDay() {
    let feb28 = contact("1996-02-29")
    #expect(feb28.completedYears(on: LocalDate(iso: "2027-02-27")!) == 30)
    #expect(feb28.completedYears(on: LocalDate(iso: "2027-02-28")!) == 31)
    let mar1 = contact("1996-02-29", leap: .mar1)
    #expect(mar1.completedYears(on: LocalDate(iso: "2027-02-28")!) == 30)
    #expect(mar1.completedYears(on: LocalDate(iso: "2027-03-01")!) == 31)
    #expect(mar1.completedYears(on: LocalDate(iso: "2028-02-29")!) == 32)
  }
}
