import Foundation
import Testing

@testable import VibeKeeper

/// Template folders that are not folders of templates are refused at once, and a template
/// file too big or not a file is reported, never read (issue 14, item 3).
@Suite struct TemplateFolderTests {
  static let now = ["--now", "2026-11-22T10:00"]

  @Test(arguments: ["/", "/proc/self", "/dev"])
  func aSystemFolderIsRefused(_ folder: String) throws {
    let root = try TempFolder(["data/gifts/a.md": "---\ntitle: A\n---\n"])
    defer { root.cleanup() }
    let r = try CLI.run(
      ["build", "--templates", folder, "--output", "_site"] + Self.now, cwd: root.url, seconds: 120,
      memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stderr.contains("is a system folder, not a folder of templates"), "\(r.stderr)")
    let check = try CLI.run(
      ["check", "--templates", folder] + Self.now, cwd: root.url, seconds: 120, memoryMB: 4096)
    #expect(check.status == 1)
  }

  @Test func aFolderWithTooManyFilesIsRefused() throws {
    let root = try TempFolder(["data/gifts/a.md": "---\ntitle: A\n---\n"])
    defer { root.cleanup() }
    let many = root.url.appendingPathComponent("many")
    try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
    for i in 0...TemplateLibrary.maxEntries {
      FileManager.default.createFile(
        atPath: many.appendingPathComponent("t\(i).html").path, contents: nil)
    }
    let r = try CLI.run(
      ["build", "--templates", "many", "--output", "_site"] + Self.now, cwd: root.url, seconds: 120,
      memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stderr.contains("holds more than 5000 files and folders"), "\(r.stderr)")
  }

  @Test func aHugeTemplateAndAPipeAreReportedNotRead() throws {
    let root = try TempFolder([
      "data/gifts/a.md": "---\ntitle: A\n---\n",
      "templates/pages/about.html": "<p>About</p>",
    ])
    defer { root.cleanup() }
    let huge = String(repeating: "x", count: TemplateLibrary.maxTemplateBytes + 1)
    try root.write("templates/pages/huge.html", Data(huge.utf8))
    #expect(mkfifo(root.url.appendingPathComponent("templates/pages/pipe.html").path, 0o644) == 0)
    let r = try CLI.run(
      ["build", "--output", "_site"] + Self.now, cwd: root.url, env: ["NO_COLOR": "1"],
      seconds: 120, memoryMB: 4096)
    #expect(
      r.stderr.contains(
        "templates/pages/huge.html:1:1: error: the template is 4 MB; templates are limited to 4 MB"),
      "\(r.stderr)")
    #expect(
      r.stderr.contains("templates/pages/pipe.html:1:1: warning: ignored: not a regular file"))
    #expect(r.status == 1)
  }
}

/// The hostile reproducers run under a time and memory limit (`CLI.run(seconds:memoryMB:)`):
/// a regression shows as a failure, never as a hung or swapping test run.
@Suite struct HostileLimitTests {
  @Test func aRunawayRunIsKilledAndSaysSo() throws {
    // `watch` never ends by itself: the limit ends it.
    let root = try TempFolder(["data/gifts/a.md": "---\ntitle: A\n---\n"])
    defer { root.cleanup() }
    let r = try CLI.run(["watch", "--output", "_site"], cwd: root.url, seconds: 3, memoryMB: 4096)
    #expect(r.timedOut)
  }

  /// A data repository's template that doubles a text thirty times: a positioned error,
  /// within 2 GB, not "failed to allocate".
  @Test func aRunawayTemplateValueIsAnError() throws {
    let page =
      "{% set s = 'xy' %}" + String(repeating: "{% set s = s ~ s %}", count: 30) + "{{ s }}"
    let root = try TempFolder([
      "data/gifts/a.md": "---\ntitle: A\n---\n", "templates/pages/boom.html": page,
    ])
    defer { root.cleanup() }
    let r = try CLI.run(
      ["build", "--output", "_site", "--now", "2026-11-22"], cwd: root.url, env: ["NO_COLOR": "1"],
      seconds: 120, memoryMB: 2048)
    #expect(!r.timedOut)
    #expect(r.status == 1)
    #expect(r.stderr.contains("templates/pages/boom.html:1:"), "\(r.stderr)")
    #expect(r.stderr.contains("the value limit"))
  }

  @Test func anAliasBombStaysWithinItsLimits() throws {
    let yaml = RealSizeTests.aliasBomb(levels: 9)
    let root = try TempFolder(["data/games/bomb.yml": yaml])
    defer { root.cleanup() }
    let r = try CLI.run(
      ["check", "--now", "2026-11-22"], cwd: root.url, seconds: 60, memoryMB: 2048)
    #expect(!r.timedOut)
    #expect(r.status == 1)
    #expect(r.stderr.contains("the YAML expands to more than"))
  }
}
