import Foundation
import Testing

@testable import VibeKeeper

@Suite struct TimeReportsTests {
  typealias F = TimeFixture

  /// A small household in Berlin: a birthday, a weekly reminder and a game with plays.
  func household() -> Household {
    var h = Household()
    h.settings.timeZone = F.berlin
    var mom = Contact(meta: F.meta("mom"), name: "Mom")
    mom.birthday = Birthday(month: 11, day: 30, year: 1960)
    h.contacts = [mom]
    var scarf = Gift(meta: F.meta("scarf"), title: "Scarf", currency: "EUR")
    scarf.recipient = "mom"
    scarf.price = Decimal(string: "24.9")
    h.gifts = [scarf]
    h.reminders = [
      Reminder(
        meta: F.meta("vitamin-d"), title: "Vitamin D",
        schedule: .weekly(
          WeeklySchedule(
            time: F.time("08:30"), days: [.monday, .wednesday, .friday],
            until: F.date("2027-04-30"))))
    ]
    h.games = [Game(meta: F.meta("wordle"), name: "Wordle")]
    h.results = (18...21).map { day in
      GameResult(
        meta: F.meta("r\(day)"), game: "wordle",
        when: .instant(F.at("2026-11-\(day)T22:15:00+01:00")))
    }
    return h
  }

  let clock = TimeFixture.clock("2026-11-22T10:00:00+01:00")

