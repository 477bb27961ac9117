import Foundation
import Testing

@testable import VibeKeeper

/// Problems only visible across records: an entry filed in another month's file.
@Suite struct CrossRecordChecksTests {
  /// A dose copied into another month's file is said (the daily actions look for what is
  /// written in the month's file and would mark it again); entries in their month, and
  /// files that are not monthly, are not.
  @Test func anEntryInAnotherMonthsFileIsSaid() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "reminders/iron.md": "---\ntitle: Iron\nschedule: {time: \"08:30\", days: daily}\n---\n",
      "doses/2025/01.yml":
        "- {reminder: iron, due: 2026-11-23T08:30, at: 2026-11-23T08:31, status: done}\n",
      "doses/2026/11.yml":
        "- {reminder: iron, due: 2026-11-24T08:30, at: 2026-11-24T08:31, status: done}\n",
      // 23:30 UTC on 31 October is 00:30 on 1 November in Berlin: November's file.
      "purchases/2026/11.yml": "- {date: 2026-11-01, name: Tea, price: 2}\n",
      "purchases/2026/12.yml":
        "- {date: 2026-11-30, name: Milk, price: 1}\n- {date: 2026-12-02, name: Tea, price: 1}\n- {date: 2027-01-01, name: Jam, price: 1}\n",
      "purchases/extra.yml": "- {date: 2026-05-01, name: Soap, price: 3}\n",
      "results/2026/1.yml": "- {game: wordle, date: 2026-01-31}\n",
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "items/rice.md": "---\nname: Rice\n---\n",
      "prices/2025/01.yml": "- {item: rice, date: 2027-12-31, price: 1.49}\n",
    ]).household
    let warnings = CrossRecordChecks.misfiled(h)
    #expect(
      warnings.map(\.location.file).sorted() == [
        "data/doses/2025/01.yml", "data/prices/2025/01.yml", "data/purchases/2026/12.yml",
      ])
    #expect(
      warnings.first { $0.location.file == "data/doses/2025/01.yml" }?.hint
        == "move the line to doses/2026/11.yml: the daily actions look for what is written in the month's file"
    )
    // One warning a file, at its first entry of another month.
    #expect(
      warnings.first { $0.location.file == "data/purchases/2026/12.yml" }?.message
        == "this purchase is dated 2026-11-30 but is in purchases/2026/12.yml, the file of 2026-12 (and 1 more of this file's entries are of other months)"
    )
    #expect(CrossRecordChecks.monthOfFile("results/2026/1.yml", .results)! == (2026, 1))
    #expect(CrossRecordChecks.monthOfFile("results/2026/13.yml", .results) == nil)
    #expect(CrossRecordChecks.monthOfFile("purchases/extra.yml", .purchases) == nil)
  }
}

/// Two dose lines for one occurrence: a warning at the second, and the one marked last
/// counts, whether or not the schedule still has that time.
@Suite struct TwiceAnsweredDoseTests {
  @Test func theLineMarkedLastCountsAndTheSecondIsSaid() throws {
    let doses = """
      - {reminder: iron, due: 2026-11-12T09:00, at: 2026-11-12T09:05, status: done}
      - {reminder: iron, due: 2026-11-12T09:00, at: 2026-11-12T09:30, status: skipped}

      """
    for time in ["09:00", "08:00"] {
      let h = try load([
        "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
        "reminders/iron.md":
          "---\ntitle: Iron\nschedule: {time: \"\(time)\", days: daily, starts: 2026-11-10}\n---\n",
        "doses/2026/11.yml": doses,
      ]).household
      let warnings = CrossRecordChecks.twiceAnswered(h)
      #expect(warnings.count == 1)
      #expect(warnings.first?.location.line == 2)
      #expect(warnings.first?.message.contains("this one, marked last, counts") == true)
      let clock = TimeFixture.clock("2026-11-13T12:00:00+01:00")
      let day = try #require(
        HealthReminders.status(of: h.reminders[0], clock: clock, doses: h.doses).history.first {
          clock.localDate(of: $0.due) == LocalDate(iso: "2026-11-12")
        })
      #expect(day.state == .skipped, "schedule at \(time)")
      // The done line was answered again by the skip: the last day done is none.
      #expect(
        HealthReminders.status(of: h.reminders[0], clock: clock, doses: h.doses).lastDone == nil)
    }
  }

  /// The warning is at the line written second, whatever the ids' order (`#10` before `#9`).
  @Test func theWarningIsAtTheLineWrittenSecond() throws {
    var lines = (1...8).map {
      "- {reminder: iron, due: 2026-11-0\($0)T09:00, at: 2026-11-0\($0)T09:05}"
    }
    lines.append("- {reminder: iron, due: 2026-11-12T09:00, at: 2026-11-12T09:05}")
    lines.append("- {reminder: iron, due: 2026-11-12T09:00, at: 2026-11-12T09:30, status: skipped}")
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "reminders/iron.md": "---\ntitle: Iron\nschedule: {time: \"09:00\", days: daily}\n---\n",
      "doses/2026/11.yml": lines.joined(separator: "\n") + "\n",
    ]).household
    let warnings = CrossRecordChecks.twiceAnswered(h)
    #expect(warnings.map(\.location.line) == [10])
    #expect(warnings.first?.message.contains("doses/2026/11.yml:9") == true)
  }
}
