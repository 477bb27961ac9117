import Foundation
import Testing

@testable import VibeKeeper

/// Builds sites through the whole pipeline (load, analyse, render, publish).
enum SiteFixture {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let now = NowOption.parse("2026-11-22T10:00", timeZone: berlin)!

  /// Removes a site built into `out` and what the publisher keeps beside it (the spare tree
  /// and the build state, in `.NAME.vibekeeper`).
  static func remove(_ out: URL) {
    try? FileManager.default.removeItem(at: out)
    try? FileManager.default.removeItem(atPath: SiteTrees(output: out.standardizedFileURL).state)
  }

  /// Builds `data` into a fresh temporary folder with the built-in templates.
  static func build(
    data: URL, templates: URL? = nil, output: URL? = nil, strict: Bool = false
  ) -> (SiteBuild.Outcome, URL) {
    let out =
      output
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "vk-site-\(UUID().uuidString)")
    var build = SiteBuild(
      data: data, dataDisplay: "data", templates: templates, templatesDisplay: templates?.path,
      output: out)
    build.strict = strict
    let outcome = build.run(clock: { LocalClock(now: now, timeZone: $0.timeZone) })
    return (outcome, out)
  }

  /// Every file under a folder (or the tree an output link points to), by relative path.
  static func files(_ folder: URL) -> [String: Data] {
    let root = folder.resolvingSymlinksInPath()
    var out: [String: Data] = [:]
    let base = root.standardizedFileURL.path + "/"
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return [:] }
    for case let url as URL in walker {
      let path = url.standardizedFileURL.path
      if let d = FileManager.default.contents(atPath: path), !url.hasDirectoryPath,
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      {
        out[String(path.dropFirst(base.count))] = d
      }
    }
    return out
  }

  /// The `href` and `src` values of an HTML text.
  static func links(in html: String) -> [String] {
    var found: [String] = []
    for attribute in ["href=\"", "src=\""] {
      var rest = html[...]
      while let r = rest.range(of: attribute) {
        rest = rest[r.upperBound...]
        if let end = rest.firstIndex(of: "\"") {
          found.append(String(rest[..<end]))
          rest = rest[end...]
        }
      }
    }
    return found
  }
}

@Suite struct SiteBuildTests {
  let bundled = repositoryRoot.appendingPathComponent("data")

