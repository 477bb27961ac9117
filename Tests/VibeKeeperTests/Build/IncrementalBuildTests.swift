import Foundation
import TestHelpers
import Testing

@testable import VibeKeeper

/// Incremental builds: after a change, a build that skips the pages whose reads did not
/// change publishes exactly the bytes a full build (every page rendered, `--full`) publishes
/// from the same previous site — for edits, additions and removals of records, settings,
/// templates, media, and a later "now" — while rendering only the pages the change touched.
@Suite struct IncrementalBuildTests {
  static let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00 UTC

  /// A copy of the bundled data (and an optional template folder) with two outputs built
  /// from it in the same way.
  struct Fixture {
    let root: URL
    var data: URL { root.appendingPathComponent("data") }
    var templates: URL { root.appendingPathComponent("templates") }
    var incremental: URL { root.appendingPathComponent("incremental") }
    var full: URL { root.appendingPathComponent("full") }

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("vk-incr-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("data"), to: data)
      try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    }

    func build(
      into output: URL, full: Bool = false, now: Date = IncrementalBuildTests.now,
      strict: Bool = false, loadCache: LoadCache? = nil
    ) throws -> SiteBuild.Outcome {
      var build = SiteBuild(
        data: data, dataDisplay: "data", templates: templates, templatesDisplay: "templates",
        output: output)
      build.full = full
      build.strict = strict
      build.loadCache = loadCache
      let outcome = build.run { LocalClock(now: now, timeZone: $0.timeZone) }
      #expect(outcome.failure == nil)
      return outcome
    }

    /// Builds both outputs from the current data.
    func buildBoth(now: Date = IncrementalBuildTests.now) throws {
      _ = try build(into: incremental, now: now)
      _ = try build(into: full, full: true, now: now)
    }

    /// After a change: the incremental build and the full build publish the same bytes.
    /// Returns the incremental build's outcome.
    @discardableResult
    func compare(now: Date = IncrementalBuildTests.now, strict: Bool = false) throws
      -> SiteBuild.Outcome
    {
      let incremental = try build(into: self.incremental, now: now, strict: strict)
      let full = try build(into: self.full, full: true, now: now, strict: strict)
      #expect(full.skipped == 0)
      #expect(incremental.rendered + incremental.skipped == full.rendered)
      try expectSameOutputs()
      return incremental
    }

    /// The two outputs hold the same files, byte for byte.
    func expectSameOutputs() throws {
      let a = try Self.files(incremental)
      let b = try Self.files(full)
      #expect(a.keys.sorted() == b.keys.sorted())
      for path in a.keys.sorted() where a[path] != b[path] {
        Issue.record("\(path) differs between the incremental and the full build")
      }
    }

    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
      let url = root.appendingPathComponent(path)
      let text = try String(contentsOf: url, encoding: .utf8)
      let changed = change(text)
      #expect(changed != text, "the edit of \(path) changed nothing")
      try Data(changed.utf8).write(to: url)
    }

