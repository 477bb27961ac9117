import Foundation
import Testing

@testable import VibeKeeper

/// TZNAME comes from the system's TZif data (`CET`, `CEST`, `IST`), not Foundation's
/// `GMT+1`; where the data has only a number (`-03`) there is no TZNAME.
@Suite struct ZoneAbbreviationsTests {
  static func name(_ zone: String, _ instant: String) -> String? {
    guard let tz = TimeZone(identifier: zone) else { return "no zone" }
    let at = utc(instant)
    return ZoneAbbreviations.system(tz)?.abbreviation(
      at: at, daylight: tz.isDaylightSavingTime(for: at))
  }

  @Test func namesFromTheSystemData() {
    #expect(Self.name("Europe/Berlin", "2026-01-15T12:00") == "CET")
    #expect(Self.name("Europe/Berlin", "2026-07-15T12:00") == "CEST")
    // Far beyond the listed changes: the footer's rule names them.
    #expect(Self.name("Europe/Berlin", "2060-07-15T12:00") == "CEST")
    #expect(Self.name("Asia/Kolkata", "2026-07-15T12:00") == "IST")
    #expect(Self.name("Asia/Tokyo", "2026-07-15T12:00") == "JST")
    #expect(Self.name("America/New_York", "2026-07-15T12:00") == "EDT")
    #expect(Self.name("America/New_York", "1990-01-15T12:00") == "EST")
    // São Paulo writes "-03": no abbreviation.
    #expect(Self.name("America/Sao_Paulo", "2026-07-15T12:00") == nil)
  }

  @Test func footerNames() {
    func names(_ s: String) -> [String?]? {
      ZoneAbbreviations.footerNames(ArraySlice(Array(s.utf8))).map { [$0.0, $0.1] }
    }
    #expect(names("\nCET-1CEST,M3.5.0,M10.5.0/3\n") == ["CET", "CEST"])
    #expect(names("\n<-03>3\n") == [nil, nil])
    #expect(names("\nIST-5:30\n") == ["IST", nil])
    #expect(names("\n<+1030>-10:30<+11>-11,M10.1.0,M4.1.0\n") == [nil, nil])
    #expect(names("\n\n") == nil)
  }

  @Test func brokenFilesAreRefused() {
    #expect(ZoneAbbreviations(tzif: []) == nil)
    #expect(ZoneAbbreviations(tzif: Array("TZif2".utf8)) == nil)
    #expect(ZoneAbbreviations(tzif: Array(repeating: 0xFF, count: 100)) == nil)
    // A valid file cut anywhere is refused, never read past its end.
    if let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin") {
      let bytes = Array(data)
      for cut in stride(from: 0, to: bytes.count - 30, by: 7) {
        _ = ZoneAbbreviations(tzif: Array(bytes[..<cut]))
      }
      #expect(ZoneAbbreviations(tzif: bytes) != nil)
    }
    // A zone id cannot reach outside the folder.
    #expect(ZoneAbbreviations.system(TimeZone(secondsFromGMT: 3600) ?? .gmt) == nil)
  }

  @Test func theVTimeZoneUsesThem() {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    let lines = VTimeZone.lines(for: berlin, fromYear: 2025, toYear: 2030)
    #expect(lines.contains("TZNAME:CET"))
    #expect(lines.contains("TZNAME:CEST"))
    #expect(!lines.contains { $0.hasPrefix("TZNAME:GMT") })
    let kolkata = TimeZone(identifier: "Asia/Kolkata") ?? .gmt
    #expect(VTimeZone.lines(for: kolkata, fromYear: 2025, toYear: 2030).contains("TZNAME:IST"))
    let saoPaulo = TimeZone(identifier: "America/Sao_Paulo") ?? .gmt
    #expect(
      !VTimeZone.lines(for: saoPaulo, fromYear: 2017, toYear: 2030).contains {
        $0.hasPrefix("TZNAME")
      })
    // Without data, no TZNAME at all rather than a made-up one.
    #expect(
      !VTimeZone.lines(for: berlin, fromYear: 2025, toYear: 2030, abbreviations: nil).contains {
        $0.hasPrefix("TZNAME")
      })
  }
}

/// The VTIMEZONE examples in docs/feeds.md are what the code gives.
@Suite struct FeedDocsExampleTests {
  @Test func theVTimeZoneExamplesMatchTheOutput() throws {
    let doc = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/feeds.md"), encoding: .utf8)
    let marker = "<!-- vtimezone: "
    var checked = 0
    for part in doc.components(separatedBy: marker).dropFirst() {
      let head = part.prefix { $0 != "\n" }.replacingOccurrences(of: " -->", with: "")
      let words = head.split(separator: " ").map(String.init)
      let zone = try #require(TimeZone(identifier: words[0]))
      let block = part.components(separatedBy: "```")[1].trimmingCharacters(in: .newlines)
      let lines = VTimeZone.lines(
        for: zone, fromYear: Int(words[1]) ?? 0, toYear: Int(words[2]) ?? 0)
      #expect(lines.joined(separator: "\n") == block, "\(words[0])")
      checked += 1
    }
    #expect(checked == 2)
  }
}

/// Alarms of all-day events: relative, before the start, one per event.
@Suite struct AllDayAlarmTests {
  @Test func triggersBeforeTheStart() {
    func t(_ days: Int, _ h: Int, _ m: Int) -> String {
      ICSFormat.trigger(daysBefore: days, at: TimeOfDay(hour: h, minute: m)!)
    }
    #expect(t(1, 8, 0) == ":-PT16H")
    #expect(t(1, 0, 0) == ":-P1D")
    #expect(t(1, 23, 59) == ":-PT1M")
    #expect(t(1, 7, 30) == ":-PT16H30M")
    #expect(t(7, 8, 0) == ":-P6DT16H")
    #expect(t(0, 8, 0) == ":-PT16H")  // never after the start: at least the day before
    #expect(t(3, 9, 0) == ":-P2DT15H")
  }
}
