import Foundation
import Testing

@testable import VibeKeeper

/// The published folder and the spare tree beside it: what a publish touches, and how it
/// recovers.
@Suite struct PublisherTreeTests {
  let fm = FileManager.default

  @Test func oneChangeTouchesOnlyThatFileInTheSpareTree() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    var site = PublishFixture.pages(20) { "page \($0) v1" }
    #expect(try f.publisher.publish(site) == Publisher.Stats(written: 20))  // a
    let first = (0..<20).map { f.inode("pages/p\($0).html") }
    site[0] = OutputFile(path: "pages/p0.html", text: "page 0 v2")
    // b is new: everything unchanged is linked from a.
    #expect(try f.publisher.publish(site) == Publisher.Stats(written: 1, linked: 19))
    #expect(f.isFolder)
    site[1] = OutputFile(path: "pages/p1.html", text: "page 1 v2")
    // a is brought up to date: p0 (changed last time) linked from b, p1 written, the rest
    // not touched at all.
    #expect(try f.publisher.publish(site) == Publisher.Stats(written: 1, linked: 1, unchanged: 18))
    #expect(f.isFolder)
    for i in 2..<20 {
      #expect(f.inode("pages/p\(i).html") == first[i])
      #expect(f.inode("pages/p\(i).html", in: f.spare) == first[i])
    }
    #expect(f.inode("pages/p0.html") == f.inode("pages/p0.html", in: f.spare))
    #expect(f.inode("pages/p1.html") != f.inode("pages/p1.html", in: f.spare))
    #expect(f.inode("pages/p1.html") != first[1])
    // Nothing was changed in place: b still has p1 as it was.
    #expect(f.read("pages/p1.html", in: f.spare) == "page 1 v1")
    #expect(f.read("pages/p1.html") == "page 1 v2")
    #expect(f.read("pages/p0.html") == "page 0 v2")
    #expect(PublishFixture.isComplete(f.out))
    #expect(
      try fm.contentsOfDirectory(atPath: f.root.url.path + "/._site.vibekeeper")
        .filter { !$0.hasSuffix(".manifest") }.sorted() == [
          "next", "tmp",
        ])
    #expect(try fm.contentsOfDirectory(atPath: f.root.url.path + "/._site.vibekeeper/tmp") == [])
  }

  @Test func consecutivePublishesExchangeTreesAndEachIsComplete() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    for round in 0..<5 {
      // Each round changes one page, adds one and drops one.
      var site = PublishFixture.pages(8) { $0 == round ? "changed \(round)" : "page \($0)" }
      site.append(OutputFile(path: "extra/r\(round).html", text: "round \(round)"))
      try f.publisher.publish(site)
      #expect(f.isFolder)
      #expect(PublishFixture.isComplete(f.out))
      let expected = Dictionary(
        uniqueKeysWithValues: site.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
      #expect(f.files().filter { $0.key != SiteManifest.fileName } == expected)
    }
  }

  /// A process that publishes again (`serve`) keeps each tree's listing and takes it while
  /// every folder's stamp says it still holds: a file of the user's put in the output, or
  /// a generated one removed by hand, between publishes is seen all the same.
  @Test func keptListingsAreTakenOnlyWhileTheirFoldersAreUnchanged() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let memory = PublishMemory()
    let publisher = f.publisher(keeping: memory)
    // Past the file-time tick (`TreeListing.settleNanoseconds`), so listings are trusted.
    func settle() { Thread.sleep(forTimeInterval: 0.05) }
    var pages = PublishFixture.pages(40) { "page \($0)" }
    func change(_ i: Int, _ text: String) {
      pages[i] = OutputFile(path: pages[i].path, text: text)
    }
    try publisher.publish(pages)
    for round in 0..<3 {
      settle()
      change(round, "changed \(round)")
      try publisher.publish(pages)
    }
    #expect(memory.listingsTaken > 0)
    #expect(PublishFixture.isComplete(f.out))
    settle()
    try "mine".write(
      to: f.out.appendingPathComponent("pages/mine.txt"), atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(at: f.out.appendingPathComponent("pages/p7.html"))
    change(5, "changed again")
    try publisher.publish(pages)
    #expect(f.read("pages/mine.txt") == "mine")
    #expect(f.read("pages/p7.html") == "page 7")
    #expect(f.read("pages/p5.html") == "changed again")
    #expect(PublishFixture.isComplete(f.out, extra: ["pages/mine.txt"]))
    for round in 0..<2 {
      settle()
      change(6, "round \(round)")
      try publisher.publish(pages)
      #expect(f.read("pages/mine.txt") == "mine")
      #expect(PublishFixture.isComplete(f.out, extra: ["pages/mine.txt"]))
      #expect(PublishFixture.isComplete(f.spare, extra: ["pages/mine.txt"]))
    }
  }

  /// A publish that keeps a memory lists the tree it published once its folders settled,
  /// on a thread of its own: the next build's look at the published files takes that
  /// listing; a page removed by hand after it is seen all the same.
  @Test func theTreeJustPublishedIsListedForTheNextBuild() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let memory = PublishMemory()
    let publisher = f.publisher(keeping: memory)
    var pages = PublishFixture.pages(30) { "page \($0)" }
    try publisher.publish(pages)
    pages[2] = OutputFile(path: pages[2].path, text: "changed")
    try publisher.publish(pages)
    memory.waitForListings()
    let taken = memory.listingsTaken
    #expect(publisher.reusableFiles().count == pages.count)
    #expect(memory.listingsTaken == taken + 1)
    try FileManager.default.removeItem(at: f.out.appendingPathComponent("pages/p3.html"))
    let reusable = publisher.reusableFiles()
    #expect(reusable.count == pages.count - 1 && reusable["pages/p3.html"] == nil)
    #expect(memory.listingsTaken == taken + 1)
  }

  /// A publisher that keeps a memory (and so compares files by position with the manifest
  /// it wrote, `TreeKnowledge`) does exactly what one without does, publish for publish:
  /// pages added, removed, changed and put in another order, a file of the user's added
  /// and removed, a page removed by hand, a reused page gone from the published tree.
  @Test func publishingWithAMemoryDoesWhatPublishingWithoutDoes() throws {
    let kept = try PublishFixture()
    let plain = try PublishFixture()
    defer {
      kept.cleanup()
      plain.cleanup()
    }
    let withMemory = kept.publisher(keeping: PublishMemory())
    func both(_ files: [OutputFile], _ comment: Comment) throws {
      let a = Result { try withMemory.publish(files) }
      let b = Result { try plain.publisher.publish(files) }
      switch (a, b) {
      case (.success(let x), .success(let y)): #expect(x == y, comment)
      case (.failure(let x as PublishError), .failure(let y as PublishError)):
        #expect(x.staleReuse == y.staleReuse, comment)
      default: Issue.record("\(a) against \(b): \(comment)")
      }
      #expect(kept.files() == plain.files(), comment)
      #expect(kept.files(in: kept.spare) == plain.files(in: plain.spare), comment)
    }
    func onBoth(_ change: (URL) throws -> Void) throws {
      try change(kept.out)
      try change(plain.out)
    }
    var pages = PublishFixture.pages(24) { "page \($0)" }
    try both(pages, "first")
    try both(pages, "again")
    pages[3] = OutputFile(path: pages[3].path, text: "changed")
    try both(pages, "one changed")
    try both(pages + [OutputFile(path: "pages/new.html", text: "new")], "one added")
    try both(pages, "the added one removed")
    try both(Array(pages.dropFirst(2)), "two removed")
    try both(pages.reversed(), "in another order")
    try onBoth {
      try "mine".write(
        to: $0.appendingPathComponent("pages/mine.txt"), atomically: false, encoding: .utf8)
    }
    try both(pages, "a file of the user's")
    try onBoth {
      try FileManager.default.removeItem(at: $0.appendingPathComponent("pages/mine.txt"))
    }
    try onBoth {
      try FileManager.default.removeItem(at: $0.appendingPathComponent("pages/p5.html"))
    }
    try both(pages, "a page removed by hand")
    guard let hash = SiteManifest.read(from: plain.out)?.files["pages/p6.html"] else {
      Issue.record("no manifest")
      return
    }
    var reused = pages
    reused[6] = .unchanged(path: "pages/p6.html", hash: hash)
    try both(reused, "reused")
    try onBoth {
      try FileManager.default.removeItem(at: $0.appendingPathComponent("pages/p6.html"))
    }
    try both(reused, "reused, but removed by hand")
    try both(pages, "after")
  }

  /// A process that publishes again checks paths it has not checked before: the very same
  /// paths in the same order are taken as checked, any other list is checked whole.
  @Test func pathsAreCheckedAgainUnlessTheyAreTheLastOnes() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let publisher = f.publisher(keeping: PublishMemory())
    let pages = PublishFixture.pages(5) { "page \($0)" }
    try publisher.publish(pages)
    // As many paths as last time, one of them unsafe or clashing.
    for bad in ["../escape.html", "pages/p1.html/inside.html", "pages/p2.html"] {
      var list = pages
      list[4] = OutputFile(path: bad, text: "x")
      #expect(throws: PublishError.self) { try publisher.publish(list) }
    }
    // The same paths in another order are checked and published.
    #expect(try publisher.publish(pages.reversed()) == Publisher.Stats(unchanged: pages.count))
    #expect(try publisher.publish(pages) == Publisher.Stats(unchanged: pages.count))
    #expect(PublishFixture.isComplete(f.out))
  }

  /// `whenLive` is called the moment the output shows the new site, with its build state
  /// already beside it (the state is made while the tree is updated); a publish that
  /// fails is never live.
  @Test func theSiteIsLiveWithItsState() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let v1 = [OutputFile(path: "index.html", text: "home v1")]
    let v2 = [OutputFile(path: "index.html", text: "home v2")]
    try f.publisher.publish(v1, state: [1])
    try f.publisher.publish(v2, state: [2])
    let calls = LockedCalls()
    // Back to v1: its tree (the spare) had the state of two publishes ago.
    let stats = try f.publisher.publish(
      v1,
      whenLive: {
        calls.add("live")
        #expect(f.read("index.html") == "home v1")
        #expect(f.publisher.publishedState() == [3])
      },
      state: {
        calls.add("state")
        return [3]
      })
    #expect(stats == Publisher.Stats(unchanged: 1))
    #expect(calls.all == ["state", "live"])
    // Nothing changed: the state written for the same site, then live.
    calls.clear()
    try f.publisher.publish(
      v1,
      whenLive: {
        calls.add("live")
        #expect(f.publisher.publishedState() == [4])
      },
      state: {
        calls.add("state")
        return [4]
      })
    #expect(calls.all == ["state", "live"])
    // A publish that fails is never live.
    let clash = [
      OutputFile(path: "a", text: "file"), OutputFile(path: "a/b.html", text: "inside"),
    ]
    calls.clear()
    #expect(throws: PublishError.self) {
      try f.publisher.publish(clash, whenLive: { calls.add("live") }, state: { nil })
    }
    #expect(calls.all.isEmpty)
    #expect(f.read("index.html") == "home v1")
  }

  /// What a publish called, in order (its state is made on another thread).
  final class LockedCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    func add(_ call: String) { lock.withLock { calls.append(call) } }
    func clear() { lock.withLock { calls = [] } }
    var all: [String] { lock.withLock { calls } }
  }

  @Test func nothingChangedTouchesNothing() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let site = PublishFixture.pages(5) { "page \($0)" }
    try f.publisher.publish(site)
    try Data("mine".utf8).write(to: f.out.appendingPathComponent("CNAME"))
    #expect(try f.publisher.publish(site) == Publisher.Stats(unchanged: 5, kept: 1))
    #expect(f.isFolder)
    #expect(!fm.fileExists(atPath: f.spare.path))
  }

  @Test func reusedFilesAreLinkedFromThePublishedSite() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    #expect(f.publisher.publishedManifest() == nil)
    // Without a published site nothing can be reused.
    let ghost = OutputFile.unchanged(path: "a.html", hash: ContentHash(Array("A".utf8)))
    #expect(
      performing: { try f.publisher.publish([ghost]) },
      throws: { ($0 as? PublishError)?.staleReuse == "a.html" })
    var site = PublishFixture.pages(4) { "page \($0)" }
    try f.publisher.publish(site)  // a
    try f.publisher.publish(site + [OutputFile(path: "new.html", text: "new")])  // b
    let published = try #require(f.publisher.publishedManifest())
    #expect(published.files.count == 5)
    // Only page 3 is rendered; the others are reused by hash, without bytes.
    site = (0..<3).map {
      .unchanged(path: "pages/p\($0).html", hash: published.files["pages/p\($0).html"]!)
    }
    site.append(OutputFile(path: "pages/p3.html", text: "page 3 v2"))
    site.append(.unchanged(path: "new.html", hash: published.files["new.html"]!))
    // a has pages 0-2 already; new.html is linked from b; page 3 is written.
    #expect(try f.publisher.publish(site) == Publisher.Stats(written: 1, linked: 1, unchanged: 3))
    #expect(f.read("pages/p0.html") == "page 0")
    #expect(f.read("new.html") == "new")
    #expect(f.inode("new.html") == f.inode("new.html", in: f.spare))
    #expect(PublishFixture.isComplete(f.out))
    // A hash the published site does not have for that path (or a path it does not have)
    // is stale: a distinct error, and the site is not touched.
    let before = f.files()
    for stale in [
      OutputFile.unchanged(path: "pages/p3.html", hash: published.files["pages/p3.html"]!),
      OutputFile.unchanged(path: "pages/p9.html", hash: published.files["pages/p0.html"]!),
    ] {
      #expect(
        performing: { try f.publisher.publish([stale]) },
        throws: { ($0 as? PublishError)?.staleReuse == stale.path })
      #expect(f.files() == before)
      #expect(f.isFolder)
    }
    // A published file that vanished cannot be reused either.
    try fm.removeItem(at: f.out.appendingPathComponent("new.html"))
    let gone = OutputFile.unchanged(path: "new.html", hash: published.files["new.html"]!)
    #expect(
      performing: { try f.publisher.publish([gone]) },
      throws: { ($0 as? PublishError)?.staleReuse == "new.html" })
  }

  @Test func aFolderMadeByTheEarlierVersionIsConvertedInPlace() throws {
    // The earlier version published a real folder with a manifest; the user added a file.
    var manifest = SiteManifest()
    manifest.files["index.html"] = ContentHash(Array("home".utf8))
    manifest.files["gifts/a.html"] = ContentHash(Array("A".utf8))
    let f = try PublishFixture([
      "_site/index.html": "home", "_site/gifts/a.html": "A", "_site/CNAME": "example.org",
      "_site/\(SiteManifest.fileName)": manifest.text,
    ])
    defer { f.cleanup() }
    let homeInode = f.inode("index.html")
    let stats = try f.publisher.publish([
      OutputFile(path: "index.html", text: "home"), OutputFile(path: "gifts/a.html", text: "A2"),
    ])
    #expect(stats == Publisher.Stats(written: 1, linked: 1, kept: 1))
    #expect(f.isFolder)
    #expect(f.read("gifts/a.html") == "A2")
    #expect(f.read("CNAME") == "example.org")
    #expect(f.inode("index.html") == homeInode)
    // The old folder is now the spare, complete with its manifest, so the next publish
    // brings it up to date instead of writing everything.
    #expect(f.read("gifts/a.html", in: f.spare) == "A")
    #expect(PublishFixture.isComplete(f.spare, extra: ["CNAME"]))
    let next = try f.publisher.publish([
      OutputFile(path: "index.html", text: "home 3"), OutputFile(path: "gifts/a.html", text: "A2"),
    ])
    #expect(next == Publisher.Stats(written: 1, linked: 1, kept: 1))
    #expect(f.isFolder)
    #expect(f.read("index.html") == "home 3")
    #expect(PublishFixture.isComplete(f.out, extra: ["CNAME"]))
  }

  /// Earlier versions published through a link to tree `a` or `b`; the next publish turns
  /// it into a real folder, keeps the other tree as the spare, and each tree's build state.
  @Test func theLinkOfEarlierVersionsBecomesARealFolder() throws {
    var manifest = SiteManifest()
    manifest.files["index.html"] = ContentHash(Array("home b".utf8))
    var older = SiteManifest()
    older.files["index.html"] = ContentHash(Array("home a".utf8))
    let f = try PublishFixture([
      "._site.vibekeeper/b/index.html": "home b",
      "._site.vibekeeper/b/\(SiteManifest.fileName)": manifest.text,
      "._site.vibekeeper/b.state": "state of b",
      "._site.vibekeeper/a/index.html": "home a",
      "._site.vibekeeper/a/\(SiteManifest.fileName)": older.text,
      "._site.vibekeeper/a.state": "state of a",
    ])
    defer { f.cleanup() }
    try fm.createSymbolicLink(atPath: f.out.path, withDestinationPath: "._site.vibekeeper/b")
    #expect(f.publisher.publishedState() == Array("state of b".utf8))
    #expect(f.publisher.reusableFiles().keys.sorted() == ["index.html"])
    // Nothing new: the link becomes the folder it pointed at, with its state.
    #expect(
      try f.publisher.publish([OutputFile(path: "index.html", text: "home b")], state: [1])
        == Publisher.Stats(unchanged: 1))
    #expect(f.isFolder)
    #expect(f.read("index.html") == "home b")
    #expect(f.read("index.html", in: f.spare) == "home a")
    #expect(f.publisher.publishedState() == [1])
    // The next publish updates the old tree a (now the spare) and exchanges it.
    #expect(
      try f.publisher.publish([OutputFile(path: "index.html", text: "home a")], state: [2])
        == Publisher.Stats(unchanged: 1))
    #expect(f.read("index.html") == "home a")
    #expect(f.publisher.publishedState() == [2])
    let state = f.root.url.appendingPathComponent("._site.vibekeeper").path
    let entries = try fm.contentsOfDirectory(atPath: state).sorted()
    #expect(
      entries.filter { !$0.hasSuffix(".state") && !$0.hasSuffix(".manifest") } == ["next", "tmp"])
    #expect(entries.count { $0.hasSuffix(".state") } == 2)
  }

  /// Where the system cannot exchange two folders in one step, a publish killed between
  /// its two renames leaves the output missing; the next publish puts it back first.
  @Test func aTwoRenameExchangeKilledHalfWayIsPutBack() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let site = [OutputFile(path: "index.html", text: "home")]
    try f.publisher.publish(site, state: [7])
    let trees = SiteTrees(output: f.out)
    try FileCalls.move(trees.output, trees.previousFolder)
    #expect(f.publisher.publishedState() == nil)
    #expect(try f.publisher.publish(site, state: [8]) == Publisher.Stats(unchanged: 1))
    #expect(f.read("index.html") == "home")
    #expect(f.publisher.publishedState() == [8])
  }

  @Test func anInterruptedUpdateIsNeverTrusted() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    let site = PublishFixture.pages(6) { "page \($0)" }
    try f.publisher.publish(site)  // a
    try f.publisher.publish(site + [OutputFile(path: "b-only.html", text: "b")])  // b
    // A publish into the spare was killed half-way: manifest removed, a file half-written
    // (in place of a page), junk of all kinds, scratch files and a pending link left.
    let a = f.spare
    try fm.removeItem(at: a.appendingPathComponent(SiteManifest.fileName))
    try fm.removeItem(at: a.appendingPathComponent("pages/p2.html"))
    try Data("pa".utf8).write(to: a.appendingPathComponent("pages/p2.html"))
    try fm.createDirectory(
      at: a.appendingPathComponent("junk/deep"), withIntermediateDirectories: true)
    try Data("j".utf8).write(to: a.appendingPathComponent("junk/deep/j.html"))
    let state = f.root.url.appendingPathComponent("._site.vibekeeper")
    try fm.createDirectory(
      at: state.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    try Data("half".utf8).write(to: state.appendingPathComponent("tmp/3"))
    try fm.createSymbolicLink(
      atPath: state.appendingPathComponent("link").path, withDestinationPath: "x")
    let stats = try f.publisher.publish(site)
    // a was rebuilt from scratch: every file linked from b (none written).
    #expect(stats == Publisher.Stats(linked: 6, removed: 1))
    #expect(f.isFolder)
    #expect(f.read("pages/p2.html") == "page 2")
    #expect(!fm.fileExists(atPath: f.out.appendingPathComponent("junk").path))
    #expect(PublishFixture.isComplete(f.out))
    #expect(
      try fm.contentsOfDirectory(atPath: state.path).filter { !$0.hasSuffix(".manifest") }.sorted()
        == ["next", "tmp"])
    #expect(try fm.contentsOfDirectory(atPath: state.appendingPathComponent("tmp").path) == [])
    // A manifest that is not ours, or a generated file gone from a trusted tree, is
    // handled too.
    try Data("garbage".utf8).write(to: f.spare.appendingPathComponent(SiteManifest.fileName))
    try f.publisher.publish(site + [OutputFile(path: "b-only.html", text: "b")])
    #expect(PublishFixture.isComplete(f.out))
    try fm.removeItem(at: f.spare.appendingPathComponent("pages/p4.html"))
    let repaired = try f.publisher.publish(site)
    #expect(repaired == Publisher.Stats(linked: 1, unchanged: 5, removed: 1))
    #expect(PublishFixture.isComplete(f.out))
  }

  @Test func concurrentPublishesTakeTurns() throws {
    let f = try PublishFixture()
    defer { f.cleanup() }
    @Sendable func site(_ k: Int, _ round: Int) -> [OutputFile] {
      PublishFixture.pages(30) { "site \(k) page \($0)" }
        + [OutputFile(path: "round.html", text: "\(k) \(round)")]
    }
    let out = f.out
    // Two publishers (a `watch` and a `build`, say) into the same output at once.
    let errors = Parallel.map(2, jobs: 2) { k -> [String] in
      (0..<12).compactMap { round in
        do {
          try Publisher(output: out, protecting: []).publish(site(k, round))
          return nil
        } catch {
          return "\(error)"
        }
      }
    }
    #expect(errors.joined().isEmpty, "\(errors)")
    #expect(PublishFixture.isComplete(f.out))
    let finals = (0..<2).map { k in
      Dictionary(
        uniqueKeysWithValues: site(k, 11).map {
          ($0.path, String(decoding: $0.bytes, as: UTF8.self))
        })
    }
    #expect(finals.contains(f.files().filter { $0.key != SiteManifest.fileName }))
  }

  @Test func theOutputSurvivesMovingTheParentOrLosingTheSpare() throws {
    let root = try TempFolder([:])
    defer { root.cleanup() }
    let before = root.url.appendingPathComponent("x")
    try fm.createDirectory(at: before, withIntermediateDirectories: true)
    let site = [OutputFile(path: "index.html", text: "home")]
    try Publisher(output: before.appendingPathComponent("_site"), protecting: []).publish(site)
    let after = root.url.appendingPathComponent("y")
    try fm.moveItem(at: before, to: after)
    let out = after.appendingPathComponent("_site")
    #expect(
      try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "home")
    try Publisher(output: out, protecting: []).publish(
      site + [OutputFile(path: "2.html", text: "2")])
    #expect(try String(contentsOf: out.appendingPathComponent("2.html"), encoding: .utf8) == "2")
    // An output in folders that do not exist yet: they are made.
    let deep = root.url.appendingPathComponent("new/deeper/_site")
    try Publisher(output: deep, protecting: []).publish(site)
    #expect(
      try String(contentsOf: deep.appendingPathComponent("index.html"), encoding: .utf8) == "home")
    // The hidden folder deleted by hand: the published site's list of files is gone, so
    // the publisher cannot tell your files from its own, and says so; without the output
    // folder, the next publish makes everything again.
    try fm.removeItem(at: after.appendingPathComponent("._site.vibekeeper"))
    #expect(
      performing: { try Publisher(output: out, protecting: []).publish(site) },
      throws: { "\($0)".contains("is missing or damaged") })
    #expect(
      try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "home")
    try fm.removeItem(at: out)
    try Publisher(output: out, protecting: []).publish(site)
    #expect(
      try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "home")
  }
}
