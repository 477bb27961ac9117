import Foundation
import Testing

@testable import VibeKeeper

/// `import ical` and the floating yearly days it needs ("second Sunday of May").
@Suite struct ICalImportTests {
  @Test func yearlyRulesReadPrintAndFall() throws {
    let mothers = try #require(YearlyRule(text: "second Sunday of May"))
    #expect(mothers.description == "second Sunday of May")
    #expect(YearlyRule(text: "first last Monday of May") == nil)
    #expect(
      YearlyRule(text: "second to last Friday of Nov")
        == YearlyRule(text: "second last Friday of November"))
    #expect(mothers.date(in: 2026) == LocalDate(year: 2026, month: 5, day: 10))
    #expect(mothers.date(in: 2027) == LocalDate(year: 2027, month: 5, day: 9))
    let memorial = try #require(YearlyRule(text: "Last monday of may"))
    #expect(memorial.date(in: 2026) == LocalDate(year: 2026, month: 5, day: 25))
    #expect(
      YearlyRule(text: "4th Thursday of Nov")?.date(in: 2026)
        == LocalDate(year: 2026, month: 11, day: 26))
    #expect(
      YearlyRule(text: "second last Friday of November")?.date(in: 2026)
        == LocalDate(year: 2026, month: 11, day: 20))
    // A fifth Monday some Februaries have (2016, a leap year) and most do not.
    let fifth = try #require(YearlyRule(text: "fifth Monday of February"))
    #expect(fifth.date(in: 2016) == LocalDate(year: 2016, month: 2, day: 29))
    #expect(fifth.date(in: 2026) == nil)
    #expect(YearlyRule(text: "sixth Monday of May") == nil)
    #expect(YearlyRule(text: "second Funday of May") == nil)
    #expect(YearlyRule(text: "yearly") == nil)
  }

  @Test func floatingOccasionsInTheAnalysesAndTheFeed() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "occasions/days.yml": """
      - {id: mothers-day, title: Mother's Day, date: 2021-05-09, recurring: second Sunday of May, until: 2027-12-31}
      - {id: leap, title: Leap Monday, date: 2016-02-29, recurring: fifth Monday of February}
      - {id: off, title: Off, date: 2021-05-10, recurring: second Sunday of May}
      - {id: bad, title: Bad, date: 2021-05-09, recurring: second Sunday of Mai}
      """,
    ])
    let l = lines(r)
    #expect(
      l.contains {
        $0.contains("2021-05-10 is not the second Sunday of May in 2021 (that is 2021-05-09)")
      })
    #expect(
      l.contains {
        $0.contains("'recurring' must be yearly, none, or a day like 'second Sunday of May'")
      })
    let mothers = try #require(r.household.occasion("mothers-day"))
    #expect(
      mothers.nextDate(onOrAfter: LocalDate(year: 2026, month: 11, day: 24)!)
        == LocalDate(year: 2027, month: 5, day: 9))
    #expect(mothers.nextDate(onOrAfter: LocalDate(year: 2027, month: 6, day: 1)!) == nil)
    let leap = try #require(r.household.occasion("leap"))
    #expect(
      leap.nextDate(onOrAfter: LocalDate(year: 2026, month: 1, day: 1)!)
        == LocalDate(year: 2044, month: 2, day: 29))
    let clock = LocalClock(
      now: utc("2026-11-24T08:00"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let analysis = HouseholdAnalysis(r.household, clock: clock)
    let feed = FeedEvents.occasions(
      FeedInputs(household: r.household, analysis: analysis, stamps: FeedStamps()))
    #expect(
      feed.filter { $0.id == "mothers-day" && $0.kind == .occasion }.map {
        FeedFixture.dtstart($0)
      } == [";VALUE=DATE:20250511", ";VALUE=DATE:20260510", ";VALUE=DATE:20270509"])
  }

  @Test(.enabled(if: ImportFixture.haveSamples))
  func holidayCalendarsOfFourApplications() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let s = ImportFixture.sample
    let files = [
      s("ical/essentialpim-us-holidays.ics"), s("ical/mozilla-lightning-uk-holidays.ics"),
      s("ical/apple-ical5-turkey-holidays.ics"), s("ical/google-calendar-slovenian-holidays.ics"),
      s("ical/google-calendar-contacts-birthdays.ics"),
    ]
    let out = try f.run(.ical, files)
    #expect(!out.plan.notes.contains { $0.severity == .error })
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let o = r.household.occasions
    // EssentialPIM: BYDAY rules become floating days, COUNT=10 an end.
    let mothers = try #require(o.first { $0.title == "Mother's Day" })
    #expect(mothers.rule?.description == "second Sunday of May")
    #expect(mothers.until == LocalDate(year: 2030, month: 5, day: 12))
    #expect(
      o.first { $0.title == "Thanksgiving Day" }?.rule?.description == "fourth Thursday of November"
    )
    #expect(o.first { $0.title == "Memorial Day" }?.rule?.description == "last Monday of May")
    // Lightning: Good Friday moves every year: its real days, one-off each.
    let goodFriday = o.filter { $0.title == "Good Friday" }.map(\.date).sorted()
    #expect(goodFriday.contains(LocalDate(year: 2024, month: 3, day: 29)!))
    #expect(goodFriday.contains(LocalDate(year: 2026, month: 4, day: 3)!))
    #expect(o.filter { $0.title == "Good Friday" }.allSatisfy { !$0.recurring })
    // Apple iCal: a 01:00 event in Istanbul keeps its Istanbul day.
    let turkey = o.filter { $0.meta.path == "occasions/turkish-holidays.yml" }
    #expect(
      turkey.contains {
        $0.title == "Kurban Bayramı Arefesi" && $0.date == LocalDate(year: 2012, month: 10, day: 24)
      })
    // The Google birthdays calendar: the same day in several years is one yearly occasion.
    let birthday = try #require(o.first { $0.title == "PErson #2's birthday" })
    #expect(birthday.recurring && birthday.date == LocalDate(year: 2012, month: 12, day: 10))
    #expect(o.filter { $0.title == "PErson #2's birthday" }.count == 1)
    // Again: nothing new.
    #expect(try f.run(.ical, files).plan.changes.isEmpty)
  }

  @Test func timedEventsRulesAndWhatOccasionsCannotSay() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "cal.ics",
      """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      X-WR-CALNAME:Family\r
      BEGIN:VEVENT\r
      UID:wed\r
      SUMMARY:Our wedding\\, Lisbon\r
      DTSTART;TZID=Europe/Lisbon:20150620T010000\r
      RRULE:FREQ=YEARLY\r
      BEGIN:VALARM\r
      TRIGGER:-PT15M\r
      SUMMARY:ignored\r
      END:VALARM\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:late\r
      SUMMARY:Late call\r
      DTSTART:20261231T233000Z\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:monthly\r
      SUMMARY:Rent\r
      DTSTART;VALUE=DATE:20260101\r
      RRULE:FREQ=MONTHLY\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:bdays\r
      SUMMARY:Fathers Day\r
      DTSTART;VALUE=DATE:20260621\r
      RRULE:FREQ=YEARLY;BYMONTH=6;BYDAY=SU;BYSETPOS=3\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      SUMMARY:\r
      DTSTART;VALUE=DATE:20260101\r
      END:VEVENT\r
      END:VCALENDAR\r

      """)
    let out = try f.run(.ical, [path])
    let messages = out.plan.notes.map(\.message)
    #expect(messages.contains { $0.hasPrefix("'Rent' repeats monthly") })
    #expect(messages.contains("this event has no title (SUMMARY), so it is not imported"))
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let wedding = try #require(r.household.occasions.first { $0.title == "Our wedding, Lisbon" })
    #expect(wedding.date == LocalDate(year: 2015, month: 6, day: 20) && wedding.recurring)
    #expect(wedding.meta.path == "occasions/family.yml")
    // 23:30 UTC on New Year's Eve is already 1 January in Berlin.
    #expect(
      r.household.occasions.first { $0.title == "Late call" }?.date
        == LocalDate(year: 2027, month: 1, day: 1))
    #expect(
      r.household.occasions.first { $0.title == "Fathers Day" }?.rule?.description
        == "third Sunday of June")
  }

  /// A series that ends, written as its days: EXDATE days and occurrences cancelled are
  /// left out; an `UNTIL` in UTC is read in the event's zone (the day whose occurrence
  /// starts after it is not one); each EXDATE day counts in the warning.
  /// RFC 5545 counts a yearly 29 February in leap years alone, and an UNTIL before the
  /// start leaves the start as the one day.
  @Test func leapDayCountAndAnUntilBeforeTheStart() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "cal.ics",
      """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      BEGIN:VEVENT\r
      UID:leap\r
      SUMMARY:Leap party\r
      DTSTART;VALUE=DATE:20240229\r
      RRULE:FREQ=YEARLY;COUNT=3\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:once\r
      SUMMARY:Open day\r
      DTSTART;VALUE=DATE:20250510\r
      RRULE:FREQ=YEARLY;UNTIL=20240101\r
      END:VEVENT\r
      END:VCALENDAR\r

      """)
    try f.run(.ical, [path])
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let leap = try #require(r.household.occasions.first { $0.title == "Leap party" })
    #expect(leap.until == LocalDate(year: 2032, month: 2, day: 29))
    let once = try #require(r.household.occasions.first { $0.title == "Open day" })
    #expect(once.until == LocalDate(year: 2025, month: 5, day: 10))
  }

  @Test func skippedDaysAndUntilInUTC() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "cal.ics",
      """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      BEGIN:VEVENT\r
      UID:club\r
      SUMMARY:Club dinner\r
      DTSTART;VALUE=DATE:20220610\r
      RRULE:FREQ=YEARLY;COUNT=4\r
      EXDATE;VALUE=DATE:20230610\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:club\r
      RECURRENCE-ID;VALUE=DATE:20240610\r
      SUMMARY:Club dinner\r
      DTSTART;VALUE=DATE:20240612\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:club\r
      RECURRENCE-ID;VALUE=DATE:20250610\r
      SUMMARY:Club dinner\r
      STATUS:CANCELLED\r
      DTSTART;VALUE=DATE:20250610\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:brunch\r
      SUMMARY:Family brunch\r
      DTSTART;TZID=Europe/Berlin:20200601T100000\r
      RRULE:FREQ=YEARLY;UNTIL=20260601T075959Z\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:ny\r
      SUMMARY:New York dinner\r
      DTSTART;TZID=America/New_York:20240610T210000\r
      RRULE:FREQ=YEARLY;COUNT=4\r
      EXDATE:20250611T010000Z\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:picnic\r
      SUMMARY:Picnic\r
      DTSTART;VALUE=DATE:20200705\r
      RRULE:FREQ=YEARLY;UNTIL=20230705\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:picnic\r
      RECURRENCE-ID;VALUE=DATE:20210705\r
      SUMMARY:Picnic\r
      STATUS:CANCELLED\r
      DTSTART;VALUE=DATE:20210705\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:late\r
      SUMMARY:Late call\r
      DTSTART:20200531T230000Z\r
      RRULE:FREQ=YEARLY;UNTIL=20230531T230000Z\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:fair\r
      SUMMARY:Fair\r
      DTSTART;VALUE=DATE:20200301\r
      RRULE:FREQ=YEARLY\r
      EXDATE;VALUE=DATE:20220301,20240301\r
      END:VEVENT\r
      END:VCALENDAR\r

      """)
    let out = try f.run(.ical, [path])
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let club = r.household.occasions.filter { $0.title == "Club dinner" }.map(\.date.description)
    #expect(club.sorted() == ["2022-06-10", "2024-06-12"])
    // An EXDATE in UTC names the day on the start's clock (21:00 in New York).
    let ny = r.household.occasions.filter { $0.title == "New York dinner" }.map(\.date.description)
    #expect(ny.sorted() == ["2024-06-10", "2026-06-10", "2027-06-10"])
    // An ending series with a cancelled year and nothing moved: its days, without it.
    let picnic = r.household.occasions.filter { $0.title == "Picnic" }.map(\.date.description)
    #expect(picnic.sorted() == ["2020-07-05", "2022-07-05", "2023-07-05"])
    // A start in UTC (01:00 in Berlin, 1 June) and an UNTIL on its last occurrence.
    let late = try #require(r.household.occasions.first { $0.title == "Late call" })
    #expect(late.date == LocalDate(year: 2020, month: 6, day: 1))
    #expect(late.until == LocalDate(year: 2023, month: 6, day: 1))
    let brunch = try #require(r.household.occasions.first { $0.title == "Family brunch" })
    #expect(brunch.until == LocalDate(year: 2025, month: 6, day: 1))
    #expect(
      out.plan.notes.map(\.message).contains {
        $0.hasPrefix("'Fair' skips 2 years in the calendar")
      })
  }
}
