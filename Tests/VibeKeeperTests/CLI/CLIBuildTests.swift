import Foundation
import Testing

@testable import VibeKeeper

@Suite struct CLIBuildTests {
  /// A data folder of `gifts` gift pages with a template for them.
  static func bigFolder(gifts: Int) throws -> TempFolder {
    var files: [String: String] = [
      "data/vibekeeper.yml": "timezone: Europe/Berlin\n",
      "templates/gifts/record.html": "<h1>{{ gift.title }}</h1>{{ gift.description }}",
    ]
    for i in 0..<gifts {
      files["data/gifts/g\(i).md"] =
        "---\ntitle: Gift \(i)\nprice: \(i % 90 + 10)\n---\nA *gift* number \(i).\n"
    }
    return try TempFolder(files)
  }

  /// Whether the output folder is exactly what its manifest says: a complete site.
  static func isComplete(_ out: URL) -> Bool {
    guard let manifest = SiteManifest.read(from: out) else { return false }
    for (path, hash) in manifest.files {
      guard let data = FileManager.default.contents(atPath: out.appendingPathComponent(path).path),
        ContentHash([UInt8](data)) == hash
      else { return false }
    }
    return true
  }

  /// `watch` and `serve` whose output can never be published (inside the data folder, as
  /// run from within it) stop at once with the reason, exit 1, and write nothing there.
  @Test func watchAndServeStopOnAnOutputInsideTheData() throws {
    let folder = try TempFolder(["data/vibekeeper.yml": "timezone: Europe/Berlin\n"])
    defer { folder.cleanup() }
    let data = folder.url.appendingPathComponent("data")
    for command in [["watch"], ["serve", "--port", "0"]] {
      let r = try CLI.run(command + ["--data", ".", "--now", "2026-11-22T10:00"], cwd: data)
      #expect(r.status == 1, "\(command)")
      #expect(r.stderr.contains("is inside"), "\(r.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["vibekeeper.yml"])
  }

  @Test func buildPrintsASummaryAndExitsZero() throws {
    let root = try Self.bigFolder(gifts: 3)
    defer { root.cleanup() }
    let r = try CLI.run(
      ["build", "--data", "data", "--output", "_site", "--now", "2026-11-22T10:00"], cwd: root.url)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("Built "))
    #expect(r.stdout.contains("from 3 records into _site (0 errors, 0 warnings)"))
    #expect(
      FileManager.default.fileExists(
        atPath: root.url.appendingPathComponent("_site/gifts/g1.html").path))
    let bad = try CLI.run(["build", "--data", "data", "--output", "data"], cwd: root.url)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("is or contains"))
    let usage = try CLI.run(["build", "--now", "tomorrow"], cwd: root.url)
    #expect(usage.status == 2)
  }

  /// The real executable: a second build renders nothing, `--full` renders everything,
  /// and `--verbose` says so.
  @Test func rebuildsAreIncrementalUnlessFull() throws {
    let root = try Self.bigFolder(gifts: 3)
    defer { root.cleanup() }
    let build = [
      "build", "--data", "data", "--output", "_site", "--now", "2026-11-22T10:00", "--verbose",
    ]
    let first = try CLI.run(build, cwd: root.url)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(" 0 unchanged since the last build"))
    let again = try CLI.run(build, cwd: root.url)
    #expect(again.stdout.contains(" 0 rendered, "), "\(again.stdout)")
    #expect(again.stdout.contains("load "))
    let full = try CLI.run(build + ["--full"], cwd: root.url)
    #expect(full.stdout.contains(" 0 unchanged since the last build"), "\(full.stdout)")
    #expect(full.stdout.contains("0 written"))  // same bytes: nothing to write
  }

  @Test func killNineNeverLeavesAHalfSite() throws {
    let root = try Self.bigFolder(gifts: 1500)
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let first = try CLI.run(
      ["build", "--data", "data", "--output", "_site", "--now", "2026-11-22"], cwd: root.url)
    #expect(first.status == 0)
    let before = SiteFixture.files(out)
    // Change every page, then kill builds at different moments.
    try root.write("templates/gifts/record.html", Data("<h2>{{ gift.title }}</h2>".utf8))
    for delay in [0.05, 0.3, 0.7, 1.2] {
      let p = Process()
      p.executableURL = CLI.executable
      p.arguments = [
        "build", "--data", "data", "--output", "_site", "--now", "2026-11-22", "--quiet",
      ]
      p.currentDirectoryURL = root.url
      p.standardOutput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      try p.run()
      Thread.sleep(forTimeInterval: delay)
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      // The output is the old site or the new one, whole, never a mix.
      #expect(Self.isComplete(out), "after kill at \(delay) s")
    }
    // A later build finishes and clears what the killed ones left beside the output.
    let last = try CLI.run(
      ["build", "--data", "data", "--output", "_site", "--now", "2026-11-22"], cwd: root.url)
    #expect(last.status == 0)
    #expect(Self.isComplete(out))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.url.path).filter {
      $0.contains("vibekeeper-")
    }
    #expect(leftovers.isEmpty)
    #expect(SiteFixture.files(out)["gifts/g7.html"] != before["gifts/g7.html"])
    // The output is a real folder; beside it are the spare tree and the build state of
    // each, the decode cache, and nothing else.
    let state = root.url.appendingPathComponent("._site.vibekeeper").path
    let entries = try FileManager.default.contentsOfDirectory(atPath: state).sorted()
    #expect(
      entries.filter { !$0.hasSuffix(".state") && !$0.hasSuffix(".manifest") } == [
        "decode-cache", "next", "tmp",
      ],
      "\(entries)")
    #expect(entries.count { $0.hasSuffix(".state") } == 2, "\(entries)")
    // Each tree's list of files is beside it too; in the tree is only a marker naming it.
    #expect(entries.count { $0.hasSuffix(".manifest") } == 2, "\(entries)")
    let marker = try String(
      contentsOf: out.appendingPathComponent(SiteManifest.fileName), encoding: .utf8)
    #expect(marker.hasPrefix("# vibekeeper site 2\nmanifest ") && !marker.contains(".html"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/tmp") == [])
    #expect(FileCalls.kind(out.path) == .folder)
  }

  /// The output is a plain folder: `cp -r`, `tar`, `rsync -a`, `find` and `git add` of it
  /// see every file the site has (not a link to follow).
  @Test func copyTarRsyncAndFindSeeEveryFile() throws {
    let root = try Self.bigFolder(gifts: 4)
    defer { root.cleanup() }
    let build = ["build", "--data", "data", "--output", "_site", "--now", "2026-11-22"]
    #expect(try CLI.run(build, cwd: root.url).status == 0)
    try root.write("data/gifts/g1.md", Data("---\ntitle: Gift one, changed\n---\n".utf8))
    #expect(try CLI.run(build, cwd: root.url).status == 0)
    let out = root.url.appendingPathComponent("_site")
    let expected = Set(SiteFixture.files(out).keys)
    #expect(expected.contains("gifts/g1.html") && expected.count > 10)
    var script = """
      set -e
      cp -r _site copied
      tar -cf site.tar _site
      mkdir untarred && tar -xf site.tar -C untarred
      """
    let rsync = try CLI.shell("command -v rsync", in: root.url).status == 0
    if rsync { script += "\nrsync -a _site/ synced/" }
    #expect(try CLI.shell(script, in: root.url).status == 0)
    let found = try CLI.shell("find _site -type f | sed 's|^_site/||'", in: root.url).stdout
    #expect(Set(found.split(separator: "\n").map(String.init)) == expected)
    // `git add` of the output sees the files too (not one link).
    let added = try CLI.shell(
      "git init -q . && git add _site && git ls-files _site | sed 's|^_site/||'", in: root.url)
    #expect(Set(added.stdout.split(separator: "\n").map(String.init)) == expected)
    var copies = ["copied", "untarred/_site"]
    if rsync { copies.append("synced") }
    for copy in copies {
      let files = SiteFixture.files(root.url.appendingPathComponent(copy))
      #expect(Set(files.keys) == expected, "\(copy)")
      #expect(files["gifts/g1.html"] == SiteFixture.files(out)["gifts/g1.html"])
    }
  }

  @Test func killNineDuringIncrementalPublishesNeverLeavesAHalfSite() throws {
    let root = try Self.bigFolder(gifts: 1500)
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let build = ["build", "--data", "data", "--output", "_site", "--now", "2026-11-22"]
    // Two builds, so both trees exist and each later build updates the older one.
    for _ in 0..<2 { #expect(try CLI.run(build, cwd: root.url).status == 0) }
    var sites = [SiteFixture.files(out)]
    for round in 0..<6 {
      // One gift changes (its page and the lists showing it), then the build is killed.
      try root.write(
        "data/gifts/g\(round).md", Data("---\ntitle: Changed \(round)\nprice: 5\n---\n".utf8))
      let p = Process()
      p.executableURL = CLI.executable
      p.arguments = build + ["--quiet"]
      p.currentDirectoryURL = root.url
      p.standardOutput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      try p.run()
      Thread.sleep(forTimeInterval: [0.3, 0.6, 0.8, 0.9, 1.0, 1.1][round])
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      #expect(Self.isComplete(out), "after kill in round \(round)")
      // Whole: exactly a site published before or the one being built.
      let now = SiteFixture.files(out)
      if !sites.contains(now) { sites.append(now) }
      #expect(sites.count <= round + 2)
    }
    #expect(try CLI.run(build, cwd: root.url).status == 0)
    #expect(Self.isComplete(out))
    let full = try Self.bigFolder(gifts: 0)
    defer { full.cleanup() }
    // The same data built from scratch elsewhere gives the same files.
    try FileManager.default.removeItem(at: full.url.appendingPathComponent("data"))
    try FileManager.default.copyItem(
      at: root.url.appendingPathComponent("data"), to: full.url.appendingPathComponent("data"))
    #expect(try CLI.run(build, cwd: full.url).status == 0)
    #expect(SiteFixture.files(full.url.appendingPathComponent("_site")) == SiteFixture.files(out))
  }
}
