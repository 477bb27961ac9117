import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PublisherTests {
  let fm = FileManager.default

  @Test func publishesIntoARealFolderAndRemovesWhatIsNoLongerGenerated() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let first = try f.publisher.publish([
      OutputFile(path: "index.html", text: "home 1"),
      OutputFile(path: "contacts/a.html", text: "A"),
      OutputFile(path: "old/gone.html", text: "gone soon"),
    ])
    #expect(first == Publisher.Stats(written: 3))
    #expect(f.isFolder)
    #expect(f.read("old/gone.html") == "gone soon")
    let aInode = f.inode("contacts/a.html")
    let second = try f.publisher.publish([
      OutputFile(path: "index.html", text: "home 2"),
      OutputFile(path: "contacts/a.html", text: "A"),
    ])
    #expect(second == Publisher.Stats(written: 1, linked: 1, removed: 1))
    #expect(f.isFolder)
    #expect(f.read("index.html") == "home 2")
    #expect(f.read("old/gone.html") == nil)
    #expect(!fm.fileExists(atPath: f.out.appendingPathComponent("old").path))
    #expect(f.inode("contacts/a.html") == aInode)  // hard-linked, not rewritten
    // The previous tree is kept as it was, for the next publish to bring up to date.
    #expect(f.read("index.html", in: f.spare) == "home 1")
    #expect(
      try fm.contentsOfDirectory(atPath: f.root.url.path).sorted() == [
        "._site.vibekeeper", "_site",
      ])
    #expect(PublishFixture.isComplete(f.out))
  }

  /// A publish killed after its switch leaves the trash and a half-filled scratch folder;
  /// the next publish clears them even when there is nothing new to publish (the kill -9
  /// test found them left under load).
  @Test func leftoversAreClearedWhenNothingChanged() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let files = [OutputFile(path: "index.html", text: "home")]
    _ = try f.publisher.publish(files)
    let state = f.root.url.appendingPathComponent("._site.vibekeeper")
    try fm.createDirectory(
      at: state.appendingPathComponent("trash/old"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: state.appendingPathComponent("tmp/half.html"))
    let again = try f.publisher.publish(files)
    #expect(again == Publisher.Stats(unchanged: 1))
    #expect(
      try fm.contentsOfDirectory(atPath: state.path).filter { !$0.hasSuffix(".manifest") } == [
        "tmp"
      ])
    #expect(try fm.contentsOfDirectory(atPath: state.appendingPathComponent("tmp").path).isEmpty)
  }

  @Test func userFilesInTheOutputAreKept() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    try f.publisher.publish([OutputFile(path: "index.html", text: "home")])
    try Data("example.org".utf8).write(to: f.out.appendingPathComponent("CNAME"))
    let stats = try f.publisher.publish([OutputFile(path: "index.html", text: "home 2")])
    #expect(stats.kept == 1)
    #expect(f.read("CNAME") == "example.org")
    #expect(f.inode("CNAME") == f.inode("CNAME", in: f.spare))
    // A generated file may never land on a user's file, nor a generated folder.
    for clash in [
      [OutputFile(path: "CNAME", text: "x")], [OutputFile(path: "CNAME/index.html", text: "x")],
    ] {
      #expect(throws: PublishError.self) { try f.publisher.publish(clash) }
      #expect(f.read("CNAME") == "example.org")
    }
    // Nor may a user's file sit where the site now needs a file: inside one.
    try fm.createDirectory(
      at: f.out.appendingPathComponent("notes"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: f.out.appendingPathComponent("notes/todo.txt"))
    #expect(throws: PublishError.self) {
      try f.publisher.publish([OutputFile(path: "notes", text: "x")])
    }
    #expect(f.read("notes/todo.txt") == "mine")
  }

  @Test func userFilesRemovedOrReplacedAreFollowed() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let site = [OutputFile(path: "index.html", text: "home")]
    try f.publisher.publish(site)  // a
    try Data("one".utf8).write(to: f.out.appendingPathComponent("CNAME"))
    try Data("keep".utf8).write(to: f.out.appendingPathComponent("keep.txt"))
    try f.publisher.publish(site + [OutputFile(path: "x.html", text: "1")])  // b, with both
    // The user removes one file and replaces the other (a new file, not an edit in place).
    try fm.removeItem(at: f.out.appendingPathComponent("keep.txt"))
    try fm.removeItem(at: f.out.appendingPathComponent("CNAME"))
    try Data("two".utf8).write(to: f.out.appendingPathComponent("CNAME"))
    let stats = try f.publisher.publish(site + [OutputFile(path: "x.html", text: "2")])  // a
    #expect(f.isFolder)
    #expect(stats.kept == 1)
    #expect(f.read("CNAME") == "two")
    #expect(f.read("keep.txt") == nil)
    #expect(PublishFixture.isComplete(f.out, extra: ["CNAME"]))
  }

  @Test func refusesFoldersItDidNotMake() throws {
    let root = try TempFolder(["docs/notes.txt": "mine", "file": "x"])
    defer { root.cleanup() }
    for name in ["docs", "file"] {
      let p = Publisher(output: root.url.appendingPathComponent(name), protecting: [])
      #expect(throws: PublishError.self) {
        try p.publish([OutputFile(path: "index.html", text: "x")])
      }
    }
    #expect(
      try String(contentsOf: root.url.appendingPathComponent("docs/notes.txt"), encoding: .utf8)
        == "mine")
    // A link VibeKeeper did not make is refused too (and left as it is).
    let link = root.url.appendingPathComponent("site")
    try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "docs")
    #expect(throws: PublishError.self) {
      try Publisher(output: link, protecting: []).publish([OutputFile(path: "i.html", text: "x")])
    }
    #expect(try fm.destinationOfSymbolicLink(atPath: link.path) == "docs")
    // An empty existing folder is replaced by the site.
    let empty = root.url.appendingPathComponent("empty")
    try fm.createDirectory(at: empty, withIntermediateDirectories: true)
    try Publisher(output: empty, protecting: []).publish([
      OutputFile(path: "index.html", text: "x")
    ])
    #expect(FileCalls.kind(empty.path) == .folder)
    #expect(
      try String(contentsOf: empty.appendingPathComponent("index.html"), encoding: .utf8) == "x")
    #expect(
      try fm.contentsOfDirectory(
        atPath: root.url.appendingPathComponent(".empty.vibekeeper/next").path)
        == [])
  }

  @Test func refusesOutputThatIsOrContainsOrSitsInDataOrTemplates() throws {
    let root = try TempFolder(["data/vibekeeper.yml": "", "templates/x.html": ""])
    defer { root.cleanup() }
    let data = root.url.appendingPathComponent("data")
    let templates = root.url.appendingPathComponent("templates")
    // A link to the data folder: an output under it is inside the data folder.
    let alias = root.url.appendingPathComponent("alias")
    try fm.createSymbolicLink(atPath: alias.path, withDestinationPath: "data")
    for output in [
      data, root.url, data.appendingPathComponent("_site"), templates,
      alias.appendingPathComponent("_site"), URL(fileURLWithPath: "/"),
    ] {
      let p = Publisher(output: output, protecting: [data, templates])
      #expect(throws: PublishError.self) {
        try p.publish([OutputFile(path: "index.html", text: "x")])
      }
    }
    #expect(try fm.contentsOfDirectory(atPath: data.path) == ["vibekeeper.yml"])
  }

  @Test func unsafeOrClashingPathsFailBeforeAnythingIsTouched() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    try f.publisher.publish([OutputFile(path: "index.html", text: "old")])
    for bad in [
      [OutputFile(path: "../evil.html", text: "x")],
      [OutputFile(path: "/etc/x", text: "x")],
      [OutputFile(path: "a//b", text: "x")],
      [OutputFile(path: "a/./b", text: "x")],
      [OutputFile(path: "a/", text: "x")],
      [OutputFile(path: SiteManifest.fileName, text: "x")],
      [OutputFile(path: "a", text: "x"), OutputFile(path: "a/b", text: "y")],
      [OutputFile(path: "a", text: "x"), OutputFile(path: "a", text: "y")],
    ] {
      #expect(throws: PublishError.self) { try f.publisher.publish(bad) }
      #expect(f.read("index.html") == "old")
      #expect(f.isFolder)
    }
    #expect(!fm.fileExists(atPath: f.root.url.appendingPathComponent("evil.html").path))
    #expect(OutputFile.isSafePath("a/...b/.c/..."))
    #expect(!OutputFile.isSafePath(""))
    #expect(!OutputFile.isSafePath("a\\b"))
    #expect(!OutputFile.isSafePath(".."))
  }

  @Test func leftoversOfAnEarlierVersionAreCleanedUp() throws {
    let f = try PublishFixture([".\("_site").vibekeeper-new/half.html": "half"])
    defer { f.cleanup() }
    try f.publisher.publish([OutputFile(path: "index.html", text: "x")])
    #expect(
      try fm.contentsOfDirectory(atPath: f.root.url.path).sorted() == [
        "._site.vibekeeper", "_site",
      ])
    #expect(f.read("half.html") == nil)
  }

  @Test func manifestRoundTrips() throws {
    var m = SiteManifest()
    m.files["b/c.html"] = ContentHash(Array("hello".utf8))
    m.files["a.html"] = ContentHash([])
    m.files["ünï/çode.html"] = ContentHash(Array(repeating: 200, count: 100_000))
    #expect(m.text.hasPrefix("# vibekeeper manifest 1\n"))
    #expect(ContentHash(Array("hello".utf8)) != ContentHash(Array("hellp".utf8)))
    // Any one byte changed, anywhere (in the words or the tail), gives another hash; and
    // every such change gives a different one.
    let base = (0..<45).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    var seen: Set<ContentHash> = [ContentHash(base)]
    for i in base.indices {
      for delta: UInt8 in [1, 128] {
        var changed = base
        changed[i] &+= delta
        #expect(seen.insert(ContentHash(changed)).inserted, "byte \(i) + \(delta)")
      }
    }
    #expect(ContentHash([]) != ContentHash([0]))
    #expect(ContentHash([0, 0, 0, 0, 0, 0, 0, 0]) != ContentHash([0, 0, 0, 0, 0, 0, 0, 0, 0]))
    let lines = m.text.split(separator: "\n")
    #expect(lines[1].hasSuffix("\ta.html"))
    #expect(lines[2].hasSuffix("\tb/c.html"))
    #expect(SiteManifest(bytes: Array(m.text.utf8)) == m)
    // Lines that do not parse, and unsafe paths, are skipped; another header is not ours.
    let odd = m.text + "zz-1-2\tx.html\n1-2-3\t../up.html\n1-2\ty.html\n1-2-3\tok.html"
    #expect(SiteManifest(bytes: Array(odd.utf8))?.files.count == 4)
    #expect(SiteManifest(bytes: Array("# other\n1-2-3\ta.html\n".utf8)) == nil)
    #expect(ContentHash(text: "ffffffffffffffff-0-5") != nil)
    #expect(ContentHash(text: "1ffffffffffffffff-0-5") == nil)
    #expect(ContentHash(text: "1--5") == nil)
  }
}
