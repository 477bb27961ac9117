import Foundation
import Testing

@testable import VibeKeeper

/// Secret feed addresses: made by `init`, never committed, published under unguessable
/// paths, shown only in a local build, and rotated by a command.
@Suite struct SecretFeedTests {
  @Test func addressesAreUnguessablePerFeedAndFollowTheSecret() {
    var settings = Settings()
    settings.secretFeeds = true
    settings.feedSecret = Array(repeating: 7, count: 32)
    settings.baseURL = "https://home.example.org/"
    let a = FeedAddresses(settings: settings)
    let calendar = a.token(of: "calendar") ?? ""
    #expect(calendar.count == 32 && calendar.allSatisfy(\.isHexDigit))
    #expect(a.token(of: "calendar") == calendar)  // stable
    #expect(a.token(of: "reminders") != calendar)  // one per feed
    #expect(a.path(of: "calendar") == "feeds/\(calendar)/calendar.ics")
    #expect(a.url(of: "calendar") == "https://home.example.org/feeds/\(calendar)/calendar.ics")
    #expect(
      FeedAddresses.webcal(a.url(of: "calendar") ?? "")
        == "webcal://home.example.org/feeds/\(calendar)/calendar.ics")
    // The token is HMAC-SHA256 of the feed's name under the secret, cut to 128 bits.
    let mac = HMAC.sha256(
      key: settings.feedSecret ?? [], message: Array("vibekeeper feed calendar".utf8))
    #expect(calendar == Array(mac.prefix(16)).hexString)
    settings.feedSecret = Array(repeating: 8, count: 32)
    #expect(FeedAddresses(settings: settings).token(of: "calendar") != calendar)
    settings.feedSecret = nil
    #expect(FeedAddresses(settings: settings).path(of: "calendar") == nil)
    settings.secretFeeds = false
    #expect(FeedAddresses(settings: settings).path(of: "calendar") == "calendar.ics")
  }

  @Test func initMakesASecretThatStaysLocalAndRotates() throws {
    let root = try TempFolder([:])
    defer { root.cleanup() }
    let made = try CLI.run(
      ["init", "home", "--time-zone", "Europe/Berlin", "--currency", "EUR", "--git"], cwd: root.url)
    #expect(made.status == 0, "\(made.stderr)")
    let home = root.url.appendingPathComponent("home")
    let local = home.appendingPathComponent(LocalSettings.fileName).path
    let mode = try FileManager.default.attributesOfItem(atPath: local)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // Never committed, never to be added.
    #expect(try CLI.git(["ls-files"], in: home).contains("vibekeeper.yml"))
    #expect(!(try CLI.git(["ls-files"], in: home).contains(LocalSettings.fileName)))
    #expect(try CLI.git(["status", "--porcelain"], in: home).isEmpty)
    #expect(
      try CLI.git(["check-ignore", LocalSettings.fileName], in: home).contains(
        LocalSettings.fileName))
    #expect(try CLI.run(["check", "--data", "home"], cwd: root.url).status == 0)
    let settings = home.appendingPathComponent("vibekeeper.yml")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try (text + "base_url: https://home.example.org/\n").write(
      to: settings, atomically: true, encoding: .utf8)
    func build(_ extra: [String] = []) throws -> [String: Data] {
      let r = try CLI.run(
        ["build", "--data", "home", "--output", "site", "--now", "2026-11-24"] + extra,
        cwd: root.url)
      #expect(r.status == 0, "\(r.stderr)")
      return SiteFixture.files(root.url.appendingPathComponent("site"))
    }
    let site = try build()
    let feeds = site.keys.filter { $0.hasSuffix(".ics") }.sorted()
    #expect(site["calendar.ics"] == nil)
    #expect(feeds.count == 6 && feeds.allSatisfy { $0.hasPrefix("feeds/") })
    let calendar = try #require(feeds.first { $0.hasSuffix("/calendar.ics") })
    let token = String(calendar.split(separator: "/")[1])
    // A published build names no secret address in any file (the manifest included, which
    // a copy of the output carries along), only in the feed's own path.
    for (path, data) in site where !path.hasSuffix(".ics") {
      #expect(!String(decoding: data, as: UTF8.self).contains(token), "\(path)")
    }
    let index = String(decoding: site["index.html"] ?? Data(), as: UTF8.self)
    #expect(index.contains("vibekeeper feeds --qr"))
    // A local build shows them, with a QR code each.
    let localIndex = String(decoding: try build(["--local"])["index.html"] ?? Data(), as: UTF8.self)
    #expect(localIndex.contains("webcal://home.example.org/feeds/\(token)/calendar.ics"))
    #expect(localIndex.contains("<svg"))
    let listed = try CLI.run(
      ["feeds", "--data", "home", "--base", "https://home.example.org", "--qr"], cwd: root.url)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("https://home.example.org/feeds/\(token)/"))
    #expect(listed.stdout.contains("█"))
    // Rotating: a new secret, the same safe file, new addresses at the next build.
    let rotated = try CLI.run(["feeds", "rotate", "--data", "home"], cwd: root.url)
    #expect(rotated.status == 0, "\(rotated.stderr)")
    let mode2 = try FileManager.default.attributesOfItem(atPath: local)[.posixPermissions] as? Int
    #expect(mode2 == 0o600)
    let after = try build()
    #expect(!after.keys.contains { $0.contains(token) })
    #expect(after.keys.filter { $0.hasSuffix(".ics") }.count == 6)
    #expect(try CLI.git(["status", "--porcelain"], in: home) == " M vibekeeper.yml\n")
  }

  @Test func secretFeedsWithoutASecretPublishNoFeed() throws {
    let root = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\ntitle: Home\nfeeds: secret\n",
      "data/contacts/ana.md": "---\nname: Ana\nbirthday: 1990-03-01\n---\n",
    ])
    defer { root.cleanup() }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-24"], cwd: root.url)
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("data/vibekeeper.yml:3:1: error: the feeds are secret"), "\(r.stderr)")
    #expect(r.stderr.contains("vibekeeper feeds rotate"))
    let site = SiteFixture.files(root.url.appendingPathComponent("_site"))
    #expect(!site.isEmpty)
    #expect(!site.keys.contains { $0.hasSuffix(".ics") })
    // Only the machine that publishes has the secret: a clone's `check` (a commit hook, CI)
    // is told, and passes.
    let check = try CLI.run(["check"], cwd: root.url)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stderr.contains("data/vibekeeper.yml:3:1: warning: the feeds are secret"),
      "\(check.stderr)")
    // A bad secret is an error at its line; rotate makes a good one, and .gitignore lists it.
    try root.write("data/vibekeeper.local.yml", Data("# mine\nfeed_secret: 12ab\n".utf8))
    let bad = try CLI.run(["check"], cwd: root.url)
    #expect(bad.stderr.contains("data/vibekeeper.local.yml:2:"), "\(bad.stderr)")
    #expect(try CLI.run(["feeds", "rotate"], cwd: root.url).status == 0)
    let text = try String(
      contentsOf: root.url.appendingPathComponent("data/vibekeeper.local.yml"), encoding: .utf8)
    #expect(text.hasPrefix("# mine\nfeed_secret: ") && text.count == 7 + 13 + 64 + 1)
    let ignore = try String(
      contentsOf: root.url.appendingPathComponent("data/.gitignore"), encoding: .utf8)
    #expect(ignore.contains("/vibekeeper.local.yml"))
    #expect(
      try CLI.run(["build", "--output", "_site", "--now", "2026-11-24"], cwd: root.url).status == 0)
  }
}
