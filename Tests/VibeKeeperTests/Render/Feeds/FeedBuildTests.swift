import Foundation
import Testing

@testable import VibeKeeper

/// Feeds through the whole build: the state kept for SEQUENCE, stable bytes from day to
/// day, stamps and the generated VTIMEZONE.
@Suite struct FeedBuildTests {
  static let files = [
    "data/vibekeeper.yml": "timezone: Europe/Berlin\noccasions:\n  lead_days: 10\n",
    "data/contacts/ana.md": "---\nname: Ana\nbirthday: 1992-12-05\nupdated: 2026-10-01\n---\n",
    "data/reminders/iron.md": """
    ---
    title: Iron
    updated: 2026-11-01
    schedule:
      time: "08:30"
      days: [mon, wed, fri]
      starts: 2026-10-05
    ---
    """,
    "data/reminders/dentist.md": "---\ntitle: Dentist\nat: 2026-12-03T14:15\n---\n",
  ]

  /// Builds `data` into `output` at a Berlin local time.
  static func build(_ data: URL, into output: URL, at now: String) -> SiteBuild.Outcome {
    let build = SiteBuild(
      data: data, dataDisplay: "data", templates: nil, templatesDisplay: nil, output: output)
    return build.run(clock: {
      LocalClock(now: NowOption.parse(now, timeZone: $0.timeZone)!, timeZone: $0.timeZone)
    })
  }

  static func text(_ url: URL, _ name: String) -> String {
    String(
      decoding: FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
        ?? Data(), as: UTF8.self)
  }

  /// The SEQUENCE of the event with `uid` in a feed text.
  static func sequence(of uid: String, in feed: String) -> String? {
    let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
    let events = unfolded.components(separatedBy: "BEGIN:VEVENT").filter {
      $0.contains("UID:" + uid + "\r\n")
    }
    return events.first?.components(separatedBy: "\r\n").first { $0.hasPrefix("SEQUENCE:") }
  }

