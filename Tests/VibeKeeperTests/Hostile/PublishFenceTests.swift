import Foundation
import Testing

@testable import VibeKeeper

/// A build never replaces a good site with a wrong one (issue 14, item 1): a missing or
/// wrong data folder, or one that lost most of its records, publishes nothing and exits 1;
/// any error makes `build` exit 1, even when it published.
@Suite struct PublishFenceTests {
  static let now = ["--now", "2026-11-22T10:00"]

  /// A copy of the bundled data, built once into `_site`.
  static func published() throws -> (TempFolder, [String: Data]) {
    let folder = try SameDiagnosticsTests.dataFolder([:])
    let first = try CLI.run(
      ["build", "--output", "_site"] + now, cwd: folder.url, seconds: 120, memoryMB: 4096)
    #expect(first.status == 0, "\(first.stderr)")
    return (folder, try site(folder))
  }

  /// Every published file and its bytes.
  static func site(_ folder: TempFolder) throws -> [String: Data] {
    try IncrementalBuildTests.Fixture.files(folder.url.appendingPathComponent("_site"))
  }

  @Test(arguments: [
    (["--data", "dta"], "there is no data folder at 'dta'"),
    (["--data", "data/vibekeeper.yml"], "'data/vibekeeper.yml' is a file, not a data folder"),
  ])
  func aWrongDataFolderPublishesNothing(_ data: [String], _ message: String) throws {
    let (folder, before) = try Self.published()
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["build", "--output", "_site"] + data + Self.now, cwd: folder.url, env: ["NO_COLOR": "1"],
      seconds: 120, memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.contains("so nothing was published"))
    #expect(try Self.site(folder) == before)
  }

  @Test func aFolderThatLostMostRecordsPublishesNothing() throws {
    let (folder, before) = try Self.published()
    defer { folder.cleanup() }
    // A checkout in progress: most kind folders are gone for a moment.
    let data = folder.url.appendingPathComponent("data")
    for kind in ["purchases", "results", "prices"] {
      try FileManager.default.removeItem(at: data.appendingPathComponent(kind))
    }
    let r = try CLI.run(
      ["build", "--output", "_site"] + Self.now, cwd: folder.url, seconds: 120, memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stderr.contains("where the published site has 321, so nothing was published"))
    #expect(try Self.site(folder) == before)
    // The records were really removed: said so, it publishes.
    let forced = try CLI.run(
      ["build", "--output", "_site", "--allow-shrink"] + Self.now, cwd: folder.url, seconds: 120,
      memoryMB: 4096)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Self.site(folder) != before)
  }

  @Test func anErrorMakesBuildExitOneButTheRestIsPublished() throws {
    let (folder, before) = try Self.published()
    defer { folder.cleanup() }
    // A record with an error is left out of the site whole, so no figure counts it.
    try folder.write("data/gifts/bad.md", Data("---\ntitle: Bad\nprice: twelve\n---\n".utf8))
    try folder.write("data/gifts/untitled.md", Data("---\nprice: 3\n---\n".utf8))
    try folder.write("data/gifts/new.md", Data("---\ntitle: Fresh idea\n---\n".utf8))
    let r = try CLI.run(
      ["build", "--output", "_site"] + Self.now, cwd: folder.url, seconds: 120, memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stdout.contains("(2 errors, 0 warnings)"), "\(r.stdout)")
    #expect(r.stdout.contains("records with errors are left out"))
    let after = try Self.site(folder)
    #expect(after["gifts/new.html"] != nil)
    #expect(after["gifts/untitled.html"] == nil)
    #expect(after["gifts/bad.html"] == nil)
    #expect(after != before)
  }

  /// `watch` builds through the same step: a data folder that is gone for a moment (a
  /// checkout, an editor swapping it) leaves the last good site as it was.
  @Test func aVanishedDataFolderKeepsTheSite() throws {
    let (folder, before) = try Self.published()
    defer { folder.cleanup() }
    let data = folder.url.appendingPathComponent("data")
    let moved = folder.url.appendingPathComponent("data-away")
    try FileManager.default.moveItem(at: data, to: moved)
    var build = SiteBuild(
      data: data, dataDisplay: "data", templates: nil, templatesDisplay: nil,
      output: folder.url.appendingPathComponent("_site"))
    build.loadCache = LoadCache()
    let outcome = build.run { LocalClock(now: utc("2026-11-22T09:00"), timeZone: $0.timeZone) }
    #expect(outcome.failure?.description.contains("cannot be read") == true)
    #expect(outcome.published == nil)
    #expect(try Self.site(folder) == before)
  }
}