  @Test func bundledDataBuildsWithNoDeadLinks() throws {
    let (outcome, out) = SiteFixture.build(data: bundled)
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil)
    #expect(outcome.diagnostics.filter { $0.severity != .note }.isEmpty, "\(outcome.diagnostics)")
    #expect(outcome.records == 321)
    let files = SiteFixture.files(out)
    #expect(files["index.html"] != nil)
    #expect(files["search-index.json"] != nil)
    // The search page loads the index as a script of its own, the same JSON.
    let script = String(decoding: files["search-index.js"] ?? Data(), as: UTF8.self)
    let json = String(decoding: files["search-index.json"] ?? Data(), as: UTF8.self)
    #expect(script == "window.vibekeeperSearchIndex = " + json + ";\n")
    let search = String(decoding: files["search.html"] ?? Data(), as: UTF8.self)
    #expect(search.contains("<script src=\"search-index.js\"></script>"))
    #expect(!search.contains("\"records\""))
    #expect(files["media/gifts/wool-scarf.png"] != nil)
    var checked = 0
    for (path, data) in files where path.hasSuffix(".html") {
      let page = out.appendingPathComponent(path).deletingLastPathComponent()
      for link in SiteFixture.links(in: String(decoding: data, as: UTF8.self)) {
        if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:")
          || link.hasPrefix("webcal://") || link.hasPrefix("#")
        {
          continue
        }
        let target = link.split(separator: "#", maxSplits: 1).first.map(String.init) ?? link
        let decoded = target.removingPercentEncoding ?? target
        let resolved = page.appendingPathComponent(decoded).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: resolved), "dead link \(link) in \(path)")
        checked += 1
      }
    }
    if files.keys.contains("contacts/partner.html") { #expect(checked > 100) }
  }

  @Test func sameInputsGiveTheSameBytes() throws {
    let (_, a) = SiteFixture.build(data: bundled)
    let (_, b) = SiteFixture.build(data: bundled)
    defer {
      SiteFixture.remove(a)
      SiteFixture.remove(b)
    }
    let fa = SiteFixture.files(a)
    let fb = SiteFixture.files(b)
    #expect(fa.keys.sorted() == fb.keys.sorted())
    for (k, v) in fa { #expect(fb[k] == v, "\(k) differs") }
  }

  @Test func anOutputThatIsOrContainsTheDataIsRefused() throws {
    let root = try TempFolder(["data/contacts/a.md": "---\nname: A\n---\n"])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    for output in [data, root.url, data.appendingPathComponent("site")] {
      let (outcome, _) = SiteFixture.build(data: data, output: output)
      #expect(outcome.failure?.description.contains("output folder") == true)
    }
    #expect(SiteFixture.files(data).keys.sorted() == ["contacts/a.md"])
  }

  @Test func aFailingTemplatePublishesNothing() throws {
    let root = try TempFolder([
      "data/contacts/a.md": "---\nname: A\n---\n",
      "templates/index.html": "{{ site.title | nosuchfilter }}",
    ])
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let (first, _) = SiteFixture.build(data: root.url.appendingPathComponent("data"), output: out)
    #expect(first.failure == nil)
    let before = SiteFixture.files(out)
    try root.write("templates/index.html", Data("{{ site.title | nosuchfilter }}".utf8))
    let (second, _) = SiteFixture.build(
      data: root.url.appendingPathComponent("data"),
      templates: root.url.appendingPathComponent("templates"), output: out)
    #expect(second.failure != nil)
    #expect(second.diagnostics.contains { $0.message.contains("unknown filter 'nosuchfilter'") })
    #expect(SiteFixture.files(out) == before)
  }

  @Test func strictRefusesDataErrors() throws {
    let root = try TempFolder(["data/gifts/a.md": "---\ntitle: A\nprice: abc\n---\n"])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let out = root.url.appendingPathComponent("_site")
    let (lenient, _) = SiteFixture.build(data: data, output: out)
    #expect(lenient.failure == nil)
    #expect(lenient.diagnostics.hasErrors)
    let (strict, _) = SiteFixture.build(
      data: data, output: root.url.appendingPathComponent("_strict"), strict: true)
    #expect(strict.failure?.description.contains("--strict") == true)
    #expect(
      !FileManager.default.fileExists(atPath: root.url.appendingPathComponent("_strict").path))
  }

  /// The settings say what is private and where the feeds go: with any error in them,
  /// nothing is published (the defaults would open the feeds and show what is private).
  @Test(arguments: [
    "timezone: [oops\n", "<<<<<<< HEAD\ntitle: A\n=======\ntitle: B\n>>>>>>> b\n",
    "feeds: secrte\n", "private: [remiders]\n",
  ])
  func brokenSettingsPublishNothing(_ mistake: String) throws {
    let good = "timezone: Europe/Berlin\nfeeds: secret\nprivate: [reminders]\n"
    let root = try TempFolder([
      "data/vibekeeper.yml": good,
      "data/vibekeeper.local.yml": "feed_secret: " + String(repeating: "ab", count: 32) + "\n",
      "data/contacts/a.md": "---\nname: A\n---\n",
      "data/reminders/pills.md":
        "---\ntitle: Pills\nschedule: {time: \"08:00\", days: daily}\n---\n",
    ])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let out = root.url.appendingPathComponent("_site")
    let (first, _) = SiteFixture.build(data: data, output: out)
    #expect(first.failure == nil)
    let before = SiteFixture.files(out)
    #expect(before["reminders/pills.html"] == nil && before["calendar.ics"] == nil)
    let broken = mistake.hasPrefix("<") ? mistake : good + mistake
    try root.write("data/vibekeeper.yml", Data(broken.utf8))
    let (second, _) = SiteFixture.build(data: data, output: out)
    #expect(second.failure?.description.contains("the settings have an error") == true)
    #expect(SiteFixture.files(out) == before)
  }

  /// `serve` and `watch` keep the site they serve when a rebuild brings an error: a record
  /// is never taken off the live site while it is being edited.
  @Test func aRebuildThatBringsAnErrorKeepsTheServedSite() throws {
    let root = try TempFolder([
      "data/gifts/a.md": "---\ntitle: A\nprice: abc\n---\n",
      "data/gifts/b.md": "---\ntitle: B\n---\n",
    ])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let out = root.url.appendingPathComponent("_site")
    let (first, _) = SiteFixture.build(data: data, output: out)
    #expect(first.failure == nil)
    #expect(first.errorCounts.count == 1)
    func rebuild() -> SiteBuild.Outcome {
      var build = SiteBuild(
        data: data, dataDisplay: "data", templates: nil, templatesDisplay: nil, output: out)
      build.servedErrors = first.errorCounts
      return build.run(clock: { LocalClock(now: SiteFixture.now, timeZone: $0.timeZone) })
    }
    // The error the served site has already does not hold a rebuild up.
    try root.write("data/gifts/b.md", Data("---\ntitle: B2\n---\n".utf8))
    #expect(rebuild().failure == nil)
    let before = SiteFixture.files(out)
    #expect(before["gifts/b.html"] != nil)
    // A new one does: gift b stays on the site as it was.
    try root.write("data/gifts/b.md", Data("---\ntitle: B3\nstatus: boughtt\n---\n".utf8))
    let broken = rebuild()
    #expect(broken.failure?.description.contains("the change brings an error") == true)
    #expect(SiteFixture.files(out) == before)
    // So does a record file emptied on its way to being saved (a warning to `build`).
    try root.write("data/gifts/b.md", Data())
    let emptied = rebuild()
    #expect(emptied.failure?.description.contains("empties a record file") == true)
    #expect(SiteFixture.files(out) == before)
  }

  /// Planned spend is in the settings currency; gifts priced in another currency are
  /// added beside it, never dropped.
  @Test func plannedSpendKeepsOtherCurrencies() throws {
    let root = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "data/contacts/mom.md": "---\nname: Mom\n---\n",
      "data/gifts/ideas.yml": """
      - {id: a, title: A, for: mom, price: 30}
      - {id: b, title: B, for: mom, price: 55, currency: USD}
      - {id: c, title: C, for: mom, price: 12, currency: usd}
      - {id: d, title: D, for: mom, price: 99, status: given}

      """,
    ])
    defer { root.cleanup() }
    let (outcome, out) = SiteFixture.build(data: root.url.appendingPathComponent("data"))
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil)
    let page = String(
      decoding: SiteFixture.files(out)["contacts/mom.html"] ?? Data(), as: UTF8.self)
    #expect(page.contains("<dt>Planned spend</dt><dd>€30.00 + $67.00</dd>"), "\(page)")
  }

  /// A budget in a currency with three decimals: the site's page shows the same figures as
  /// `report budgets` (KWD 1.005 spent, 98.995 left), not amounts rounded to two decimals.
  @Test func theBudgetPageAgreesWithTheReportInTheCurrencysMinorUnit() throws {
    let root = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: KWD\n",
      "data/budgets/kwd.yml":
        "title: November\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n",
      "data/purchases/p.yml": "- {date: 2026-11-02, name: Dates, price: 1.005}\n",
    ])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let (outcome, out) = SiteFixture.build(data: data)
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil, "\(outcome.diagnostics)")
    let page = String(
      decoding: SiteFixture.files(out)["budgets/kwd.html"] ?? Data(), as: UTF8.self)
    #expect(page.contains("<dt>Spent</dt><dd>KWD 1.005</dd>"), "\(page)")
    #expect(page.contains("<dt>Left</dt><dd>KWD 98.995</dd>"), "\(page)")
    // The report, from the same data at the same "now".
    let household = DataLoader(root: data, displayRoot: "data").load().household
    let analysis = HouseholdAnalysis(
      household, clock: LocalClock(now: SiteFixture.now, timeZone: household.settings.timeZone))
    let overview = TableFormatter.text(
      try #require(Reports.budgets(household, analysis: analysis).tables.first))
    #expect(overview.contains("100.000 KWD  1.005 KWD  98.995 KWD"), "\(overview)")
  }

  /// A yearly occasion that ended with `until` last fell on its final year's date.
  @Test func anEndedYearlyOccasionShowsItsLastDate() throws {
    let root = try TempFolder([
      "data/vibekeeper.yml": "timezone: Europe/Berlin\n",
      "data/occasions/tg.yml":
        "title: Thanksgiving\ndate: 2021-11-25\nrecurring: 4th Thursday of November\nuntil: 2026-11-21\n",
    ])
    defer { root.cleanup() }
    let (outcome, out) = SiteFixture.build(data: root.url.appendingPathComponent("data"))
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil, "\(outcome.diagnostics)")
    let files = SiteFixture.files(out)
    let page = String(decoding: files["occasions/tg.html"] ?? Data(), as: UTF8.self)
    // 2026's fourth Thursday (26 November) is after `until`: the last was 28 November 2025.
    #expect(page.contains(#"Was on <time datetime="2025-11-27">Thursday 27 November 2025</time>"#))
    #expect(
      Occasion(
        meta: RecordMeta(id: "o", location: .init(file: "o", line: 1, column: 1), path: "o"),
        title: "O", date: LocalDate(year: 2020, month: 2, day: 29)!
      )
      .lastDate(onOrBefore: LocalDate(year: 2020, month: 1, day: 1)!) == nil)
  }

  @Test func aMissingPhotoIsADiagnosticNotAFailure() throws {
    let root = try TempFolder(["data/gifts/a.md": "---\ntitle: A\nphoto: gifts/missing.png\n---\n"])
    defer { root.cleanup() }
    let (outcome, out) = SiteFixture.build(data: root.url.appendingPathComponent("data"))
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil)
    #expect(
      outcome.diagnostics.map(\.message) == [
        "the photo media/gifts/missing.png of gift 'a' does not exist"
      ])
  }

  @Test func userTemplatesOverrideByNameAndAddPages() throws {
    let root = try TempFolder([
      "data/contacts/a.md": "---\nname: Ana\n---\n",
      "data/gifts/g.md": "---\ntitle: Kite\nfor: a\nprice: 12.5\n---\n",
      "templates/contacts/record.html": "<p>Custom {{ contact.name }}</p>",
      "templates/pages/gifts.md":
        "# Gifts\n{% for g in gifts %}- {{ g.title }} for {{ g.recipient.name }}: {{ g.price | currency(g.currency) }}\n{% endfor %}",
      "templates/pages/notes/today.txt": "{{ site.today }}",
    ])
    defer { root.cleanup() }
    let (outcome, out) = SiteFixture.build(
      data: root.url.appendingPathComponent("data"),
      templates: root.url.appendingPathComponent("templates"))
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil)
    let files = SiteFixture.files(out)
    #expect(
      files["contacts/a.html"].map { String(decoding: $0, as: UTF8.self) } == "<p>Custom Ana</p>")
    #expect(
      files["gifts.md"].map { String(decoding: $0, as: UTF8.self) }
        == "# Gifts\n- Kite for Ana: $12.50\n")
    #expect(files["notes/today.txt"].map { String(decoding: $0, as: UTF8.self) } == "2026-11-22")
    // Built-in templates still render what the user did not override.
    #expect(files["gifts/g.html"] != nil)
    #expect(files["index.html"] != nil)
  }
}
