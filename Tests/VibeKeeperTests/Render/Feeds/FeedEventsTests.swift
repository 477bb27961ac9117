import Foundation
import Testing

@testable import VibeKeeper

/// Feed events from small households, at 2026-11-22 10:00 Europe/Berlin unless told.
enum FeedFixture {
  static let settings = """
    timezone: Europe/Berlin
    currency: EUR
    base_url: https://home.example.org/
    occasions:
      lead_days: 10
      reminder_time: "09:00"
    pantry:
      warn_days: 3
    """

  /// The events of a data folder made of `files` (plus `vibekeeper.yml` unless given).
  static func events(
    _ files: [String: String], now: String = "2026-11-22T10:00:00+01:00"
  ) throws -> [FeedEvent] {
    var all = files
    if all["vibekeeper.yml"] == nil { all["vibekeeper.yml"] = settings }
    let household = try load(all).household
    let clock = LocalClock(now: TimeFixture.at(now), timeZone: household.settings.timeZone)
    let analysis = HouseholdAnalysis(household, clock: clock)
    return FeedEvents.all(
      FeedInputs(household: household, analysis: analysis, stamps: FeedStamps()))
  }

  /// The ICS texts of an event's time fields.
  static func dtstart(_ e: FeedEvent, zone: String = "Europe/Berlin") -> String {
    let clock = LocalClock(now: Date(), timeZone: TimeZone(identifier: zone)!)
    return ICSFormat(clock: clock).start(e.start)
  }
}

@Suite struct FeedOccasionTests {
  @Test func leapDayBirthdayFallsOnceEveryYear() throws {
    let feb28 = try FeedFixture.events([
      "contacts/tomas.md": "---\nname: Tomás\nbirthday: 1996-02-29\n---\n"
    ]).filter { $0.kind == .birthday }
    #expect(
      feb28.map { "\($0.start.date) \($0.summary)" } == [
        "2025-02-28 Tomás turns 29", "2026-02-28 Tomás turns 30", "2027-02-28 Tomás turns 31",
        "2028-02-29 Tomás turns 32",
      ])
    #expect(
      feb28.map(\.uid) == (2025...2028).map { "birthday-tomas-\($0)@vibekeeper" })
    let mar1 = try FeedFixture.events([
      "contacts/tomas.md": "---\nname: Tomás\nbirthday: 1996-02-29\nleap_birthday: mar1\n---\n"
    ]).filter { $0.kind == .birthday }
    #expect(
      mar1.map(\.start.date.description) == [
        "2025-03-01", "2026-03-01", "2027-03-01", "2028-02-29",
      ])
    #expect(mar1.allSatisfy { FeedFixture.dtstart($0).hasPrefix(";VALUE=DATE:") })
  }

  @Test func agesAlarmsAndTheVisibleLeadEvent() throws {
    let events = try FeedFixture.events([
      "contacts/family/ana.md": "---\nname: Ana\nbirthday: 1992-12-05\n---\n",
      "contacts/bo.md": "---\nname: Bo\nbirthday: --01-10\n---\n",
      "gifts/lamp.md": "---\ntitle: Lamp\nfor: family/ana\nprice: 45\n---\n",
      "gifts/book.md": "---\ntitle: Book, signed\nfor: family/ana\noccasion: birthday\n---\n",
    ])
    let ana = events.filter { $0.id == "family/ana" && $0.start.date.year == 2026 }
    #expect(ana.map(\.kind) == [.gift, .birthday])
    let birthday = try #require(ana.last)
    #expect(birthday.summary == "Ana turns 34")
    #expect(birthday.uid == "birthday-family-ana-2026@vibekeeper")
    #expect(birthday.url == "https://home.example.org/contacts/family/ana.html")
    // One alarm, before the all-day start (Outlook keeps one and drops any after it): the
    // day before at 09:00, relative, so no time zone is involved.
    #expect(birthday.alarms.map(\.trigger) == [":-PT15H"])
    #expect(birthday.alarms.map(\.description) == ["Tomorrow: Ana turns 34"])
    #expect(
      birthday.description == "Gift ideas for Ana:\n- Book, signed\n- Lamp (45.00 EUR)")
    let lead = try #require(ana.first)
    #expect(lead.start == .allDay(LocalDate(year: 2026, month: 11, day: 25)!))
    #expect(lead.summary == "Gift for Ana: birthday in 10 days")
    #expect(lead.description == birthday.description)
    #expect(lead.uid == "gift-birthday-family-ana-2026@vibekeeper")
    #expect(lead.alarms.map(\.trigger) == [":-PT15H"])
    // Unknown year: no age.
    let bo = events.filter { $0.kind == .birthday && $0.id == "bo" }
    #expect(bo.map(\.summary) == Array(repeating: "Bo's birthday", count: 4))
    #expect(bo.map(\.start.date.description).first == "2025-01-10")
  }

  @Test func occasionsOncePerYearOrOnce() throws {
    let events = try FeedFixture.events([
      "contacts/ana.md": "---\nname: Ana\n---\n",
      "occasions/wedding.md":
        "---\ntitle: Wedding\ndate: 2020-06-12\nrecurring: yearly\ncontact: ana\n---\n",
      "occasions/xmas.yml": "title: Christmas\ndate: 2020-12-25\nrecurring: yearly\n",
      "occasions/party.md": "---\ntitle: Party\ndate: 2026-12-31\n---\n",
    ]).filter { $0.kind == .occasion }
    #expect(
      events.map { "\($0.start.date) \($0.summary) \($0.uid)" } == [
        "2025-06-12 Wedding (5 years) occasion-wedding-2025@vibekeeper",
        "2025-12-25 Christmas occasion-xmas-2025@vibekeeper",
        "2026-06-12 Wedding (6 years) occasion-wedding-2026@vibekeeper",
        "2026-12-25 Christmas occasion-xmas-2026@vibekeeper",
        "2026-12-31 Party occasion-party@vibekeeper",
        "2027-06-12 Wedding (7 years) occasion-wedding-2027@vibekeeper",
        "2027-12-25 Christmas occasion-xmas-2027@vibekeeper",
        "2028-06-12 Wedding (8 years) occasion-wedding-2028@vibekeeper",
        "2028-12-25 Christmas occasion-xmas-2028@vibekeeper",
      ])
  }
}

