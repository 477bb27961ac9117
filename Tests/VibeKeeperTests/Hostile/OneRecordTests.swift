import Foundation
import Testing

@testable import VibeKeeper

/// One record never fails the whole build, and `check` finds everything `build` would
/// (issue 14, items 4 and 12).
@Suite struct OneRecordTests {
  static let now = ["--now", "2026-11-22T10:00"]

  /// `check` and `build` on `extra` files added to the bundled data: the same diagnostics,
  /// and a published site.
  static func run(_ extra: [String: String]) throws -> (
    check: CLI.Output, build: CLI.Output, site: [String: Data]
  ) {
    let folder = try SameDiagnosticsTests.dataFolder([:])
    defer { folder.cleanup() }
    for (path, text) in extra { try folder.write(path, Data(text.utf8)) }
    let env = ["NO_COLOR": "1"]
    let check = try CLI.run(
      ["check"] + now, cwd: folder.url, env: env, seconds: 120, memoryMB: 4096)
    let build = try CLI.run(
      ["build", "--output", "_site"] + now, cwd: folder.url, env: env, seconds: 120, memoryMB: 4096)
    let site = try IncrementalBuildTests.Fixture.files(folder.url.appendingPathComponent("_site"))
    return (check, build, site)
  }

  /// A page template that does not parse is said once (the library and the page's render
  /// both meet it), and counted once.
  @Test func aBrokenPageTemplateIsSaidOnce() throws {
    let r = try Self.run(["templates/pages/e.txt": "x {% endif %}\n"])
    let lines = r.check.stderr.split(separator: "\n").filter { $0.contains("pages/e.txt:1:") }
    #expect(lines.count == 1, "\(r.check.stderr)")
    #expect(r.check.stdout.contains("1 error"), "\(r.check.stdout)")
  }

  @Test func aPageTemplateOverABuiltInPageIsAnErrorAtTheTemplate() throws {
    let r = try Self.run(["templates/pages/index.html": "<p>mine</p>"])
    let message =
      "templates/pages/index.html:1:1: error: template pages/index.html would write index.html, which template index.html already writes"
    #expect(r.check.stderr.contains(message), "\(r.check.stderr)")
    #expect(r.build.stderr.contains(message))
    #expect(r.check.status == 1)
    #expect(r.build.status == 1)
    // A template's own page left out is a template error: nothing is published (a record's
    // page left out for its id is a data error, and the rest is published).
    #expect(r.build.stderr.contains("a template failed, so nothing was published"))
    #expect(r.site.isEmpty)
    // Said once, though the library and the page both met it.
    #expect(r.check.stderr.components(separatedBy: message).count == 2)
  }

  @Test func anIdThatMakesAFolderOfAPageIsAnErrorAtTheRecord() throws {
    let r = try Self.run(["data/contacts/partner.html/x.md": "---\nname: X\n---\n"])
    let message =
      "data/contacts/partner.html/x.md:2:1: error: contact 'partner.html/x' would write contacts/partner.html/x.html, but contacts/partner.html is a file of the site"
    #expect(r.check.stderr.contains(message), "\(r.check.stderr)")
    #expect(r.build.stderr.contains(message), "\(r.build.stderr)")
    #expect(r.build.status == 1)
    #expect(r.site["contacts/partner.html"] != nil)
    #expect(r.site["contacts/partner.html/x.html"] == nil)
  }

  @Test func anAbsurdAmountIsAnErrorAtItsField() throws {
    let tiny = "0." + String(repeating: "0", count: 60) + "1"
    let r = try Self.run([
      "data/purchases/2026/dust.yml": "- date: 2026-11-21\n  name: Dust\n  price: \(tiny)\n"
    ])
    let message = "data/purchases/2026/dust.yml:3:10: error: 'price' is out of range"
    #expect(r.check.stderr.contains(message), "\(r.check.stderr)")
    #expect(r.build.stderr.contains(message))
    #expect(r.site["budgets/index.html"] != nil)
  }

  @Test func aRecordItsTemplateCannotShowIsLeftOutAndTheRestPublished() throws {
    let r = try Self.run([
      // Division by zero for a contact without tags only.
      "templates/contacts/record.html":
        "<h1>{{ contact.name }}</h1>{{ 10 / (contact.tags | length) }}",
      "data/contacts/notags.md": "---\nname: No Tags\ntags: []\n---\n",
    ])
    #expect(
      r.build.stderr.contains(
        "data/contacts/notags.md:2:1: warning: the page of contact 'notags' is left out"),
      "\(r.build.stderr)")
    #expect(r.build.status == 1)
    #expect(r.site["contacts/notags.html"] == nil)
    #expect(r.site["gifts/index.html"] != nil)
    #expect(r.check.stderr.contains("the page of contact 'notags' is left out"))
  }

  /// A record template that fails for every record it has is the template's failure, not
  /// the records': nothing is published (the gifts would all vanish from the site).
  @Test func aRecordTemplateThatFailsForEveryRecordPublishesNothing() throws {
    let r = try Self.run([
      "templates/gifts/record.html":
        "{% extends \"_layout.html\" %}{% block content %}{{ 1 / (gift.price - gift.price) }}{% endblock %}\n"
    ])
    #expect(r.build.status == 1)
    #expect(
      r.build.stderr.contains("a template failed, so nothing was published"), "\(r.build.stderr)")
    #expect(!r.build.stderr.contains("is left out: it cannot be rendered"))
    #expect(r.site.isEmpty)
  }
}
