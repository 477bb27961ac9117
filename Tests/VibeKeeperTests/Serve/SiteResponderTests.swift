import Foundation
import Testing

@testable import VibeKeeper

/// The library side of `serve`: request paths, validators, dates and the reload script,
/// without a server.
@Suite struct SiteResponderTests {
  @Test func pathsAreDecodedOnceAndCheckedBeforeTheFileSystem() throws {
    #expect(try ServedPath.segments(of: "/").segments == [])
    #expect(try ServedPath.segments(of: "/a/b%20c.html?x=1#y").segments == ["a", "b c.html"])
    #expect(try ServedPath.segments(of: "/contacts/").trailingSlash)
    #expect(try ServedPath.segments(of: "/caf%C3%A9/").segments == ["café"])
    // Double encoding is decoded once: a literal name, never a climb.
    #expect(try ServedPath.segments(of: "/%252e%252e/x").segments == ["%2e%2e", "x"])
    for bad in [
      "", "x", "/..", "/a/../b", "/%2e%2e/x", "/%2E./x", "/a%2f..%2fb", "/a\\b", "/a%5cb",
      "/a%00b", "/%0a", "/%zz", "/%4", "/%c0%ae", "/./a",
    ] {
      #expect(throws: ServedPath.Refusal.badRequest, "\(bad)") {
        try ServedPath.segments(of: bad)
      }
    }
    #expect(throws: ServedPath.Refusal.hidden) {
      try ServedPath.segments(of: "/.vibekeeper-manifest")
    }
  }

  @Test func answersFromTheOutputFolderOnly() throws {
    let root = try TempFolder([
      "_site/index.html": "<html><body><p>Hi</p></body></html>",
      "_site/feeds/x/calendar.ics": "BEGIN:VCALENDAR\r\n",
      "_site/empty/keep.txt": "k",
      "outside.txt": "secret",
    ])
    defer { root.cleanup() }
    let site = root.url.appendingPathComponent("_site").path
    try FileManager.default.createSymbolicLink(
      atPath: site + "/escape.txt", withDestinationPath: root.url.path + "/outside.txt")
    try FileManager.default.createSymbolicLink(
      atPath: site + "/inside.html", withDestinationPath: "index.html")
    // A link to a hidden file of the output (the manifest) serves it no more than its name.
    try Data("manifest".utf8).write(to: URL(fileURLWithPath: site + "/.vibekeeper-manifest"))
    try FileManager.default.createSymbolicLink(
      atPath: site + "/man.txt", withDestinationPath: ".vibekeeper-manifest")
    var responder = SiteResponder(root: site)
    #expect(responder.respond(method: "GET", target: "/man.txt", headers: [:]).status == 404)
    // A page with a slash after it is no folder (its relative links would all be wrong).
    #expect(responder.respond(method: "GET", target: "/index.html/", headers: [:]).status == 404)
    let index = responder.respond(method: "GET", target: "/", headers: [:])
    #expect(index.status == 200 && !index.body.isEmpty)
    #expect(index.header("content-type") == "text/html; charset=utf-8")
    #expect(index.header("referrer-policy") == "no-referrer")
    #expect(responder.respond(method: "GET", target: "/escape.txt", headers: [:]).status == 404)
    #expect(responder.respond(method: "GET", target: "/inside.html", headers: [:]).status == 200)
    #expect(responder.respond(method: "GET", target: "/empty/", headers: [:]).status == 404)
    #expect(
      responder.respond(method: "GET", target: "/feeds/x", headers: [:]).header("location")
        == "/feeds/x/")
    let feed = responder.respond(method: "GET", target: "/feeds/x/calendar.ics", headers: [:])
    #expect(feed.header("content-type") == "text/calendar; charset=utf-8")
    let etag = try #require(feed.header("etag"))
    let gz = String(etag.dropLast()) + "-gz\""
    for validators in [
      ["If-None-Match": etag], ["if-none-match": "W/" + etag], ["If-None-Match": gz],
      ["If-None-Match": "*"],
    ] {
      #expect(
        responder.respond(method: "GET", target: "/feeds/x/calendar.ics", headers: validators)
          .status == 304)
    }
    let head = responder.respond(method: "HEAD", target: "/feeds/x/calendar.ics", headers: [:])
    // HEAD has GET's headers (the server sends no body).
    #expect(head.header("content-length") == "17" && head.header("etag") == etag)
    #expect(responder.respond(method: "DELETE", target: "/", headers: [:]).status == 405)
    // Served pages get the reload script; the ETag says they differ from the file.
    responder.injectsReload = true
    let live = responder.respond(method: "GET", target: "/index.html", headers: [:])
    #expect(
      String(decoding: live.body, as: UTF8.self).contains(
        "<script>(function(){if(!window.EventSource)"))
    #expect(live.header("etag") != index.header("etag"))
  }

  @Test func httpDatesRoundTripInEveryFormTheRFCAllows() {
    #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    #expect(HTTPDate.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
    #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
    #expect(HTTPDate.parse("yesterday") == nil)
    #expect(HTTPDate.parse("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
    for seconds in stride(from: 0, to: 2_000_000_000, by: 86_399 * 97) {
      #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
    }
    #expect(
      ConditionalRequest.notModified(
        ifNoneMatch: nil, ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT", etag: "\"a\"",
        lastModified: 784_111_778) == false)
  }

  /// A file changed within the second it is served in gets no `Last-Modified` (a second
  /// change in that second would carry the same date, and `If-Modified-Since` would keep
  /// a phone on the stale feed); a second later it does, and validates.
  @Test func aFileChangedThisSecondHasNoDate() throws {
    let folder = try TempFolder(["site/calendar.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"])
    defer { folder.cleanup() }
    let path = folder.url.appendingPathComponent("site/calendar.ics").path
    let written = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    var responder = SiteResponder(root: folder.url.appendingPathComponent("site").path)
    responder.clock = { written }
    let fresh = responder.respond(method: "GET", target: "/calendar.ics", headers: [:])
    #expect(fresh.status == 200)
    #expect(!fresh.headers.contains { $0.0 == "Last-Modified" })
    let date = HTTPDate.format(Int(written.timeIntervalSince1970))
    #expect(
      responder.respond(
        method: "GET", target: "/calendar.ics", headers: ["If-Modified-Since": date]
      ).status == 200)
    responder.clock = { written.addingTimeInterval(2) }
    let later = responder.respond(method: "GET", target: "/calendar.ics", headers: [:])
    #expect(later.headers.contains { $0 == ("Last-Modified", date) })
    #expect(
      responder.respond(
        method: "GET", target: "/calendar.ics", headers: ["If-Modified-Since": date]
      ).status == 304)
  }

  /// The log never shows a feed's secret, however the path is written.
  @Test func theLogHidesSecretsHoweverThePathIsWritten() {
    let t = "0123456789abcdef0123456789abcdef"
    for target in [
      "/feeds/\(t)/calendar.ics", "/feeds//\(t)/calendar.ics", "/feeds/%2F\(t)/calendar.ics",
      "/feeds/\(t)%2fcalendar.ics", "/feeds/%30\(t.dropFirst())/calendar.ics", "/feeds/\(t)",
      "/FEEDS/\(t)/calendar.ics?x=1", "/x/../feeds/\(t)/calendar.ics", "/\(t)",
      // Every 8th character encoded, and a query that does not decode.
      "/%66eeds/%30123456%3789abcde%660123456%3789abcdef/calendar.ics?%zz",
    ] {
      let logged = LoggedPath.masked(target)
      #expect(!logged.contains(t.dropFirst(8).prefix(16)), "\(target) -> \(logged)")
      #expect(logged.hasPrefix("/feeds/…"), "\(target) -> \(logged)")
    }
    #expect(LoggedPath.masked("/feeds/\(t)/calendar.ics") == "/feeds/…/calendar.ics")
    #expect(LoggedPath.masked("/gifts/scarf.html?q=1") == "/gifts/scarf.html?q=1")
  }

  @Test func theReloadScriptGoesBeforeTheLastBodyEnd() {
    let page = Array("<p>a</p></BODY></html>".utf8)
    let out = String(decoding: ReloadScript.inject(into: page), as: UTF8.self)
    #expect(out.hasPrefix("<p>a</p><script>") && out.hasSuffix("</script></BODY></html>"))
    #expect(ReloadScript.inject(into: Array("x".utf8)).count == 1 + ReloadScript.element.count)
  }

  @Test func theNextChangeIsTheNextDueDoseOrMidnight() throws {
    /// The next change for a daily pill at `time` in Berlin, seen at `now` (UTC).
    func next(_ now: String, pillAt time: String = "21:00") throws -> Date {
      let household = try load([
        "vibekeeper.yml": "timezone: Europe/Berlin\n",
        "reminders/pill.md":
          "---\ntitle: Pill\nschedule: {time: \"\(time)\", days: daily}\ncreated: 2026-11-01\n---\n",
      ]).household
      return NextChange.after(
        HouseholdAnalysis(
          household, clock: LocalClock(now: utc(now), timeZone: household.settings.timeZone)))
    }
    #expect(try next("2026-11-24T10:00") == utc("2026-11-24T20:00"))  // 21:00 in Berlin
    // Then the moment it turns missed, `notify.missed_after` (30 minutes) later.
    #expect(try next("2026-11-24T20:00") == utc("2026-11-24T20:30"))
    #expect(try next("2026-11-24T20:30") == utc("2026-11-24T23:00"))  // then midnight
    // A dose due at 23:45 turns missed after midnight: the rebuild at midnight is followed
    // by one at 00:15, for yesterday's dose (its adherence).
    #expect(try next("2026-11-24T22:50", pillAt: "23:45") == utc("2026-11-24T23:00"))
    #expect(try next("2026-11-24T23:00", pillAt: "23:45") == utc("2026-11-24T23:15"))
    // Across the end of summer time: midnight is 22:00 UTC before, 23:00 after.
    #expect(try next("2026-10-24T20:30") == utc("2026-10-24T22:00"))
    #expect(try next("2026-12-31T22:30") == utc("2026-12-31T23:00"))
  }

  /// An occasion's reminder times are listed while they are ahead, so each is a change.
  @Test func anOccasionsReminderTimeIsAChange() throws {
    let household = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\n",
      "contacts/ana.md": "---\nname: Ana\nbirthday: 1990-11-30\n---\n",
    ]).household
    func next(_ now: String) -> Date {
      NextChange.after(
        HouseholdAnalysis(
          household, clock: LocalClock(now: utc(now), timeZone: household.settings.timeZone)))
    }
    // Seven days before at 09:00 in Berlin (08:00 UTC), then the day before, then the day.
    #expect(next("2026-11-23T07:00") == utc("2026-11-23T08:00"))
    #expect(next("2026-11-29T07:00") == utc("2026-11-29T08:00"))
    #expect(next("2026-11-29T09:00") == utc("2026-11-29T23:00"))  // midnight first
  }
}