@Suite struct FeedReminderTests {
  @Test func weeklyRuleStartsOnTheFirstRealOccurrenceWithUntilInUTC() throws {
    // Starts on a Thursday; the first Mon/Wed/Fri is Friday 27 March, two days before the
    // DST change. 08:30 stays 08:30: DTSTART is local with TZID, UNTIL is 08:30 CEST in UTC.
    let events = try FeedFixture.events([
      "reminders/iron.md": """
      ---
      title: Iron
      schedule:
        time: "08:30"
        days: [mon, wed, fri]
        starts: 2026-03-26
        until: 2026-04-30
      ---
      """
    ])
    let e = try #require(events.first)
    #expect(events.count == 1)
    #expect(FeedFixture.dtstart(e) == ";TZID=Europe/Berlin:20260327T083000")
    #expect(
      try ICSFormat.rrule(#require(e.weekly)) == "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260430T063000Z"
    )
    #expect(e.alarms.map(\.trigger) == [":PT0S"])
    #expect(e.uid == "reminder-iron@vibekeeper")
    // The local wall time is the same on both sides of the change; the instants differ.
    let clock = LocalClock(now: Date(), timeZone: TimeFixture.berlin)
    #expect(
      TimeFixture.utcTexts([
        clock.instant(LocalDate(year: 2026, month: 3, day: 27)!, TimeFixture.time("08:30")),
        clock.instant(LocalDate(year: 2026, month: 3, day: 30)!, TimeFixture.time("08:30")),
      ]) == ["2026-03-27T07:30:00Z", "2026-03-30T06:30:00Z"])
  }

  @Test func oneTimeRemindersAreSingleEventsAndDisabledOnesAreLeftOut() throws {
    let events = try FeedFixture.events([
      "reminders/dentist.md": "---\ntitle: Dentist\nat: 2026-12-03T14:15\n---\n",
      "reminders/off.md":
        "---\ntitle: Off\nenabled: false\nschedule:\n  time: \"08:00\"\n  days: daily\n---\n",
      "reminders/never.md": "---\ntitle: Gone\nschedule:\n  time: \"08:00\"\n  days: [mon]\n"
        + "  starts: 2026-11-03\n  until: 2026-11-08\n---\n",
    ])
    #expect(events.map(\.id) == ["dentist"])
    let e = try #require(events.first)
    #expect(FeedFixture.dtstart(e) == ";TZID=Europe/Berlin:20261203T141500")
    #expect(e.weekly == nil)
    #expect(e.durationMinutes == 15)
    #expect(e.alarms.map(\.trigger) == [":PT0S"])
  }

  /// A one-time reminder done by `done:` (ahead of its time) or by a dose more than 30
  /// days ago is marked in the feed, without its alarm, as the reports have it.
  @Test func aOneTimeReminderDoneIsMarkedHoweverAndWhenever() throws {
    let events = try FeedFixture.events([
      "reminders/flu.md": "---\ntitle: Flu shot\nat: 2026-11-25T09:00\ndone: 2026-11-21\n---\n",
      "reminders/blood.md": "---\ntitle: Blood test\nat: 2026-09-10T08:15\n---\n",
      "doses/2026/09.yml":
        "- {reminder: blood, due: 2026-09-10T08:15, at: 2026-09-10T08:20, status: done}\n",
    ])
    let byID = Dictionary(uniqueKeysWithValues: events.map { ($0.id, $0) })
    #expect(byID["flu"]?.summary == "✓ Flu shot")
    #expect(byID["flu"]?.alarms.isEmpty == true)
    #expect(byID["blood"]?.summary == "✓ Blood test")
    #expect(byID["blood"]?.alarms.isEmpty == true)
  }

  @Test func withoutStartsTheRuleStartsAtTheRecordsStamp() throws {
    let events = try FeedFixture.events([
      "reminders/daily.md":
        "---\ntitle: Daily\nupdated: 2026-11-18\nschedule:\n  time: \"21:00\"\n  days: [sun]\n---\n"
    ])
    // 18 November 2026 is a Wednesday; the first Sunday on or after it is the 22nd.
    #expect(events.map { FeedFixture.dtstart($0) } == [";TZID=Europe/Berlin:20261122T210000"])
    #expect(events.map { ICSFormat.utc($0.stamp) } == ["20261118T000000Z"])
  }

  @Test func utcZoneWritesUTCTimesWithoutTZID() throws {
    let events = try FeedFixture.events([
      "vibekeeper.yml": "timezone: UTC\n",
      "reminders/r.md": "---\ntitle: R\nat: 2026-12-03T14:15\n---\n",
    ])
    #expect(events.map { FeedFixture.dtstart($0, zone: "UTC") } == [":20261203T141500Z"])
  }
}

