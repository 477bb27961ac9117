import Foundation
import Testing

@testable import VibeKeeper

/// `private: true` records and private kinds never reach a published byte; UIDs never
/// depend on `base_url`; the site asks not to be indexed.
@Suite struct PrivacyTests {
  static let files = [
    "data/vibekeeper.yml":
      "timezone: Europe/Berlin\nprivate: [reminders, doses]\nbase_url: https://a.example.org/\n",
    "data/contacts/secret.md":
      "---\nname: Zelda Secretname\nbirthday: 1990-12-01\nprivate: true\n---\n",
    "data/contacts/ana.md": "---\nname: Ana\nbirthday: 1992-12-05\n---\n",
    "data/gifts/ring.md":
      "---\ntitle: Engagement ring hidden\nfor: ana\nprice: 900\nphoto: media/ring.png\nprivate: true\n---\n",
    "data/gifts/book.md": "---\ntitle: A book\nfor: secret\n---\n",
    "data/reminders/pills.md":
      "---\ntitle: Antidepressant dose\nschedule: {time: \"08:00\", days: daily}\ncreated: 2026-11-01\n---\n",
    "data/media/ring.png": "not really a png",
  ]

  @Test func privateRecordsAreInNoPublishedByte() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-22"], cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    let site = SiteFixture.files(folder.url.appendingPathComponent("_site"))
    #expect(!site.isEmpty)
    for (path, data) in site {
      let text = String(decoding: data, as: UTF8.self)
      // "A book" is a gift for Zelda: about her, hidden with her.
      for secret in [
        "Zelda", "Secretname", "Engagement ring", "Antidepressant", "ring.png", "A book",
      ] {
        #expect(!text.contains(secret), "\(secret) in \(path)")
      }
    }
    #expect(site["media/ring.png"] == nil)
    #expect(site["reminders.ics"] != nil)
    #expect(String(decoding: site["robots.txt"] ?? Data(), as: UTF8.self).contains("Disallow: /"))
    let index = String(decoding: site["index.html"] ?? Data(), as: UTF8.self)
    #expect(index.contains("noindex"))
    // Subscribe links for phones: webcal:// on the base address.
    #expect(index.contains("href=\"webcal://a.example.org/calendar.ics\""))
    // The terminal still shows them.
    let report = try CLI.run(["report", "reminders", "--now", "2026-11-22"], cwd: folder.url)
    #expect(report.stdout.contains("Antidepressant dose"))
  }

  /// Hiding a record changes nothing else about what is shown: a private contact's
  /// anniversary is still an anniversary that counts its years, and a gift for a private
  /// occasion is hidden with it, never suggested for another occasion. A gift whose
  /// occasion is left out for an error is not suggested either.
  @Test func hidingARecordChangesNothingElse() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\n",
      "data/contacts/hidden.md": "---\nname: Hidden person\nprivate: true\n---\n",
      "data/contacts/mom.md": "---\nname: Mom\nbirthday: 1960-12-20\n---\n",
      "data/occasions/p.yml": """
      - {id: hocc, title: Hidden anniv, date: 2020-12-01, recurring: yearly, contact: hidden}
      - {id: spa-day, title: Spa weekend, date: 2027-01-20, contact: mom, private: true}

      """,
      "data/occasions/broken.md": "---\ntitle: Broken\ndate: 2026-13-01\n---\n",
      "data/gifts/ideas.yml": """
      - {id: robe, title: Bathrobe, for: mom, occasion: spa-day, price: 35}
      - {id: lamp, title: Lamp, for: mom, occasion: broken, price: 8}
      - {id: scarf, title: Scarf, for: mom, price: 20}

      """,
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["build", "--output", "_site", "--now", "2026-11-25T10:00"], cwd: folder.url)
    let site = SiteFixture.files(folder.url.appendingPathComponent("_site"))
    func page(_ path: String) -> String { String(decoding: site[path] ?? Data(), as: UTF8.self) }
    #expect(page("occasions/hocc.html").contains("<dd>Anniversary</dd>"), "\(r.stderr)")
    #expect(page("index.html").contains("6 years"))
    #expect(!site.values.contains { String(decoding: $0, as: UTF8.self).contains("Bathrobe") })
    let dashboard = page("index.html")
    #expect(dashboard.contains("Scarf"))
    #expect(!dashboard.contains("Lamp"))
  }

  /// A private item is not shown by its id either: its purchases, prices and list lines
  /// are about it, and are hidden with it (pages, feeds, the search index).
  @Test func aPrivateItemIsNotShownByItsID() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\n",
      "data/items/pregnancy-test.md": "---\nname: Test kit\nprivate: true\n---\n",
      "data/items/bread.md": "---\nname: Bread\n---\n",
      "data/purchases/2026/11.yml":
        "- {date: 2026-11-10, item: pregnancy-test, price: 9.99, expires: 2026-11-24}\n"
        + "- {date: 2026-11-14, item: pregnancy-test, price: 9.49}\n"
        + "- {date: 2026-11-12, item: bread, price: 2.49, expires: 2026-11-23}\n",
      "data/prices/2026.yml": "- {date: 2026-11-01, item: pregnancy-test, price: 8.99, store: A}\n",
      "data/shopping/week.md":
        "---\ntitle: Week\nitems:\n  - {item: pregnancy-test}\n  - {item: bread}\n---\n",
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-22"], cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    let site = SiteFixture.files(folder.url.appendingPathComponent("_site"))
    #expect(site["items/bread.html"] != nil)
    for (path, data) in site {
      let text = String(decoding: data, as: UTF8.self)
      for secret in ["pregnancy", "Test kit", "9.99", "9,99"] {
        #expect(!text.contains(secret), "\(secret) in \(path)")
      }
    }
  }

  /// A link in media/ to the settings, a hidden folder or a left-out one (`_notes`) is
  /// ignored with a warning: it would publish the feed secret, a git history or drafts.
  @Test func mediaLinksToWhatIsNotDataAreIgnored() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\n",
      "data/vibekeeper.local.yml": "feed_secret: \(String(repeating: "7", count: 64))\n",
      "data/_notes/draft.md": "surprise party\n",
      "data/.hidden/key.txt": "secret key\n",
      "data/media/ok.png": "png",
    ])
    defer { folder.cleanup() }
    let media = folder.url.appendingPathComponent("data/media")
    for (name, target) in [
      ("local.txt", "../vibekeeper.local.yml"), ("notes", "../_notes"), ("hidden", "../.hidden"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: media.appendingPathComponent(name).path, withDestinationPath: target)
    }
    let r = try CLI.run(["build", "--output", "_site", "--now", "2026-11-22"], cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("'media/local.txt' links to vibekeeper.local.yml"), "\(r.stderr)")
    #expect(r.stderr.contains("'media/notes' links to _notes"), "\(r.stderr)")
    let site = SiteFixture.files(folder.url.appendingPathComponent("_site"))
    #expect(site["media/ok.png"] != nil)
    for (path, data) in site {
      let text = String(decoding: data, as: UTF8.self)
      for secret in ["7777777777", "surprise party", "secret key"] {
        #expect(!text.contains(secret), "\(secret) in \(path)")
      }
    }
  }

  @Test func uidsDoNotDependOnBaseURL() throws {
    func uids(_ base: String?) throws -> [String] {
      var files = ["contacts/ana.md": "---\nname: Ana\nbirthday: 1992-12-05\n---\n"]
      files["vibekeeper.yml"] = base.map { "base_url: \($0)\n" } ?? ""
      let h = try load(files).household
      let clock = LocalClock(now: utc("2026-11-22T10:00"), timeZone: .gmt)
      return FeedEvents.all(
        FeedInputs(household: h, analysis: HouseholdAnalysis(h, clock: clock), stamps: FeedStamps())
      ).map(\.uid)
    }
    let none = try uids(nil)
    #expect(!none.isEmpty)
    #expect(try uids("https://a.example.org/") == none)
    #expect(try uids("http://192.168.1.5:8080/home/") == none)
    #expect(none.allSatisfy { $0.hasSuffix("@vibekeeper") })
    let chosen = try load(["vibekeeper.yml": "uid_domain: smith.family\n"]).household.settings
    #expect(chosen.uidDomain == "smith.family")
  }
}