  @Test func sequenceGoesUpWhenAReminderTimeChanges() throws {
    let root = try TempFolder(Self.files)
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let out = root.url.appendingPathComponent("site")
    let iron = "reminder-iron@vibekeeper"
    let dentist = "reminder-dentist@vibekeeper"
    #expect(Self.build(data, into: out, at: "2026-11-22T10:00").failure == nil)
    var feed = Self.text(out, "reminders.ics")
    #expect(Self.sequence(of: iron, in: feed) == "SEQUENCE:0")
    // The time changes: one more. The dentist is unchanged: stays 0.
    try root.write(
      "data/reminders/iron.md",
      Data(
        Self.files["data/reminders/iron.md"]!.replacingOccurrences(of: "08:30", with: "09:15").utf8)
    )
    #expect(Self.build(data, into: out, at: "2026-11-22T10:00").failure == nil)
    feed = Self.text(out, "reminders.ics")
    #expect(Self.sequence(of: iron, in: feed) == "SEQUENCE:1")
    #expect(Self.sequence(of: dentist, in: feed) == "SEQUENCE:0")
    #expect(feed.contains("DTSTART;TZID=Europe/Berlin:20261005T091500\r\n"))
    // Unchanged again: stays 1; the state file says so.
    #expect(Self.build(data, into: out, at: "2026-11-22T10:00").failure == nil)
    #expect(Self.sequence(of: iron, in: Self.text(out, "reminders.ics")) == "SEQUENCE:1")
    // The state is kept beside the published site, not in it.
    #expect(
      !FileManager.default.fileExists(atPath: out.appendingPathComponent("feeds-state.json").path))
    let published = try #require(Publisher(output: out, protecting: []).publishedState())
    let state = try #require(BuildState(bytes: published)?.feeds)
    #expect(state.events[iron]?.sequence == 1)
    #expect(
      state.events[iron]?.fingerprint
        == "DTSTART;TZID=Europe/Berlin:20261005T091500 DURATION:PT15M RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"
    )
    // A fresh output folder knows nothing: back to 0.
    let fresh = root.url.appendingPathComponent("fresh")
    #expect(Self.build(data, into: fresh, at: "2026-11-22T10:00").failure == nil)
    #expect(Self.sequence(of: iron, in: Self.text(fresh, "reminders.ics")) == "SEQUENCE:0")
  }

  /// Builds the fixture twice into fresh folders, at two local times; the folder to remove
  /// and the two outputs.
  static func twoBuilds(_ first: String, _ second: String) throws -> (TempFolder, URL, URL) {
    let root = try TempFolder(Self.files)
    let data = root.url.appendingPathComponent("data")
    let a = root.url.appendingPathComponent("a")
    let b = root.url.appendingPathComponent("b")
    #expect(Self.build(data, into: a, at: first).failure == nil)
    #expect(Self.build(data, into: b, at: second).failure == nil)
    return (root, a, b)
  }

  @Test func unchangedEventsAreByteIdenticalTomorrow() throws {
    let (root, a, b) = try Self.twoBuilds("2026-11-22T10:00", "2026-11-23T18:45")
    defer { root.cleanup() }
    #expect(Self.text(a, "reminders.ics") == Self.text(b, "reminders.ics"))
    #expect(Self.text(a, "occasions.ics") == Self.text(b, "occasions.ics"))
    let feed = Self.text(a, "reminders.ics")
    // Stamps from `updated:`, else the fixed stamp, never the build time.
    #expect(feed.contains("DTSTAMP:20261101T000000Z\r\n"))
    #expect(feed.contains("DTSTAMP:20000101T000000Z\r\n"))
    #expect(Self.text(a, "occasions.ics").contains("LAST-MODIFIED:20261001T000000Z\r\n"))
  }

  @Test func sameDataAndNowGiveTheSameBytes() throws {
    let (root, a, b) = try Self.twoBuilds("2026-11-22T10:00", "2026-11-22T10:00")
    defer { root.cleanup() }
    for name in [
      "calendar.ics", "occasions.ics", "reminders.ics", "pantry.ics", "shopping.ics",
      "streaks.ics",
    ] {
      #expect(!Self.text(a, name).isEmpty, "\(name) missing")
      #expect(Self.text(a, name) == Self.text(b, name), "\(name) differs")
    }
  }

  @Test func stateForgetsEventsLongGone() {
    let clock = LocalClock(now: TimeFixture.at("2026-11-22T10:00:00+01:00"), timeZone: .gmt)
    let format = ICSFormat(clock: clock)
    var previous = FeedState()
    let entry = { (start: String) in
      FeedState.Entry(fingerprint: "DTSTART;VALUE=DATE:\(start) DTEND;VALUE=DATE:x", sequence: 2)
    }
    previous.events["old"] = entry("20251120")
    previous.events["recent"] = entry("20251121")
    previous.events["odd"] = FeedState.Entry(fingerprint: "?", sequence: 0)
    var e = FeedEvent(
      kind: .budget, id: "b", uid: "old", summary: "B", description: "",
      start: .allDay(LocalDate(year: 2026, month: 12, day: 1)!), stamp: FeedStamps.fixed)
    let (events, state) = FeedSequence.apply([e], previous: previous, format: format)
    // Still published: kept and, its time changed, one more.
    #expect(events.map(\.sequence) == [3])
    #expect(state.events.keys.sorted() == ["odd", "old", "recent"])
    e.uid = "new"
    let (_, later) = FeedSequence.apply([e], previous: previous, format: format)
    #expect(later.events.keys.sorted() == ["new", "odd", "recent"])
    #expect(
      FeedSequence.startDate(of: "DTSTART;TZID=Europe/Berlin:20261005T083000 X") == "20261005")
  }

  @Test func gitLogGivesEachPathItsNewestCommit() {
    let log =
      "commit 1700000300\n\ncontacts/a.md\nreminders/r.md\ncommit 1700000100\n\ncontacts/a.md\ngifts/g.md\n"
    let commits = GitCommitTimes.parse(log)
    #expect(commits["contacts/a.md"] == Date(timeIntervalSince1970: 1_700_000_300))
    #expect(commits["gifts/g.md"] == Date(timeIntervalSince1970: 1_700_000_100))
    #expect(commits.count == 3)
    let stamps = FeedStamps(commits: commits)
    let loc = SourceLocation(file: "x", line: 1, column: 1)
    #expect(
      stamps.stamp(
        RecordMeta(
          id: "a", location: loc, path: "contacts/a.md", updated: LocalDate(iso: "2020-01-01")))
        == Date(timeIntervalSince1970: 1_700_000_300))
    #expect(
      stamps.stamp(
        RecordMeta(
          id: "b", location: loc, path: "contacts/b.md", updated: LocalDate(iso: "2020-01-02")))
        == Date(timeIntervalSince1970: 1_577_923_200))
    #expect(
      stamps.stamp(RecordMeta(id: "c", location: loc, path: "contacts/c.md")) == FeedStamps.fixed)
    // Not a repository: no commit times.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vk-nogit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(GitCommitTimes.read(dataFolder: folder).isEmpty)
  }

  @Test func bundledDataTakesStampsFromGitWhenInARepository() {
    let stamps = FeedStamps(
      commits: GitCommitTimes.read(dataFolder: repositoryRoot.appendingPathComponent("data")))
    // In a checkout the history knows the settings file; in an export there is none.
    if !stamps.commits.isEmpty { #expect(stamps.commits["vibekeeper.yml"] != nil) }
  }
}

@Suite struct VTimeZoneTests {
  /// The lines without TZNAME (the abbreviation differs between platforms' time zone data).
  static func lines(_ zone: String, _ from: Int, _ to: Int) -> [String] {
    VTimeZone.lines(for: TimeZone(identifier: zone)!, fromYear: from, toYear: to)
      .filter { !$0.hasPrefix("TZNAME:") }
  }

  @Test func berlinHasTwoYearlyRules() {
    #expect(
      Self.lines("Europe/Berlin", 2025, 2036) == [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:STANDARD", "DTSTART:20251026T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:20250330T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "END:VTIMEZONE",
      ])
  }

  @Test func aRuleThatEndedIsClosed() {
    // Brazil dropped DST in 2019: the rules end with UNTIL, nothing goes on after.
    let lines = Self.lines("America/Sao_Paulo", 2017, 2030)
    #expect(!lines.contains { $0.hasPrefix("RRULE:") && !$0.contains("UNTIL=") })
    // UNTIL is a day after the last transition (17 February 2019, 02:00 UTC): the same
    // transitions, and no reader comparing it with local time drops the last one.
    #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYDAY=3SU;UNTIL=20190218T020000Z"))
    #expect(lines.filter { $0 == "BEGIN:DAYLIGHT" }.count == 2)
  }

  @Test func zonesWithoutChangesAndUTC() {
    #expect(
      Self.lines("Asia/Tokyo", 2025, 2036) == [
        "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
      ])
    // UTC: one component no event refers to, so a feed without events is still valid.
    #expect(
      VTimeZone.lines(for: TimeZone(identifier: "UTC")!, fromYear: 2025, toYear: 2036) == [
        "BEGIN:VTIMEZONE", "TZID:UTC", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:UTC", "END:STANDARD", "END:VTIMEZONE",
      ])
  }
}
