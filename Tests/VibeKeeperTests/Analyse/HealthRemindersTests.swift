import Foundation
import Testing

@testable import VibeKeeper

@Suite struct HealthRemindersTests {
  typealias F = TimeFixture

  func weekly(
    _ days: Set<Weekday>, at time: String = "08:30", starts: String? = nil, until: String? = nil
  ) -> ReminderSchedule {
    .weekly(
      WeeklySchedule(
        time: F.time(time), days: days, starts: starts.map(F.date), until: until.map(F.date)))
  }

  func reminder(
    _ id: String, _ schedule: ReminderSchedule, enabled: Bool = true, done: String? = nil
  )
    -> Reminder
  {
    var r = Reminder(meta: F.meta(id), title: id.capitalized, schedule: schedule)
    r.enabled = enabled
    r.done = done.map(F.date)
    return r
  }

  let daily = Set(Weekday.allCases)
  let monWedFri: Set<Weekday> = [.friday, .monday, .wednesday]

  @Test func springForwardKeepsLocalTime() {
    // Berlin 29 Mar 2026: 02:00 +01:00 becomes 03:00 +02:00.
    let clock = F.clock("2026-03-27T00:00:00+01:00")
    let next = weekly(daily).nextOccurrences(4, atOrAfter: clock.now, clock: clock)
    #expect(
      F.utcTexts(next) == [
        "2026-03-27T07:30:00Z", "2026-03-28T07:30:00Z", "2026-03-29T06:30:00Z",
        "2026-03-30T06:30:00Z",
      ])
    #expect(next.map(clock.isoText)[2] == "2026-03-29T08:30:00+02:00")
  }

  @Test func fallBackKeepsLocalTime() {
    // Berlin 25 Oct 2026: 03:00 +02:00 becomes 02:00 +01:00.
    let clock = F.clock("2026-10-24T00:00:00+02:00")
    let next = weekly(daily).nextOccurrences(3, atOrAfter: clock.now, clock: clock)
    #expect(
      F.utcTexts(next) == ["2026-10-24T06:30:00Z", "2026-10-25T07:30:00Z", "2026-10-26T07:30:00Z"])
    #expect(
      next.map(clock.isoText) == [
        "2026-10-24T08:30:00+02:00", "2026-10-25T08:30:00+01:00", "2026-10-26T08:30:00+01:00",
      ])
  }

  @Test func timeInTheSpringGapMovesForward() {
    let clock = F.clock("2026-03-29T00:00:00+01:00")
    let next = weekly([.sunday], at: "02:30").nextOccurrence(atOrAfter: clock.now, clock: clock)
    #expect(next.map(clock.isoText) == "2026-03-29T03:30:00+02:00")
  }

  @Test func startsOnAnUnlistedWeekday() {
    // Sunday 22 Nov; starts Tuesday 24 Nov; first listed day after is Wednesday 25 Nov.
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let s = weekly(monWedFri, starts: "2026-11-24")
    #expect(
      F.utcTexts(s.nextOccurrences(3, atOrAfter: clock.now, clock: clock)) == [
        "2026-11-25T07:30:00Z", "2026-11-27T07:30:00Z", "2026-11-30T07:30:00Z",
      ])
  }

  @Test func nextOccurrenceIsAtOrAfterNow() {
    let s = weekly(daily)
    let exactly = F.clock("2026-11-22T08:30:00+01:00")
    #expect(s.nextOccurrence(atOrAfter: exactly.now, clock: exactly) == exactly.now)
    let later = F.clock("2026-11-22T08:30:01+01:00")
    #expect(
      F.utcTexts([s.nextOccurrence(atOrAfter: later.now, clock: later)!]) == [
        "2026-11-23T07:30:00Z"
      ])
  }

  @Test func untilIsTodayAndUntilWasYesterday() {
    let endsToday = reminder("today", weekly(daily, until: "2026-11-22"))
    let morning = HealthReminders.status(of: endsToday, clock: F.clock("2026-11-22T07:00:00+01:00"))
    #expect(F.utcTexts(morning.nextOccurrences) == ["2026-11-22T07:30:00Z"])
    #expect(morning.ended == false)
    let evening = HealthReminders.status(of: endsToday, clock: F.clock("2026-11-22T09:00:00+01:00"))
    #expect(evening.nextOccurrence == nil)
    #expect(evening.ended)

    let endedYesterday = reminder("yesterday", weekly(daily, until: "2026-11-21"))
    let s = HealthReminders.status(of: endedYesterday, clock: F.clock("2026-11-22T07:00:00+01:00"))
    #expect(s.nextOccurrence == nil)
    #expect(s.nextOccurrences.isEmpty)
    #expect(s.ended)
  }

  @Test func scheduleTexts() {
    #expect(weekly(monWedFri).text == "Every Mon, Wed, Fri at 08:30")
    #expect(weekly(daily, at: "18:00").text == "Every day at 18:00")
    #expect(
      weekly(monWedFri, until: "2027-04-30").text
        == "Every Mon, Wed, Fri at 08:30 until 30 Apr 2027")
    #expect(weekly(daily, until: "2027-03-31").text == "Every day at 08:30 until 31 Mar 2027")
    #expect(
      weekly([.sunday, .saturday, .monday], at: "07:05").text == "Every Mon, Sat, Sun at 07:05")
    #expect(
      ReminderSchedule.once(F.date("2026-11-03"), F.time("14:00")).text
        == "Once on 3 Nov 2026 at 14:00")
    #expect(weekly([]).text == "Never")
  }

  @Test func disabledHasNoOccurrencesButIsListed() {
    var h = Household()
    h.reminders = [reminder("pill", weekly(daily), enabled: false)]
    let clock = F.clock("2026-11-22T07:00:00+01:00")
    let all = HealthReminders.statuses(in: h, clock: clock)
    #expect(all.count == 1)
    #expect(all[0].nextOccurrence == nil)
    #expect(all[0].nextOccurrences.isEmpty)
    #expect(all[0].scheduleText == "Every day at 08:30")
    let week = HealthReminders.occurrences(
      of: h.reminders[0], from: clock.now, to: F.at("2026-11-29T00:00:00+01:00"), clock: clock)
    #expect(week.isEmpty)
  }

  @Test func doneTodayResetsNextDay() {
    let r = reminder("pill", weekly(daily), done: "2026-11-22")
    #expect(HealthReminders.status(of: r, clock: F.clock("2026-11-22T23:59:00+01:00")).doneToday)
    #expect(!HealthReminders.status(of: r, clock: F.clock("2026-11-23T00:00:00+01:00")).doneToday)
    // 23:30 UTC on the 22nd is already the 23rd in Berlin.
    #expect(!HealthReminders.status(of: r, clock: F.clock("2026-11-22T23:30:00Z")).doneToday)
  }

  @Test func overdueOneTimeReminders() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let past = ReminderSchedule.once(F.date("2026-11-20"), F.time("09:00"))
    let open = HealthReminders.status(of: reminder("a", past), clock: clock)
    #expect(open.overdue)
    #expect(open.ended)
    #expect(open.nextOccurrence == nil)
    #expect(
      !HealthReminders.status(of: reminder("b", past, done: "2026-11-21"), clock: clock).overdue)
    #expect(!HealthReminders.status(of: reminder("c", past, enabled: false), clock: clock).overdue)

    let future = ReminderSchedule.once(F.date("2026-11-23"), F.time("08:30"))
    let ahead = HealthReminders.status(of: reminder("d", future), clock: clock)
    #expect(!ahead.overdue)
    #expect(F.utcTexts(ahead.nextOccurrences) == ["2026-11-23T07:30:00Z"])
    let done = HealthReminders.status(of: reminder("e", future, done: "2026-11-22"), clock: clock)
    #expect(done.nextOccurrence == nil)
    #expect(done.doneToday)
  }

  @Test func occurrencesBetweenTwoInstantsAreInclusive() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let s = weekly(monWedFri)
    let list = s.occurrences(
      from: F.at("2026-11-23T08:30:00+01:00"), to: F.at("2026-11-30T08:30:00+01:00"), clock: clock)
    #expect(
      F.utcTexts(list) == [
        "2026-11-23T07:30:00Z", "2026-11-25T07:30:00Z", "2026-11-27T07:30:00Z",
        "2026-11-30T07:30:00Z",
      ])
    #expect(
      s.occurrences(from: F.at("2026-11-30T08:30:00+01:00"), to: clock.now, clock: clock).isEmpty)
  }

  @Test func occurrencesInAZoneFarFromUTC() {
    // Auckland is +13:00 in November: 08:30 local on Monday 23 Nov is 19:30 UTC on the 22nd.
    let auckland = TimeZone(identifier: "Pacific/Auckland")!
    let clock = F.clock("2026-11-22T12:00:00Z", auckland)
    let list = weekly([.monday]).occurrences(
      from: F.at("2026-11-22T00:00:00Z"), to: F.at("2026-11-23T00:00:00Z"), clock: clock)
    #expect(F.utcTexts(list) == ["2026-11-22T19:30:00Z"])
    #expect(list.map(clock.isoText) == ["2026-11-23T08:30:00+13:00"])
  }

  @Test func orderOverdueThenNextThenNone() {
    var h = Household()
    h.reminders = [
      reminder("later", weekly([.wednesday])),
      reminder("off", weekly(daily), enabled: false),
      reminder("soon", weekly([.monday])),
      reminder("missed", .once(F.date("2026-11-01"), F.time("09:00"))),
    ]
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    #expect(
      HealthReminders.statuses(in: h, clock: clock).map(\.reminder.id) == [
        "missed", "soon", "later", "off",
      ])
  }

  @Test func countOfZeroStillGivesTheNextOccurrence() {
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let s = HealthReminders.status(of: reminder("a", weekly([.monday])), clock: clock, count: 0)
    #expect(F.utcTexts([s.nextOccurrence].compactMap { $0 }) == ["2026-11-23T07:30:00Z"])
    #expect(s.nextOccurrences.isEmpty)
    #expect(!s.ended)
  }

  @Test func emptyData() {
    #expect(
      HealthReminders.statuses(in: Household(), clock: F.clock("2026-11-22T10:00:00Z")).isEmpty)
    #expect(
      weekly([]).nextOccurrences(
        3, atOrAfter: Date(timeIntervalSince1970: 0), clock: F.clock("2026-11-22T10:00:00Z")
      ).isEmpty)
  }
}

