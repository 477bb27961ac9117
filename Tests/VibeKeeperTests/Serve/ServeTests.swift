import Foundation
import Testing

@testable import VibeKeeper

/// The real `vibekeeper serve` over HTTP: answers, rebuilds, reloads, privacy, stopping.
@Suite(.serialized) struct ServeTests {
  static let files = [
    "data/vibekeeper.yml": "title: Test home\ntimezone: Europe/Berlin\ncurrency: EUR\n",
    "data/contacts/ana.md": "---\nname: Ana\nbirthday: 1990-11-25\n---\nLikes *tea*.\n",
    "data/contacts/hidden.md":
      "---\nname: Zelda Secretname\nbirthday: 1991-11-26\nprivate: true\n---\n",
    "templates/pages/hello.html": "<p>Hello</p>",
    "data/reminders/pill.md":
      "---\ntitle: Evening pill\nschedule: {time: \"21:00\", days: daily}\ncreated: 2026-11-01\n---\n",
  ]

  /// Types, validators, HEAD, gzip, redirects, no listings, and a feed a calendar library
  /// parses.
  @Test func answersLikeAWebServerShould() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T10:00"], in: folder.url)
    defer { serve.stop() }
    let index = try #require(serve.get("/"))
    #expect(index.status == 200)
    #expect(index.headers["content-type"] == "text/html; charset=utf-8")
    #expect(index.text.contains("Tuesday 24 November 2026"))
    // The reload script is in served pages only, never in the built files.
    #expect(index.text.contains(ReloadScript.eventsPath))
    let built = try String(
      contentsOf: folder.url.appendingPathComponent("_serve/index.html"), encoding: .utf8)
    #expect(!built.contains(ReloadScript.eventsPath))
    // serve builds into a folder of its own, never the one `build` publishes.
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("_site").path))
    var feed = try #require(serve.get("/calendar.ics"))
    // A feed written within the current second has no date yet (only its ETag).
    if feed.headers["last-modified"] == nil {
      Thread.sleep(forTimeInterval: 1.1)
      feed = try #require(serve.get("/calendar.ics"))
    }
    #expect(feed.status == 200)
    #expect(feed.headers["content-type"] == "text/calendar; charset=utf-8")
    #expect(feed.text.hasPrefix("BEGIN:VCALENDAR"))
    let etag = try #require(feed.headers["etag"])
    let modified = try #require(feed.headers["last-modified"])
    #expect(serve.get("/calendar.ics", headers: ["If-None-Match": etag])?.status == 304)
    #expect(
      serve.get("/calendar.ics", headers: ["If-None-Match": "\"other\", \(etag)"])?.status == 304)
    #expect(serve.get("/calendar.ics", headers: ["If-None-Match": "\"other\""])?.status == 200)
    #expect(serve.get("/calendar.ics", headers: ["If-Modified-Since": modified])?.status == 304)
    let head = try #require(serve.get("/calendar.ics", method: "HEAD"))
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.headers["content-length"] == String(feed.body.count))
    #expect(serve.get("/calendar.ics", method: "POST")?.status == 405)
    // The reload stream answers HEAD with its headers (GET keeps it open).
    let events = try #require(serve.get(ReloadScript.eventsPath, method: "HEAD"))
    #expect(events.status == 200)
    #expect(events.headers["content-type"] == "text/event-stream")
    // HEAD says what GET would send, gzip included.
    let headGzip = serve.get("/index.html", method: "HEAD", headers: ["Accept-Encoding": "gzip"])
    #expect(headGzip?.headers["content-encoding"] == "gzip" && headGzip?.body.isEmpty == true)
    // DNS rebinding: a request for another host name is refused on loopback.
    let rebound = serve.request(Array("/".utf8), headers: ["Host": "evil.example"])
    #expect(rebound?.status == 421)
    let packed = try #require(serve.get("/index.html", headers: ["Accept-Encoding": "gzip"]))
    #expect(packed.headers["content-encoding"] == "gzip")
    #expect(packed.headers["vary"] == "Accept-Encoding")
    #expect(packed.body.count < index.body.count / 2)
    #expect(packed.body.starts(with: [0x1f, 0x8b]))
    #expect(
      serve.get("/index.html", headers: ["Accept-Encoding": "gzip;q=0"])?.headers[
        "content-encoding"] == nil)
    // gzip's own entry decides over `*`.
    #expect(
      serve.get("/index.html", headers: ["Accept-Encoding": "*;q=1, gzip;q=0"])?.headers[
        "content-encoding"] == nil)
    #expect(
      serve.get("/index.html", headers: ["Accept-Encoding": "br, *;q=0.5"])?.headers[
        "content-encoding"] == "gzip")
    // A 304 names the version the client holds: the compressed one here.
    let packedTag = try #require(packed.headers["etag"])
    let notModified = serve.get(
      "/index.html", headers: ["Accept-Encoding": "gzip", "If-None-Match": packedTag])
    #expect(notModified?.status == 304)
    #expect(notModified?.headers["etag"] == packedTag)
    let folderAnswer = try #require(serve.get("/contacts"))
    #expect(folderAnswer.status == 301 && folderAnswer.headers["location"] == "/contacts/")
    #expect(serve.get("/contacts/")?.status == 200)
    #expect(serve.get("/media/")?.status == 404)  // no index: no listing
    #expect(serve.get("/assets/")?.status == 404)
    #expect(serve.get("/assets/style.css")?.headers["content-type"] == "text/css; charset=utf-8")
    #expect(serve.get("/search-index.json")?.headers["content-type"] == "application/json")
    // A calendar library reads the feed as a phone's calendar would fetch it.
    let check = try CLI.shell(
      """
      python3 -c 'import sys, urllib.request, icalendar
      cal = icalendar.Calendar.from_ical(urllib.request.urlopen(sys.argv[1]).read())
      print(len(cal.walk("VEVENT")))' http://127.0.0.1:\(serve.port)/calendar.ics
      """, in: folder.url)
    #expect(
      check.status == 0
        && (Int(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(check)")
    #expect(serve.stop() == 0)
    #expect(serve.log.contains("Stopped."))
  }

  /// Nothing outside the output, nothing hidden, whatever the encoding.
  @Test func pathsOutsideTheOutputAreRefused() throws {
    let folder = try TempFolder(Self.files.merging(["secret.txt": "TOP SECRET"]) { a, _ in a })
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T10:00"], in: folder.url)
    defer { serve.stop() }
    // A link inside the output that leads out of it.
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("_serve/leak.txt").path,
      withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
    let attempts: [[UInt8]] =
      [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
        "/%2e./secret.txt", "/contacts/../../secret.txt", "/contacts/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/..%2Fsecret.txt", "/%2e%2e%2fsecret.txt", "/..\\secret.txt",
        "/..%5csecret.txt", "/%5c..%5csecret.txt", "/secret.txt%00.html", "/%00", "/%zz",
        "/%c0%ae%c0%ae/secret.txt", "/.vibekeeper-manifest", "/%2evibekeeper-manifest",
        "/leak.txt", "//secret.txt", "/../../../../etc/passwd", "/data/vibekeeper.yml",
        "/..;/secret.txt",
      ].map { Array($0.utf8) } + [Array("/a".utf8) + [0] + Array("/b".utf8)]
    #expect(attempts.count >= 15)
    for target in attempts {
      let answer = serve.request(target)
      let shown = String(decoding: target, as: UTF8.self)
      #expect(answer.map { (400..<500).contains($0.status) } ?? true, "\(shown)")
      #expect(!(answer?.text.contains("TOP SECRET") ?? false), "\(shown)")
      #expect(!(answer?.text.contains("Europe/Berlin") ?? false), "\(shown)")
    }
    #expect(serve.get("/index.html")?.status == 200)
  }

  /// A change in the data is served within a second, browsers are told to reload,
  /// a failed rebuild keeps the last good site, and a private record is in no served byte.
  @Test func rebuildsOnChangeAndTellsTheBrowser() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T10:00"], in: folder.url)
    defer { serve.stop() }
    // A browser listening for reloads.
    let events = Pipe()
    let listener = Process()
    listener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    listener.arguments = [
      "curl", "-sN", "--max-time", "8", "http://127.0.0.1:\(serve.port)\(ReloadScript.eventsPath)",
    ]
    listener.standardOutput = events
    try listener.run()
    Thread.sleep(forTimeInterval: 0.5)
    let written = Date()
    try folder.write(
      "data/contacts/ben.md", Data("---\nname: Benedikt Newperson\n---\n".utf8))
    var seenAfter: Double?
    while Date().timeIntervalSince(written) < 5 {
      if serve.get("/contacts/index.html")?.text.contains("Benedikt Newperson") ?? false {
        seenAfter = Date().timeIntervalSince(written)
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let seen = try #require(seenAfter)
    print("serve: a changed record was served \(seen) s after it was written")
    #expect(seen < 1.0, "served \(seen) s after the change")
    listener.waitUntilExit()
    let stream = String(decoding: events.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(stream.contains("event: reload"), "\(stream)")
    // A broken template: the rebuild fails, the last good site is still served.
    try folder.write("templates/index.html", Data("{% if %}".utf8))
    #expect(serve.waitFor("The last good site is still served.", seconds: 5), "\(serve.log)")
    #expect(serve.get("/")?.text.contains("Tuesday 24 November 2026") ?? false)
    // Every served byte of every file: no private record.
    let site = folder.url.appendingPathComponent("_serve")
    for path in SiteFixture.files(site).keys where !path.hasPrefix(".") {
      let answer = try #require(serve.get("/" + path), "\(path)")
      #expect(answer.status == 200, "\(path)")
      #expect(!answer.text.contains("Secretname"), "\(path)")
    }
  }

  /// At local midnight (the clock started at --now runs on), the site is rebuilt by itself.
  @Test func rebuildsAtMidnightAndWhenADoseComesDue() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T20:59:58"], in: folder.url)
    defer { serve.stop() }
    #expect(serve.get("/")?.text.contains("Tuesday 24 November 2026") ?? false)
    // The 21:00 dose comes due two seconds later: a rebuild without any change of files.
    #expect(serve.waitFor("Rebuilding (the time shown changed)", seconds: 8), "\(serve.log)")
    serve.stop()
    let late = try ServeProcess(["--now", "2026-11-24T23:59:58"], in: folder.url)
    defer { late.stop() }
    #expect(late.get("/")?.text.contains("Tuesday 24 November 2026") ?? false)
    var turned = false
    let deadline = Date().addingTimeInterval(10)
    while !turned, Date() < deadline {
      turned = late.get("/")?.text.contains("Wednesday 25 November 2026") ?? false
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(turned, "\(late.log)")
    // Ctrl-C stops it as cleanly as SIGTERM.
    #expect(late.stop(SIGINT) == 0)
    #expect(late.log.contains("Stopped."))
  }

  /// An edit with an error keeps the served site as it was, but only until what "now"
  /// shows changes: then the site moves on with the clock, without that record.
  @Test func aLeftoverErrorDoesNotHoldBackTheClock() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T23:59:56"], in: folder.url)
    defer { serve.stop() }
    #expect(serve.get("/")?.text.contains("Tuesday 24 November 2026") ?? false)
    try folder.write(
      "data/contacts/ana.md", Data("---\nname: Ana\nbirthday: 1990-13-25\n---\n".utf8))
    #expect(serve.waitFor("nothing was published", seconds: 8), "\(serve.log)")
    var turned = false
    let deadline = Date().addingTimeInterval(12)
    while !turned, Date() < deadline {
      turned = serve.get("/")?.text.contains("Wednesday 25 November 2026") ?? false
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(turned, "\(serve.log)")
    #expect(serve.get("/contacts/ana.html")?.status == 404)
  }

  /// The output folder removed by hand while serving is built again at once, not at the
  /// next change of the data or the time.
  @Test func aRemovedOutputIsBuiltAgain() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T10:00"], in: folder.url)
    defer { serve.stop() }
    #expect(serve.get("/")?.status == 200)
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("_serve"))
    var back = false
    let deadline = Date().addingTimeInterval(10)
    while !back, Date() < deadline {
      back = serve.get("/")?.status == 200
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(back, "\(serve.log)")
  }
}
