import Foundation
import Testing

@testable import VibeKeeper

@Suite struct UpcomingOccasionsTests {
  typealias F = TimeFixture

  func contact(_ id: String, _ name: String, born: Birthday?, leap: LeapDayRule = .feb28)
    -> Contact
  {
    var c = Contact(meta: F.meta(id), name: name)
    c.birthday = born
    c.leapBirthday = leap
    return c
  }

  func occasion(_ id: String, _ title: String, _ date: String, yearly: Bool, contact: String? = nil)
    -> Occasion
  {
    var o = Occasion(meta: F.meta(id), title: title, date: F.date(date))
    o.recurring = yearly
    o.contact = contact
    return o
  }

  func gift(
    _ id: String, for recipient: String?, occasion: GiftOccasion?, _ status: GiftStatus = .idea
  )
    -> Gift
  {
    var g = Gift(meta: F.meta(id), title: "Gift \(id)", currency: "EUR")
    g.recipient = recipient
    g.occasion = occasion
    g.status = status
    return g
  }

  func household(
    contacts: [Contact] = [], occasions: [Occasion] = [], gifts: [Gift] = [], horizon: Int = 30,
    lead: Int = 7
  ) -> Household {
    var h = Household()
    h.settings.timeZone = F.berlin
    h.settings.occasions.horizonDays = horizon
    h.settings.occasions.leadDays = lead
    h.contacts = contacts
    h.occasions = occasions
    h.gifts = gifts
    return h
  }