/// "Last done" is the latest dose marked done by now, or the `done:` date when later; a
/// `done:` after today has not happened yet.
@Suite struct ReminderLastDoneTests {
  typealias F = TimeFixture

  @Test func lastDoneComesFromTheDosesAndNeverFromTheFuture() {
    let daily = ReminderSchedule.weekly(
      WeeklySchedule(time: F.time("08:00"), days: Set(Weekday.allCases), starts: nil, until: nil))
    var r = Reminder(meta: F.meta("iron"), title: "Iron", schedule: daily)
    var taken = Dose(
      meta: F.meta("2026/11#1"), reminder: "iron", at: F.at("2026-11-20T08:05:00+01:00"))
    taken.due = F.at("2026-11-20T08:00:00+01:00")
    var skipped = Dose(
      meta: F.meta("2026/11#2"), reminder: "iron", at: F.at("2026-11-21T08:05:00+01:00"))
    skipped.status = .skipped
    let later = Dose(
      meta: F.meta("2026/11#3"), reminder: "iron", at: F.at("2026-11-25T08:05:00+01:00"))
    let clock = F.clock("2026-11-22T10:00:00+01:00")
    let s = HealthReminders.status(of: r, clock: clock, doses: [taken, skipped, later])
    #expect(s.lastDone == F.date("2026-11-20"))
    r.done = F.date("2026-11-21")
    #expect(
      HealthReminders.status(of: r, clock: clock, doses: [taken]).lastDone == F.date("2026-11-21"))
    // A one-time check-up marked done on a day after "now" is still due at "now".
    var once = Reminder(
      meta: F.meta("dentist"), title: "Dentist",
      schedule: .once(F.date("2026-11-23"), F.time("14:15")))
    once.done = F.date("2026-11-23")
    let before = HealthReminders.status(of: once, clock: clock)
    #expect(before.nextOccurrence != nil && before.lastDone == nil)
    let after = HealthReminders.status(of: once, clock: F.clock("2026-11-24T10:00:00+01:00"))
    #expect(after.nextOccurrence == nil && !after.overdue && after.lastDone == F.date("2026-11-23"))
  }
}