    /// Edits one to three of the record files at random (`editAtRandom`); the paths edited.
    @discardableResult
    func editSomeAtRandom(round: Int, using rng: inout SeededGenerator) throws -> [String] {
      let files = try FileManager.default.subpathsOfDirectory(atPath: data.path)
        .filter { $0.hasSuffix(".md") || $0.hasSuffix(".yml") }
        .filter { $0 != "vibekeeper.yml" }.sorted()
      var edited: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let path = "data/" + files[Int.random(in: 0..<files.count, using: &rng)]
        try editAtRandom(path, round: round, using: &rng)
        edited.append(path)
      }
      return edited
    }

    /// Changes a digit or a letter somewhere in the file (values, names, bodies), or adds
    /// a comment line when there is none.
    func editAtRandom(_ path: String, round: Int, using rng: inout SeededGenerator) throws {
      try edit(path) { text in
        var chars = Array(text)
        for _ in 0..<10 {
          let i = Int.random(in: 0..<chars.count, using: &rng)
          if chars[i].isNumber, chars[i] != "9" {
            chars[i] = Character(String((chars[i].wholeNumberValue ?? 0) + 1))
            break
          }
          if chars[i].isLetter {
            chars[i] = chars[i] == "e" ? "a" : "e"
            break
          }
        }
        let changed = String(chars)
        return changed == text ? text + "\n# edited \(round)\n" : changed
      }
    }

    func remove(_ path: String) throws {
      try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    func cleanup() { try? FileManager.default.removeItem(at: root) }

    /// Every file under a folder (following the output's link), by relative path.
    static func files(_ folder: URL) throws -> [String: Data] {
      let base = folder.resolvingSymlinksInPath()
      var out: [String: Data] = [:]
      let fm = FileManager.default
      guard let walker = fm.enumerator(atPath: base.path) else { return out }
      for case let rel as String in walker {
        var isDir: ObjCBool = false
        let path = base.appendingPathComponent(rel).path
        if fm.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
          out[rel] = fm.contents(atPath: path)
        }
      }
      return out
    }
  }

  @Test func aRebuildWithoutChangesRendersNothing() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    let again = try f.compare()
    #expect(again.rendered == 0)
    #expect(again.skipped > 70)
  }

  @Test func editingAGiftRendersOnlyWhatShowsIt() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "About 80 cm tall.", with: "About 90 cm tall.")
    }
    let body = try f.compare()
    #expect(body.rendered >= 1)
    #expect(body.rendered <= 6)  // the gift's page, and pages embedding its description
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "title: Olive tree", with: "title: Lemon tree")
    }
    let title = try f.compare()
    #expect(title.rendered > body.rendered)
    #expect(title.rendered < title.skipped)
  }

  @Test func editingAContactReachesTheGiftsForThem() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    let path = "data/contacts/family/bjorn.md"
    try f.edit(path) { text in
      text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.hasPrefix("name:") ? "name: Björn Renamed" : String($0)
      }.joined(separator: "\n")
    }
    let outcome = try f.compare()
    #expect(outcome.rendered > 1)
    let page = try Fixture.files(f.incremental)["contacts/family/bjorn.html"]
    #expect(String(decoding: try #require(page), as: UTF8.self).contains("Björn Renamed"))
  }

  @Test func addingAndRemovingRecords() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    try f.write(
      "data/gifts/new-kite.md",
      "---\ntitle: A red kite\nfor: partner\nprice: 19.90\nstatus: idea\n---\nFor windy days.\n")
    try f.compare()
    #expect(try Fixture.files(f.incremental)["gifts/new-kite.html"] != nil)
    try f.remove("data/gifts/new-kite.md")
    try f.remove("data/gifts/pottery-course.md")
    try f.compare()
    #expect(try Fixture.files(f.incremental)["gifts/new-kite.html"] == nil)
    #expect(try Fixture.files(f.incremental)["gifts/pottery-course.html"] == nil)
  }

  @Test func settingsTemplatesAndMediaChanges() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    try f.edit("data/vibekeeper.yml") {
      $0.replacingOccurrences(of: "title: The Okafor-Lindqvist household", with: "title: Home")
    }
    let settings = try f.compare()
    #expect(settings.skipped < 10)  // the title is on every page
    // A user template overriding one default re-renders the pages that use it.
    let record = try #require(DefaultTemplates.all["gifts/record.html"])
    try f.write(
      "templates/gifts/record.html", record.replacingOccurrences(of: "Details", with: "Facts"))
    let template = try f.compare()
    #expect(template.rendered > 5)
    #expect(template.rendered < template.skipped)
    // A changed photo changes the gift pages that show it (its size is in the page).
    let png = try #require(
      FileManager.default.contents(
        atPath: f.data.appendingPathComponent("media/gifts/wool-scarf.png").path))
    try png.write(to: f.data.appendingPathComponent("media/gifts/moomin-mug.png"))
    try f.compare()
  }

  @Test func aLaterNowAndAnotherEnvironment() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    let minute = try f.compare(now: Self.now.addingTimeInterval(60))
    #expect(minute.rendered < 20)  // the dashboard and the list pages say "as of"
    try f.compare(now: Self.now.addingTimeInterval(86_400))
    // Across the year end and a leap day.
    try f.compare(now: utc("2027-12-31T23:30"))
    try f.compare(now: utc("2028-02-29T12:00"))
    let strict = try f.compare(now: utc("2028-02-29T12:00"), strict: true)
    #expect(strict.skipped == 0)  // strictness is part of every page's environment
  }

  @Test func aDamagedBuildStateMeansAFullRender() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    for output in [f.incremental, f.full] {
      // The build state sits beside the published tree, named by its manifest's hash.
      let trees = SiteTrees(output: output)
      let record = try #require(trees.buildStatePath(ofTree: trees.output))
      let fd = open(record, O_WRONLY | O_TRUNC)
      if fd >= 0 {
        _ = "damaged".withCString { write(fd, $0, 7) }
        close(fd)
      }
    }
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nMore.\n" }
    let outcome = try f.compare()
    #expect(outcome.skipped == 0)
  }

  /// `watch`: decoded files are kept between builds in one process, and only the changed
  /// file is decoded again; the site is still the full build's.
  @Test func rebuildsInOneProcessDecodeOnlyChangedFiles() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    // Files only count as settled (safe to reuse) a while after they were last written.
    Thread.sleep(forTimeInterval: 2.2)
    let first = try f.build(into: f.incremental, loadCache: LoadCache())
    #expect(first.decodedFiles > 40)
    _ = try f.build(into: f.full, full: true)
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nWater it weekly.\n" }
    let second = try f.build(into: f.incremental, loadCache: first.loadCache)
    #expect(second.decodedFiles == 1)
    #expect(second.rendered < 10)
    _ = try f.build(into: f.full, full: true)
    #expect(try Fixture.files(f.incremental) == Fixture.files(f.full))
  }

  /// Many rounds of seeded random edits across the data, each checked against a full build.
  @Test func randomEditSequences() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    try f.buildBoth()
    var rng = SeededGenerator(seed: 9)
    for round in 0..<6 {
      try f.editSomeAtRandom(round: round, using: &rng)
      try f.compare(now: Self.now.addingTimeInterval(Double(round) * 3_600))
    }
  }
}
