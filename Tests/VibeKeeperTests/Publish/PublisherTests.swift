import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PublisherTests {
  let fm = FileManager.default

  func read(_ url: URL, _ path: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }

  func inode(_ url: URL, _ path: String) -> UInt64? {
    (try? fm.attributesOfItem(atPath: url.appendingPathComponent(path).path)[.systemFileNumber]
      as? UInt64)
      ?? nil
  }

  @Test func publishesReplacesAndLinksUnchangedFiles() throws {
    let root = try TempFolder([:])
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let p = Publisher(output: out, protecting: [])
    let first = try p.publish([
      OutputFile(path: "index.html", text: "home 1"),
      OutputFile(path: "contacts/a.html", text: "A"),
      OutputFile(path: "old.html", text: "gone soon"),
    ])
    #expect(first == Publisher.Stats(written: 3, unchanged: 0, removed: 0, kept: 0))
    let aInode = inode(out, "contacts/a.html")
    let second = try p.publish([
      OutputFile(path: "index.html", text: "home 2"),
      OutputFile(path: "contacts/a.html", text: "A"),
    ])
    #expect(second == Publisher.Stats(written: 1, unchanged: 1, removed: 1, kept: 0))
    #expect(read(out, "index.html") == "home 2")
    #expect(read(out, "old.html") == nil)
    #expect(inode(out, "contacts/a.html") == aInode)  // hard-linked, not rewritten
    // No staging folders are left beside the output.
    #expect(try fm.contentsOfDirectory(atPath: root.url.path).sorted() == ["_site"])
  }

  @Test func userFilesInTheOutputAreKept() throws {
    let root = try TempFolder([:])
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let p = Publisher(output: out, protecting: [])
    try p.publish([OutputFile(path: "index.html", text: "home")])
    try Data("example.org".utf8).write(to: out.appendingPathComponent("CNAME"))
    let stats = try p.publish([OutputFile(path: "index.html", text: "home")])
    #expect(stats.kept == 1)
    #expect(read(out, "CNAME") == "example.org")
    // A generated file may never land on a user's file.
    #expect(throws: PublishError.self) { try p.publish([OutputFile(path: "CNAME", text: "x")]) }
    #expect(read(out, "CNAME") == "example.org")
  }

  @Test func refusesFoldersItDidNotMake() throws {
    let root = try TempFolder(["docs/notes.txt": "mine"])
    defer { root.cleanup() }
    let p = Publisher(output: root.url.appendingPathComponent("docs"), protecting: [])
    #expect(throws: PublishError.self) {
      try p.publish([OutputFile(path: "index.html", text: "x")])
    }
    #expect(read(root.url, "docs/notes.txt") == "mine")
    // An empty existing folder is fine.
    try fm.createDirectory(
      at: root.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    try Publisher(output: root.url.appendingPathComponent("empty"), protecting: []).publish([
      OutputFile(path: "index.html", text: "x")
    ])
    #expect(read(root.url, "empty/index.html") == "x")
  }

  @Test func refusesOutputThatIsOrContainsOrSitsInDataOrTemplates() throws {
    let root = try TempFolder(["data/vibekeeper.yml": "", "templates/x.html": ""])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let templates = root.url.appendingPathComponent("templates")
    for output in [data, root.url, data.appendingPathComponent("_site"), templates] {
      let p = Publisher(output: output, protecting: [data, templates])
      #expect(throws: PublishError.self) {
        try p.publish([OutputFile(path: "index.html", text: "x")])
      }
    }
    #expect(read(root.url, "data/vibekeeper.yml") == "")
  }

  @Test func unsafeOrClashingPathsFailBeforeAnythingIsTouched() throws {
    let root = try TempFolder([:])
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    let p = Publisher(output: out, protecting: [])
    try p.publish([OutputFile(path: "index.html", text: "old")])
    for bad in [
      [OutputFile(path: "../evil.html", text: "x")],
      [OutputFile(path: "/etc/x", text: "x")],
      [OutputFile(path: "a", text: "x"), OutputFile(path: "a/b", text: "y")],
      [OutputFile(path: "a", text: "x"), OutputFile(path: "a", text: "y")],
    ] {
      #expect(throws: PublishError.self) { try p.publish(bad) }
      #expect(read(out, "index.html") == "old")
    }
    #expect(!fm.fileExists(atPath: root.url.appendingPathComponent("evil.html").path))
  }

  @Test func leftoversOfAnInterruptedBuildAreCleanedUp() throws {
    let root = try TempFolder([".\("_site").vibekeeper-new/half.html": "half"])
    defer { root.cleanup() }
    let out = root.url.appendingPathComponent("_site")
    try Publisher(output: out, protecting: []).publish([OutputFile(path: "index.html", text: "x")])
    #expect(try fm.contentsOfDirectory(atPath: root.url.path).sorted() == ["_site"])
    #expect(read(out, "half.html") == nil)
  }

  @Test func manifestRoundTrips() {
    var m = SiteManifest()
    m.files["b/c.html"] = ContentHash(Array("hello".utf8))
    m.files["a.html"] = ContentHash([])
    #expect(m.text.hasPrefix("# vibekeeper manifest 1\n"))
    #expect(ContentHash(Array("hello".utf8)) != ContentHash(Array("hellp".utf8)))
    let lines = m.text.split(separator: "\n")
    #expect(lines[1].hasSuffix("\ta.html"))
    #expect(lines[2].hasSuffix("\tb/c.html"))
  }
}