@Suite struct FeedOtherEventTests {
  static let purchases = """
    - {date: 2026-11-01, item: milk, price: 1.29}
    - {date: 2026-11-10, item: milk, price: 1.29}
    - {date: 2026-11-19, item: milk, price: 1.29, expires: 2026-11-25}
    - {date: 2026-11-19, name: Cake, price: 3, expires: 2026-11-20, used: 2026-11-20}
    """

  @Test func pantryExpiryWithAlarmWarnDaysBefore() throws {
    let events = try FeedFixture.events([
      "items/milk.md": "---\nname: Oat milk\nunit: l\n---\n",
      "purchases/p.yml": Self.purchases,
    ]).filter { $0.kind == .pantry }
    #expect(events.count == 1)
    let e = try #require(events.first)
    #expect(e.summary == "Oat milk expires")
    #expect(e.start == .allDay(LocalDate(year: 2026, month: 11, day: 25)!))
    // 3 days before at 09:00, relative to the all-day start: 3 days less 9 hours.
    #expect(e.alarms.map(\.trigger) == [":-P2DT15H"])
    #expect(e.alarms.map(\.description) == ["Oat milk expires in 3 days"])
    #expect(e.url == "https://home.example.org/items/milk.html")
  }

  @Test func shoppingOnTheNextExpectedPurchase() throws {
    let events = try FeedFixture.events([
      "items/milk.md": "---\nname: Oat milk\n---\n", "purchases/p.yml": Self.purchases,
    ]).filter { $0.kind == .shopping }
    // Every 9 days: 19 November + 9.
    #expect(events.map(\.summary) == ["Oat milk: you usually buy it every 9 days"])
    #expect(events.map(\.start) == [.allDay(LocalDate(year: 2026, month: 11, day: 28)!)])
    #expect(events.map(\.uid) == ["shopping-milk@vibekeeper"])
  }

  static let games = [
    "games/wordle.md": "---\nname: Wordle\n---\n",
    "games/chess.md": "---\nname: Chess\n---\n",
    "results/r.yml": """
    - {game: wordle, date: 2026-11-20}
    - {game: wordle, date: 2026-11-21}
    - {game: chess, date: 2026-11-22}
    """,
  ]

  @Test func streakEventOnlyTodayWhenRemindersAreOnAndAGameIsAtRisk() throws {
    var files = Self.games
    files["vibekeeper.yml"] =
      FeedFixture.settings + "\nstreaks:\n  reminder_time: \"19:30\"\n  smart: false\n"
    let events = try FeedFixture.events(files).filter { $0.kind == .streak }
    #expect(events.map(\.summary) == ["Keep your streaks: Wordle (2 days)"])
    let e = try #require(events.first)
    #expect(FeedFixture.dtstart(e) == ";TZID=Europe/Berlin:20261122T193000")
    #expect(e.uid == "streak-2026-11-22@vibekeeper")
    #expect(e.alarms.map(\.trigger) == [":PT0S"])
    // Off: none, smart or not.
    files["vibekeeper.yml"] =
      FeedFixture.settings + "\nstreaks:\n  reminders: false\n  smart: true\n"
    #expect(try FeedFixture.events(files).filter { $0.kind == .streak }.isEmpty)
    // Nothing at risk: none.
    files = Self.games
    files["results/r.yml"] = "- {game: wordle, date: 2026-11-22}\n"
    #expect(try FeedFixture.events(files).filter { $0.kind == .streak }.isEmpty)
  }