  @Test func occasionsReport() {
    let report = Reports.occasions(
      household(), analysis: HouseholdAnalysis(household(), clock: clock))
    #expect(report.topic == "occasions")
    #expect(
      report.json.serialized() == """
        {
          "today": "2026-11-22",
          "horizon_days": 30,
          "lead_days": 7,
          "reminder_time": "09:00",
          "occasions": [
            {
              "kind": "birthday",
              "id": "mom",
              "title": "Mom's birthday",
              "contact": "mom",
              "date": "2026-11-30",
              "days_until": 8,
              "recurring": true,
              "age": 66,
              "years": null,
              "reminders": [
                "2026-11-23T09:00:00+01:00",
                "2026-11-29T09:00:00+01:00",
                "2026-11-30T09:00:00+01:00"
              ],
              "gifts": [
                {
                  "id": "scarf",
                  "title": "Scarf",
                  "occasion": null,
                  "price": 24.90,
                  "currency": "EUR",
                  "url": null
                }
              ],
              "bought": []
            }
          ]
        }

        """)
    #expect(
      report.tables[0].rows == [["2026-11-30", "in 8 days", "Mom's birthday", "66", "", "Scarf"]])
  }

  /// A gift already bought for an occasion is in the report, as on the site, so nothing is
  /// bought twice: the analysis's `bought` values, in the table and the JSON.
  @Test func occasionsReportShowsWhatIsAlreadyBought() throws {
    var h = household()
    var candle = Gift(meta: F.meta("candle"), title: "Candle", currency: "EUR")
    candle.recipient = "mom"
    candle.occasion = .birthday
    candle.price = 12
    candle.status = .purchased
    candle.purchased = F.date("2026-11-14")
    var given = Gift(meta: F.meta("old-book"), title: "Old book", currency: "EUR")
    given.recipient = "mom"
    given.status = .given
    h.gifts += [candle, given]
    let analysis = HouseholdAnalysis(h, clock: clock)
    let upcoming = try #require(analysis.upcoming.first)
    #expect(upcoming.bought.map(\.id) == ["candle"])
    let report = Reports.occasions(h, analysis: analysis)
    #expect(
      report.tables[0].headers == ["Date", "When", "Occasion", "Age", "Bought", "Gift ideas"])
    #expect(
      report.tables[0].rows == [
        ["2026-11-30", "in 8 days", "Mom's birthday", "66", "Candle", "Scarf"]
      ])
    let json = report.json.serialized(pretty: false)
    #expect(
      json.contains(
        #""bought":[{"id":"candle","title":"Candle","occasion":"birthday","price":12.00,"#
          + #""currency":"EUR","url":null}]"#), "\(json)")
    #expect(!json.contains("old-book"))
  }

  /// The bundled example: Christmas Eve lists the merino scarf bought for it, beside its
  /// ideas, in the table and the JSON, as the site's `upcoming[].bought` has it.
  @Test func bundledOccasionsReportListsTheBoughtScarf() throws {
    let h = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    ).load().household
    let zone = h.settings.timeZone
    let now = try #require(NowOption.parse("2026-11-22T10:00", timeZone: zone))
    let analysis = HouseholdAnalysis(h, clock: LocalClock(now: now, timeZone: zone))
    let eve = try #require(analysis.upcoming.first { $0.id == "christmas-eve" })
    #expect(eve.bought.map(\.title).contains("Merino wool scarf"))
    let report = Reports.occasions(h, analysis: analysis)
    let bought = try #require(report.tables[0].headers.firstIndex(of: "Bought"))
    let row = try #require(report.tables[0].rows.first { $0.contains(eve.title) })
    #expect(row[bought] == eve.bought.map(\.title).joined(separator: ", "))
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(report.json.serialized().utf8))
        as? [String: Any])
    let occasions = try #require(parsed["occasions"] as? [[String: Any]])
    let entry = try #require(occasions.first { $0["id"] as? String == "christmas-eve" })
    let titles = (entry["bought"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(titles == eve.bought.map(\.title))
    #expect(titles?.contains("Merino wool scarf") == true)
  }

  @Test func remindersReport() {
    let report = Reports.reminders(
      household(), analysis: HouseholdAnalysis(household(), clock: clock))
    #expect(report.topic == "reminders")
    let text = report.json.serialized()
    #expect(text.contains(#""schedule": "Every Mon, Wed, Fri at 08:30 until 30 Apr 2027""#))
    #expect(text.contains(#""next_occurrence": "2026-11-23T08:30:00+01:00""#))
    #expect(text.contains(#""days": ["#))
    #expect(text.contains(#""done_today": false"#))
    #expect(text.contains(#""overdue": false"#))
    #expect(
      report.tables[0].rows == [
        [
          "Vitamin D", "other", "Every Mon, Wed, Fri at 08:30 until 30 Apr 2027",
          "Mon 23 Nov 2026 08:30", "", "-",
        ]
      ])
  }

  @Test func streaksReport() {
    // Every play is at 22:xx, so the windows 21-22 and 22-23 tie and the earlier wins.
    var h = household()
    var chess = Game(meta: F.meta("chess"), name: "Chess puzzle")
    chess.active = false
    h.games.append(chess)
    let report = Reports.streaks(h, analysis: HouseholdAnalysis(h, clock: clock))
    #expect(report.topic == "streaks")
    guard case .object(let fields) = report.json else {
      Issue.record("not an object")
      return
    }
    #expect(
      fields.map(\.key) == ["today", "window_days", "games", "play_window", "streak_reminder"])
    let text = report.json.serialized()
    for fragment in [
      #""current": 4"#, #""longest": 4"#, #""played_today": false"#, #""at_risk": true"#,
      #""window_start": 21"#, #""window_end": 22"#, #""coverage": 100"#,
      #""suggested_reminder": "20:30""#, #""reached": "2026-11-20""#, #""source": "smart""#,
    ] {
      #expect(text.contains(fragment), "\(fragment)")
    }
    #expect(
      report.tables[0].rows == [
        ["Wordle", "4", "4", "at risk", "3", "21-22 (100%), remind 20:30"],
        ["Chess puzzle (inactive)", "0", "0", "-", "", "-"],
      ])
    #expect(report.tables[1].rows == [["22", "4"]])
    #expect(report.tables[1].footer.last == "Streak reminder: 20:30 (smart)")
  }

  @Test func emptyReports() {
    var h = Household()
    h.settings.streaks.reminders = false
    let utc = F.clock("2026-11-22T10:00:00Z", F.utc)
    #expect(Reports.occasions(h, analysis: HouseholdAnalysis(h, clock: utc)).tables[0].rows.isEmpty)
    #expect(Reports.reminders(h, analysis: HouseholdAnalysis(h, clock: utc)).tables[0].rows.isEmpty)
    let streaks = Reports.streaks(h, analysis: HouseholdAnalysis(h, clock: utc))
    let text = streaks.json.serialized()
    #expect(text.contains(#""window_start": null"#))
    #expect(text.contains(#""suggested_reminder": null"#))
    #expect(text.contains(#""streak_reminder": null"#))
    #expect(streaks.tables[1].footer == ["Best window: -", "Streak reminder: off"])
  }

  @Test func reportsAreDeterministic() {
    let a = Reports.streaks(household(), analysis: HouseholdAnalysis(household(), clock: clock))
      .json.serialized()
    let b = Reports.streaks(household(), analysis: HouseholdAnalysis(household(), clock: clock))
      .json.serialized()
    #expect(a == b)
    let r1 = Reports.reminders(household(), analysis: HouseholdAnalysis(household(), clock: clock))
      .json.serialized()
    #expect(
      r1
        == Reports.reminders(household(), analysis: HouseholdAnalysis(household(), clock: clock))
        .json.serialized())
  }
}
