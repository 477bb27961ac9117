import Foundation
import Testing

@testable import VibeKeeper

/// Each scheduled occurrence is done, skipped, missed or upcoming; the last 30 days give
/// the adherence.
@Suite struct ReminderAdherenceTests {
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  func household() throws -> Household {
    try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/pills.md": """
      ---
      title: Pills
      category: medication
      created: 2026-11-20
      schedule: {time: "08:00", days: daily}
      ---

      """,
      "reminders/drops.md": """
      ---
      title: Drops
      created: 2026-11-20
      schedule: {time: "21:00", days: daily}
      ---

      """,
      "doses/2026/11.yml": """
      - {reminder: pills, due: 2026-11-20T08:00, at: 2026-11-20T08:05}
      - {reminder: pills, due: 2026-11-21T08:00, at: 2026-11-21T09:00, status: skipped}
      - {reminder: pills, at: 2026-11-23T07:55}
      - {reminder: pills, due: 2026-11-24T08:00, at: 2026-11-24T08:01}

      """,
    ]).household
  }

  @Test func todayAndTheLastDays() throws {
    let h = try household()
    let clock = LocalClock(now: utc("2026-11-24T19:00"), timeZone: berlin)  // 20:00 Berlin
    let statuses = Dictionary(
      uniqueKeysWithValues: HealthReminders.statuses(in: h, clock: clock).map {
        ($0.reminder.id, $0)
      })
    let pills = try #require(statuses["pills"])
    #expect(pills.today.map(\.state) == [.done])
    #expect(pills.doneToday)
    // 20 done, 21 skipped, 22 missed, 23 done (a dose without `due`), 24 done.
    #expect(
      (pills.adherence.done, pills.adherence.skipped, pills.adherence.missed) == (3, 1, 1))
    #expect(pills.adherence.percentDone == 60)
    #expect(pills.adherence.days.count == 30)
    #expect(pills.adherence.days.filter { $0.scheduled > 0 }.count == 5)
    // Drops at 21:00: still to do at 20:00, missed the days before.
    let drops = try #require(statuses["drops"])
    #expect(drops.today.map(\.state) == [.upcoming])
    #expect(!drops.doneToday)
    #expect(drops.adherence.missed == 4)
    // At 22:00 today's drops are missed, shown until the day ends.
    let late = LocalClock(now: utc("2026-11-24T21:00"), timeZone: berlin)
    let missed = HealthReminders.status(
      of: try #require(h.reminders.first { $0.id == "drops" }), clock: late)
    #expect(missed.missedToday)
    let tomorrow = LocalClock(now: utc("2026-11-25T05:00"), timeZone: berlin)
    #expect(
      !HealthReminders.status(
        of: try #require(h.reminders.first { $0.id == "drops" }), clock: tomorrow
      ).missedToday)
  }

  /// A dose not marked is to do until `notify.missed_after` has passed (the moment `notify`
  /// sends its missed follow-up), then missed; with `0`, missed as soon as it is due.
  @Test func aDoseIsMissedOnceMissedAfterHasPassed() throws {
    let h = try household()
    func drops(_ now: String, in h: Household) throws -> ReminderStatus {
      let clock = LocalClock(now: utc(now), timeZone: berlin)
      return try #require(
        HealthReminders.statuses(in: h, clock: clock).first { $0.reminder.id == "drops" })
    }
    // 21:10 in Berlin: due ten minutes ago, still to do; not counted yet.
    let soon = try drops("2026-11-24T20:10", in: h)
    #expect(soon.today.map(\.state) == [.upcoming])
    #expect(!soon.missedToday)
    #expect(soon.adherence.missed == 4)
    // 21:31: past the 30 minutes, missed.
    let late = try drops("2026-11-24T20:31", in: h)
    #expect(late.today.map(\.state) == [.missed])
    #expect(late.adherence.missed == 5)
    // At 21:30 itself, as `notify` sends its missed follow-up.
    #expect(try drops("2026-11-24T20:30", in: h).today.map(\.state) == [.missed])
    var strict = h
    strict.settings.notify.missedAfter = 0
    #expect(try drops("2026-11-24T20:01", in: strict).today.map(\.state) == [.missed])
    // The report says the same.
    let clock = LocalClock(now: utc("2026-11-24T20:10"), timeZone: berlin)
    let report = Reports.reminders(h, analysis: HouseholdAnalysis(h, clock: clock))
    let row = report.tables[0].rows.first { $0[0] == "Drops" } ?? []
    #expect(row.last?.contains("4 missed") == true)
  }

  /// A one-time reminder is overdue as an occurrence turns missed: `notify.missed_after`
  /// after its time.
  @Test func aOneTimeReminderIsOverdueAfterMissedAfter() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/flu-shot.md": "---\ntitle: Flu shot\nat: 2026-11-24T10:00\n---\n",
    ]).household
    func status(_ now: String) -> ReminderStatus? {
      HealthReminders.statuses(in: h, clock: LocalClock(now: utc(now), timeZone: berlin)).first
    }
    #expect(status("2026-11-24T09:10")?.overdue == false)  // 10:10 in Berlin
    #expect(status("2026-11-24T09:30")?.overdue == true)
    #expect(status("2026-12-20T09:00")?.overdue == true)
  }

  @Test func theReportAndThePageShowIt() throws {
    let h = try household()
    let clock = LocalClock(now: utc("2026-11-24T19:00"), timeZone: berlin)
    let report = Reports.reminders(h, analysis: HouseholdAnalysis(h, clock: clock))
    let pills = report.tables[0].rows.first { $0[0] == "Pills" } ?? []
    #expect(pills.last == "60% (3 done, 1 skipped, 1 missed)")
    let json = report.json.serialized()
    #expect(json.contains(#""percent_done": 60"#))
  }

  /// A marked occurrence is overridden in the feed (RECURRENCE-ID, the series' UID, a mark
  /// in the title, no alarm); the series itself keeps its DTSTART and SEQUENCE.
  @Test func theFeedOverridesMarkedOccurrences() throws {
    let h = try household()
    var unmarked = h
    unmarked.doses = []
    let clock = LocalClock(now: utc("2026-11-24T19:00"), timeZone: berlin)
    func feeds(_ h: Household, _ previous: FeedState?) -> Feeds {
      Feeds(
        FeedInputs(
          household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: FeedStamps()),
        previous: previous)
    }
    let before = feeds(unmarked, nil)
    let after = feeds(h, before.state)
    let series = after.events.filter { $0.id == "pills" && $0.recurrence == nil }
    #expect(series.count == 1)
    #expect(series.first?.start == before.events.first { $0.id == "pills" }?.start)
    #expect(series.first?.sequence == 0)
    let overrides = after.events.filter { $0.id == "pills" && $0.recurrence != nil }
    #expect(overrides.map(\.summary) == ["✓ Pills", "Skipped: Pills", "✓ Pills", "✓ Pills"])
    #expect(overrides.allSatisfy { $0.alarms.isEmpty && $0.uid == series.first?.uid })
    #expect(overrides.allSatisfy { $0.recurrence == $0.start && $0.weekly == nil })
  }

  /// A dose of the slot the spring change skips (02:30 on 29 March 2026 in Berlin) overrides
  /// the series' own occurrence: RECURRENCE-ID 02:30, as the RRULE makes it, not 03:30.
  @Test func anOverrideInTheSkippedHourKeepsTheScheduleTime() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/night.md":
        "---\ntitle: Night\nschedule: {time: \"02:30\", days: daily, starts: 2026-03-25}\n---\n",
      "doses/2026/03.yml":
        "- {reminder: night, due: 2026-03-29T02:30, at: 2026-03-29T03:40, status: done}\n",
    ]).household
    let clock = LocalClock(now: utc("2026-03-31T08:00"), timeZone: berlin)
    let events = FeedEvents.all(
      FeedInputs(household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: FeedStamps()))
    let override = events.first { $0.id == "night" && $0.recurrence != nil }
    let time = try #require(TimeOfDay(hour: 2, minute: 30))
    #expect(override?.recurrence == .timed(LocalDate(year: 2026, month: 3, day: 29)!, time))
  }

  /// Two reminders whose ids give one UID (`a/b`, `a-b`) each keep their own: the series
  /// and the overrides of its doses get the same suffix, so no override is orphaned.
  @Test func overridesFollowTheirSeriesUID() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/a/b.md":
        "---\ntitle: Slash\nschedule: {time: \"09:00\", days: daily, starts: 2026-11-01}\n---\n",
      "reminders/a-b.md":
        "---\ntitle: Dash\nschedule: {time: \"09:00\", days: daily, starts: 2026-11-01}\n---\n",
      "doses/2026/12.yml": """
      - {reminder: a/b, due: 2026-12-01T09:00, at: 2026-12-01T09:05, status: done}
      - {reminder: a-b, due: 2026-12-01T09:00, at: 2026-12-01T09:06, status: done}

      """,
    ]).household
    let clock = LocalClock(now: utc("2026-12-03T10:00"), timeZone: berlin)
    let events = FeedEvents.all(
      FeedInputs(household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: FeedStamps()))
    for id in ["a/b", "a-b"] {
      let mine = events.filter { $0.id == id }
      let series = mine.filter { $0.recurrence == nil }
      #expect(series.count == 1)
      #expect(mine.count == 2)
      #expect(mine.allSatisfy { $0.uid == series.first?.uid })
    }
    let uids = Set(events.filter { $0.recurrence == nil }.map(\.uid))
    #expect(uids.count == events.filter { $0.recurrence == nil }.count)
    #expect(Set(events.map(\.uid)).count == 2)
  }

  /// A dose without `due` answers the first unanswered occurrence of its own day only: a
  /// line from another day does not make a one-time reminder done.
  @Test func aDoseOfAnotherDayDoesNotAnswerAOneTimeReminder() throws {
    func status(_ doses: String, _ now: String) throws -> ReminderStatus {
      let h = try load([
        "vibekeeper.yml": "timezone: Europe/Berlin\n",
        "reminders/once.md": "---\ntitle: Dentist\nat: 2026-11-25T14:15\n---\n",
        "doses/2026/11.yml": doses,
      ]).household
      let clock = LocalClock(now: utc(now), timeZone: berlin)
      return try #require(HealthReminders.statuses(in: h, clock: clock).first)
    }
    let other = "- {reminder: once, at: 2026-11-10T09:00}\n"
    #expect(try status(other, "2026-11-25T09:00").nextOccurrence != nil)
    #expect(try status(other, "2026-11-25T14:00").overdue)
    let sameDay = "- {reminder: once, at: 2026-11-25T13:50}\n"
    #expect(try status(sameDay, "2026-11-25T14:00").nextOccurrence == nil)
    #expect(try !status(sameDay, "2026-11-25T14:00").overdue)
  }

  /// The history begins on the day the first marked occurrence was due, so a dose marked
  /// the next morning counts; at its very minute an occurrence is upcoming, not missed.
  @Test func lateFirstDosesCountAndTheDueMinuteIsUpcoming() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/late.md":
        "---\ntitle: Late\nschedule: {time: \"23:59\", days: daily}\n---\n",
      "doses/2026/11.yml":
        "- {reminder: late, due: 2026-11-24T23:59, at: 2026-11-25T00:30, status: done}\n",
    ]).household
    let clock = LocalClock(now: utc("2026-11-26T09:00"), timeZone: berlin)
    let recent = ReminderHistory.recent(of: h.reminders[0], doses: h.doses, clock: clock)
    #expect(recent.map(\.state) == [.done, .missed, .upcoming])
    let atTheMinute = LocalClock(now: utc("2026-11-26T22:59"), timeZone: berlin)
    let now = ReminderHistory.recent(of: h.reminders[0], doses: h.doses, clock: atTheMinute)
    #expect(now.last?.state == .upcoming)
  }
}