  /// A birthday after today is said (a year mistyped shows nothing, silently), with the
  /// first birthday that will be shown; today's birth and a birthday without a year are not.
  @Test func aBirthdayAfterTodayIsSaid() {
    let today = F.date("2026-11-28")
    let h = household(contacts: [
      contact("typo", "Grandpa", born: Birthday(month: 5, day: 1, year: 2062)),
      contact("leap", "Leap baby", born: Birthday(month: 2, day: 29, year: 2028), leap: .mar1),
      contact("today", "Newborn", born: Birthday(month: 11, day: 28, year: 2026)),
      contact("yearless", "Ana", born: Birthday(month: 12, day: 1, year: nil)),
    ])
    #expect(
      UpcomingOccasions.futureBirthdays(h, today: today).map(\.message) == [
        "Grandpa's birthday 2062-05-01 is after today (2026-11-28), so the first birthday shown is 2063-05-01",
        "Leap baby's birthday 2028-02-29 is after today (2026-11-28), so the first birthday shown is 2029-03-01",
      ])
    let analysis = HouseholdAnalysis(h, clock: F.clock("2026-11-28T10:00:00+01:00"))
    #expect(analysis.diagnostics.count { $0.message.contains("is after today") } == 2)
  }

  @Test func newYearSeenFromTwentiethOfDecember() {
    let clock = F.clock("2026-12-20T10:00:00+01:00")
    let h = household(occasions: [occasion("new-year", "New Year", "2020-01-01", yearly: true)])
    let list = UpcomingOccasions.upcoming(in: h, clock: clock)
    #expect(list.count == 1)
    let o = list[0]
    #expect(o.date == F.date("2027-01-01"))
    #expect(o.daysUntil == 12)
    #expect(o.years == nil)  // a holiday: no count of years
    #expect(!o.takesGifts)
    #expect(o.age == nil)
    // 7 days before, the day before, the day itself at 09:00 CET = 08:00 UTC.
    #expect(
      F.utcTexts(o.reminders) == [
        "2026-12-25T08:00:00Z", "2026-12-31T08:00:00Z", "2027-01-01T08:00:00Z",
      ])
  }

  @Test func horizonIsInclusive() {
    let clock = F.clock("2026-12-20T10:00:00+01:00")
    let o = occasion("new-year", "New Year", "2020-01-01", yearly: true)
    #expect(
      UpcomingOccasions.upcoming(in: household(occasions: [o], horizon: 12), clock: clock).count
        == 1)
    #expect(
      UpcomingOccasions.upcoming(in: household(occasions: [o], horizon: 11), clock: clock).isEmpty)
  }

  @Test func leapDayBirthdaySeenFrom2027And2028() {
    let born = Birthday(month: 2, day: 29, year: 2000)
    let feb = contact("lea", "Lea", born: born)
    let mar = contact("leo", "Leo", born: born, leap: .mar1)
    let h = household(contacts: [feb, mar])

    let from2027 = UpcomingOccasions.upcoming(in: h, clock: F.clock("2027-02-01T12:00:00+01:00"))
    #expect(from2027.map(\.title) == ["Lea's birthday", "Leo's birthday"])
    #expect(from2027.map(\.date) == [F.date("2027-02-28"), F.date("2027-03-01")])
    #expect(from2027.map(\.daysUntil) == [27, 28])
    #expect(from2027.map(\.age) == [27, 27])

    let from2028 = UpcomingOccasions.upcoming(in: h, clock: F.clock("2028-02-01T12:00:00+01:00"))
    #expect(from2028.map(\.date) == [F.date("2028-02-29"), F.date("2028-02-29")])
    #expect(from2028.map(\.daysUntil) == [28, 28])
    #expect(from2028.map(\.age) == [28, 28])
    #expect(from2028.map(\.title) == ["Lea's birthday", "Leo's birthday"])
  }

  @Test func leapDayBirthdayAfterItsCommonYearDate() {
    // On 1 March 2027 the feb28 birthday has passed: the next is 29 Feb 2028, 365 days on.
    let lea = contact("lea", "Lea", born: Birthday(month: 2, day: 29, year: nil))
    let clock = F.clock("2027-03-01T12:00:00+01:00")
    #expect(UpcomingOccasions.upcoming(in: household(contacts: [lea]), clock: clock).isEmpty)
    let far = UpcomingOccasions.upcoming(in: household(contacts: [lea], horizon: 365), clock: clock)
    #expect(far.map(\.date) == [F.date("2028-02-29")])
    #expect(far.map(\.daysUntil) == [365])
    #expect(far[0].age == nil)
  }

  @Test func yearlyOccasionOnLeapDay() {
    let o = occasion("wedding", "Wedding day", "2024-02-29", yearly: true)
    #expect(o.date(in: 2027) == F.date("2027-02-28"))
    #expect(o.date(in: 2028) == F.date("2028-02-29"))
    #expect(o.date(in: 2023) == nil)
    #expect(
      o.dates(onOrAfter: F.date("2026-03-01"), count: 3) == [
        F.date("2027-02-28"), F.date("2028-02-29"), F.date("2029-02-28"),
      ])
  }

  @Test func dateListsForFeeds() {
    let once = occasion("party", "Party", "2026-12-05", yearly: false)
    #expect(once.dates(onOrAfter: F.date("2026-01-01"), count: 5) == [F.date("2026-12-05")])
    #expect(once.nextDate(onOrAfter: F.date("2026-12-06")) == nil)
    let ana = contact("ana", "Ana", born: Birthday(month: 12, day: 31, year: 2026))
    // No birthday in the birth year itself: the first is the first anniversary.
    #expect(
      ana.birthdayDates(onOrAfter: F.date("2026-06-01"), count: 2) == [
        F.date("2027-12-31"), F.date("2028-12-31"),
      ])
    let noBirthday = contact("x", "X", born: nil)
    #expect(noBirthday.birthdayDates(onOrAfter: F.date("2026-06-01"), count: 2).isEmpty)
  }

  @Test func pastOneOffIsGoneAndFutureOneOffCounts() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let h = household(occasions: [
      occasion("old", "Old party", "2026-11-21", yearly: false),
      occasion("new", "New party", "2026-12-01", yearly: false),
    ])
    let list = UpcomingOccasions.upcoming(in: h, clock: clock)
    #expect(list.map(\.id) == ["new"])
    #expect(list[0].daysUntil == 9)
    #expect(list[0].recurring == false)
    #expect(list[0].years == nil)
  }

  @Test func pastReminderPointsAreSkipped() {
    let clock = F.clock("2026-12-20T10:00:00+01:00")
    let soon = contact("bo", "Bo", born: Birthday(month: 12, day: 22, year: 1990))
    let today = contact("cy", "Cy", born: Birthday(month: 12, day: 20, year: nil))
    let list = UpcomingOccasions.upcoming(in: household(contacts: [soon, today]), clock: clock)
    #expect(list.map(\.id) == ["cy", "bo"])
    // Today's 09:00 point has passed at 10:00.
    #expect(list[0].daysUntil == 0)
    #expect(list[0].reminders.isEmpty)
    // 15 Dec has passed; 21 and 22 Dec at 09:00 CET remain.
    #expect(list[1].age == 36)
    #expect(F.utcTexts(list[1].reminders) == ["2026-12-21T08:00:00Z", "2026-12-22T08:00:00Z"])
  }

  @Test func leadOfZeroOrOneGivesTwoPoints() {
    let clock = F.clock("2026-01-01T00:00:00Z", F.utc)
    let day = F.date("2026-03-10")
    for lead in [0, 1] {
      let points = UpcomingOccasions.reminderPoints(
        for: day, leadDays: lead, time: F.time("09:00"), clock: clock)
      #expect(F.utcTexts(points) == ["2026-03-09T09:00:00Z", "2026-03-10T09:00:00Z"])
    }
  }

  @Test func reminderPointsAcrossTheAutumnChange() {
    // 25 Oct 2026: Berlin goes from +02:00 to +01:00; 09:00 stays 09:00 local.
    let clock = F.clock("2026-10-01T12:00:00Z")
    let points = UpcomingOccasions.reminderPoints(
      for: F.date("2026-10-25"), leadDays: 7, time: F.time("09:00"), clock: clock)
    #expect(
      F.utcTexts(points) == [
        "2026-10-18T07:00:00Z", "2026-10-24T07:00:00Z", "2026-10-25T08:00:00Z",
      ])
  }

  @Test func giftIdeasForBirthdayAndOccasion() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let anna = contact("anna", "Anna", born: Birthday(month: 12, day: 1, year: nil))
    let gifts = [
      gift("g-a", for: "anna", occasion: "birthday"),
      gift("g-b", for: "anna", occasion: nil),
      gift("g-c", for: "anna", occasion: "anniv"),
      gift("g-d", for: "anna", occasion: "birthday", .purchased),
      gift("g-0", for: "anna", occasion: "birthday"),
      gift("g-f", for: "bob", occasion: "birthday"),
      gift("g-p", for: nil, occasion: "party"),
    ]
    let h = household(
      contacts: [anna],
      occasions: [
        occasion("anniv", "Anna and Tom", "2010-12-02", yearly: true, contact: "anna"),
        occasion("party", "Street party", "2026-12-03", yearly: false),
      ], gifts: gifts)
    let list = UpcomingOccasions.upcoming(in: h, clock: clock)
    #expect(list.map(\.id) == ["anna", "anniv", "party"])
    // Her own birthday ideas, then those with no occasion; the anniversary's never.
    #expect(list[0].gifts.map(\.id) == ["g-0", "g-a", "g-b"])
    #expect(list[0].bought.map(\.id) == ["g-d"])
    // The anniversary's own, then the one with no occasion; her birthday's never.
    #expect(list[1].gifts.map(\.id) == ["g-c", "g-b"])
    #expect(list[1].bought.isEmpty)
    #expect(list[1].years == 16)
    #expect(list[1].takesGifts)
    // A one-off event takes gifts because a gift names it.
    #expect(list[2].gifts.map(\.id) == ["g-p"])
    #expect(list[2].takesGifts)
  }

  @Test func sameDayOrdersBirthdaysFirst() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let h = household(
      contacts: [contact("zed", "Zed", born: Birthday(month: 11, day: 30, year: nil))],
      occasions: [occasion("a", "Anniversary", "2000-11-30", yearly: true)])
    #expect(UpcomingOccasions.upcoming(in: h, clock: clock).map(\.kind) == [.birthday, .occasion])
  }

  @Test func emptyHousehold() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    #expect(UpcomingOccasions.upcoming(in: Household(), clock: clock).isEmpty)
  }
}