  @Test func budgetLastDayWithItsState() throws {
    let events = try FeedFixture.events([
      "budgets/nov.yml":
        "title: November\namount: 300\ncurrency: EUR\nstart: 2026-11-01\nend: 2026-11-30\n",
      "budgets/old.yml":
        "title: Old\namount: 10\nstart: 2026-01-01\nend: 2026-01-31\nactive: false\n",
      "purchases/p.yml": "- {date: 2026-11-02, name: Food, price: 120}\n",
    ]).filter { $0.kind == .budget }
    #expect(events.map(\.summary) == ["November ends: 120.00 EUR of 300.00 EUR spent"])
    #expect(events.map(\.start) == [.allDay(LocalDate(year: 2026, month: 11, day: 30)!)])
    #expect(
      events.first?.description
        == "State: current.\nSpent 120.00 EUR of 300.00 EUR (40%).\nLeft: 180.00 EUR.")
  }
}

@Suite struct FeedFormatTests {
  @Test func uidsAreSafeAndStable() {
    #expect(ICSFormat.uidPart("family/mom") == "family-mom")
    #expect(ICSFormat.uidPart("a b,c;d\r\nATTENDEE:x") == "a-b-c-d-ATTENDEE-x")
    #expect(ICSFormat.uidPart("Zoë 🎉") == "Zo-")
    #expect(ICSFormat.uidPart("") == "x")
  }

  @Test func idsThatCollideAsUIDsGetAHashSuffix() throws {
    let events = try FeedFixture.events([
      "contacts/family/mom.md": "---\nname: A\nbirthday: --05-01\n---\n",
      "contacts/family-mom.md": "---\nname: B\nbirthday: --05-01\n---\n",
      "contacts/dad.md": "---\nname: C\nbirthday: --05-01\n---\n",
    ]).filter { $0.kind == .birthday && $0.start.date.year == 2026 }
    #expect(
      events.map(\.uid) == [
        "birthday-dad-2026@vibekeeper",
        "birthday-family-mom-2026-\(FeedEvents.fnv1a("family-mom"))@vibekeeper",
        "birthday-family-mom-2026-\(FeedEvents.fnv1a("family/mom"))@vibekeeper",
      ])
    #expect(FeedEvents.fnv1a("") == "811c9dc5")
    #expect(FeedEvents.fnv1a("a") == "e40c292c")
  }

  @Test func urisCannotCarryLineBreaks() {
    #expect(
      ICSFormat.uri("https://x.org/a b\r\nATTENDEE:é") == "https://x.org/a%20b%0D%0AATTENDEE:%C3%A9"
    )
    #expect(ICSFormat.uri("https://x.org/a,b;c?d=1") == "https://x.org/a,b;c?d=1")
  }

  @Test func durationsAndDates() {
    #expect(ICSFormat.duration(minutes: 15) == "PT15M")
    #expect(ICSFormat.duration(minutes: 90) == "PT1H30M")
    #expect(ICSFormat.duration(minutes: 0) == "PT0S")
    #expect(ICSFormat.date(LocalDate(year: 2028, month: 2, day: 29)!) == "20280229")
    #expect(ICSFormat.utc(TimeFixture.at("2026-03-29T01:00:00Z")) == "20260329T010000Z")
  }

  /// UTC stamps by day arithmetic agree with a Gregorian calendar in UTC: the epoch, before
  /// it, a leap day, a year's last second, fractions rounded down, a far year.
  @Test func utcStampsAgreeWithTheCalendar() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
    let seconds: [TimeInterval] = [
      0, -1, -0.5, 86_399.999, 951_868_799, 1_709_251_199, 1_798_761_599, 1_798_761_600,
      1_795_341_600.25, 4_102_444_800, -2_208_988_800, 253_402_300_799, -12_219_292_800,
      -12_219_292_801, -62_135_596_800,
    ]
    for s in seconds {
      let instant = Date(timeIntervalSince1970: s)
      let c = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: instant)
      let expected = String(
        format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
        c.minute ?? 0, c.second ?? 0)
      #expect(ICSFormat.utc(instant) == expected, "\(s)")
    }
    #expect(ICSFormat.utc(Date(timeIntervalSince1970: 1_709_251_199)) == "20240229T235959Z")
    #expect(ICSFormat.utc(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
    // iCalendar has no year 10000: the last second of 9999.
    #expect(ICSFormat.utc(Date(timeIntervalSince1970: 253_402_300_800)) == "99991231T235959Z")
    #expect(ICSFormat.utc(Date(timeIntervalSince1970: 1e15)) == "99991231T235959Z")
  }
}
