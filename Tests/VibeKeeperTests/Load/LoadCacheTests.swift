import Foundation
import Testing

@testable import VibeKeeper

/// A load reusing the cache of an earlier load must give exactly what a fresh load gives,
/// decoding only the files that changed.
@Suite struct LoadCacheTests {
  static let files = [
    "vibekeeper.yml": "currency: eur\n",
    "contacts/ana.md": "---\nname: Ana\nbirthday: 1960-02-29\n---\nLoves tea.\n",
    "contacts/ben.md": "---\nname: Ben\n---\n",
    "gifts/lamp.md": "---\ntitle: Lamp\nfor: ana\noccasion: birthday\nprice: 20.50\n---\n",
    "gifts/book.md": "---\ntitle: Book\nfor: sam\nprice: 12\n---\nA novel.\n",
    "gifts/bad.md": "---\ntitle: Vase\nprice: 2,50\n---\n",
    "purchases/2026/11.yml":
      "- {date: 2026-11-01, price: 3.20, name: Milk}\n- {date: 2026-11-02, price: 1.10, name: Bread}\n",
  ]

  /// A loader that trusts every stamp (the tests write files just before loading).
  func loader(_ folder: TempFolder) -> DataLoader {
    var loader = DataLoader(root: folder.url, displayRoot: "data")
    loader.settleTime = .zero
    return loader
  }

  @Test func unchangedFilesAreNotDecodedAgain() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let (first, cache) = loader(folder).load(reusing: nil)
    #expect(first.decodedFiles == 6)
    #expect(cache.fileCount == 6)
    let (second, _) = loader(folder).load(reusing: cache)
    #expect(second.decodedFiles == 0)
    expectSame(second, loader(folder).load())
    #expect(second.household.gifts.map(\.id) == ["lamp"])  // bad and book have errors
    #expect(
      lines(second) == [
        "data/gifts/bad.md:3:8: error: 'price' must be a number, not '2,50'",
        "data/gifts/book.md:3:6: error: 'for' names contact 'sam', which does not exist",
      ])
  }

  @Test func editAddDeleteAndRenameMatchAFreshLoad() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let (_, cache) = loader(folder).load(reusing: nil)
    let fm = FileManager.default
    // Edit (the size changes), add (which resolves book's dangling reference), delete, rename.
    try folder.write("gifts/lamp.md", Data("---\ntitle: Desk lamp\nfor: ben\n---\n".utf8))
    try folder.write("contacts/sam.md", Data("---\nname: Sam\n---\n".utf8))
    try fm.removeItem(at: folder.url.appendingPathComponent("gifts/bad.md"))
    try fm.moveItem(
      at: folder.url.appendingPathComponent("contacts/ben.md"),
      to: folder.url.appendingPathComponent("contacts/benjamin.md"))
    let (again, next) = loader(folder).load(reusing: cache)
    // lamp.md, sam.md and benjamin.md; ana, book and the purchases come from the cache.
    #expect(again.decodedFiles == 3)
    let fresh = loader(folder).load()
    #expect(fresh.decodedFiles == 6)
    expectSame(again, fresh)
    #expect(again.household.contacts.map(\.id) == ["ana", "benjamin", "sam"])
    // Desk lamp names 'ben', renamed away: an error, so it is left out.
    #expect(again.household.gifts.map(\.title) == ["Book"])
    #expect(again.household.gifts[0].recipient == "sam")
    #expect(
      lines(again) == [
        "data/gifts/lamp.md:3:6: error: 'for' names contact 'ben', which does not exist"
      ])
    // The deleted file left the cache; the renamed one is under its new name.
    #expect(next.fileCount == 6)
    #expect(next.entries["gifts/bad.md"] == nil)
    #expect(next.entries["contacts/benjamin.md"] != nil)
  }

  @Test func editingSettingsDecodesEverythingAgain() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let (first, cache) = loader(folder).load(reusing: nil)
    #expect(first.household.gifts.map(\.currency) == ["EUR"])
    try folder.write("vibekeeper.yml", Data("currency: gbp\n".utf8))
    let (again, _) = loader(folder).load(reusing: cache)
    #expect(again.decodedFiles == 6)
    #expect(again.household.gifts.map(\.currency) == ["GBP"])
    expectSame(again, loader(folder).load())
    // Removing the settings file is a change too.
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("vibekeeper.yml"))
    let (third, _) = loader(folder).load(reusing: cache)
    #expect(third.decodedFiles == 6)
    #expect(third.household.gifts.map(\.currency) == ["USD"])
  }

  @Test func aCacheOfAnotherFolderIsNotUsed() throws {
    let one = try TempFolder(Self.files)
    defer { one.cleanup() }
    let two = try TempFolder(Self.files)
    defer { two.cleanup() }
    let (_, cache) = loader(one).load(reusing: nil)
    let (other, _) = loader(two).load(reusing: cache)
    #expect(other.decodedFiles == 6)
    var shownElsewhere = DataLoader(root: one.url, displayRoot: "elsewhere")
    shownElsewhere.settleTime = .zero
    let (renamed, _) = shownElsewhere.load(reusing: cache)
    #expect(renamed.decodedFiles == 6)
    #expect(renamed.diagnostics.first?.location.file == "elsewhere/gifts/bad.md")
  }

  @Test func filesWrittenWithinTheSettleTimeAreDecodedAgain() throws {
    // Written a moment ago: an edit in the same file-time tick could keep the stamp, so
    // none of these files is trusted by its stamp yet.
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let loader = DataLoader(root: folder.url, displayRoot: "data")
    let (_, cache) = loader.load(reusing: nil)
    #expect(cache.fileCount == 0)
    let (again, _) = loader.load(reusing: cache)
    #expect(again.decodedFiles == 6)
    expectSame(again, loader.load())
  }

  /// With the files a watcher saw change, only those are looked at: a file it did not name
  /// is taken from the cache unread (the watcher vouches it is the same).
  @Test func filesAWatcherDidNotNameAreTakenUnread() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    let (_, cache) = loader(folder).load(reusing: nil)
    try folder.write("gifts/lamp.md", Data("---\ntitle: Desk lamp\nfor: ana\n---\n".utf8))
    try folder.write("contacts/ben.md", Data("---\nname: Benjamin\n---\n".utf8))
    // Only lamp.md is named: ben.md (changed behind the watcher's back, as no real change
    // can be) shows that nothing else was read.
    let (named, _) = loader(folder).load(reusing: cache, changed: ["gifts/lamp.md"])
    #expect(named.decodedFiles == 1)
    #expect(named.household.gifts.map(\.title) == ["Desk lamp"])
    #expect(named.household.contacts.map(\.name) == ["Ana", "Ben"])
    // A new file named is read (the one changed unnamed still is not).
    try folder.write("contacts/sam.md", Data("---\nname: Sam\n---\n".utf8))
    let (added, _) = loader(folder).load(reusing: cache, changed: ["contacts/sam.md"])
    #expect(added.household.contacts.map(\.name) == ["Ana", "Ben", "Sam"])
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contacts/sam.md"))
    // Nothing named: nothing read; a file gone is gone all the same.
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gifts/lamp.md"))
    let (none, _) = loader(folder).load(reusing: cache, changed: [])
    #expect(none.decodedFiles == 0)
    #expect(none.household.gifts.isEmpty)
    // Without names every stamp is looked at.
    let (looked, _) = loader(folder).load(reusing: cache)
    #expect(looked.household.contacts.map(\.name) == ["Ana", "Benjamin"])
  }

  /// A named edit that keeps a file's ids and the records it names is put into the last
  /// load's household (no scan, no assembly); anything else loads whole. Either way the
  /// result is a fresh load's.
  @Test func namedEditsArePatchedIntoTheLastHousehold() throws {
    let folder = try TempFolder(Self.files)
    defer { folder.cleanup() }
    var (_, cache) = loader(folder).load(reusing: nil)
    func step(_ changed: Set<String>, patched: Bool, _ comment: Comment) {
      let (result, next) = loader(folder).load(reusing: cache, changed: changed)
      expectSame(result, loader(folder).load())
      #expect((next.assembled?.positions != nil) == patched, comment)
      cache = next
    }
    // A title and a body: patched.
    try folder.write(
      "gifts/lamp.md",
      Data("---\ntitle: Desk lamp\nfor: ana\noccasion: birthday\n---\nBrass.\n".utf8))
    step(["gifts/lamp.md"], patched: true, "a title and a body")
    // A warning that comes and goes with the edit (an unknown field) is said, then not.
    try folder.write(
      "gifts/lamp.md", Data("---\ntitle: Desk lamp\nfor: ana\ncolour: red\n---\n".utf8))
    step(["gifts/lamp.md"], patched: true, "a warning added")
    #expect(loader(folder).load().diagnostics.contains { $0.location.file == "data/gifts/lamp.md" })
    try folder.write("gifts/lamp.md", Data("---\ntitle: Desk lamp\nfor: ana\n---\n".utf8))
    step(["gifts/lamp.md"], patched: true, "a warning gone")
    // A record of a list changed in place: patched; one added to the list: whole.
    try folder.write(
      "purchases/2026/11.yml",
      Data(
        "- {date: 2026-11-01, price: 3.40, name: Milk}\n- {date: 2026-11-02, price: 1.10, name: Bread}\n"
          .utf8))
    step(["purchases/2026/11.yml"], patched: true, "a price in a list")
    try folder.write(
      "purchases/2026/11.yml",
      Data(
        "- {date: 2026-11-01, price: 3.40, name: Milk}\n- {date: 2026-11-02, price: 1.10, name: Bread}\n- {date: 2026-11-03, price: 2, name: Eggs}\n"
          .utf8))
    step(["purchases/2026/11.yml"], patched: false, "a record added to a list")
    // Another recipient: the record names another record, so the assembly checks it.
    try folder.write("gifts/lamp.md", Data("---\ntitle: Desk lamp\nfor: ben\n---\n".utf8))
    step(["gifts/lamp.md"], patched: false, "another recipient")
    // A file whose reference does not resolve (book names sam): the assembly said so.
    try folder.write("gifts/book.md", Data("---\ntitle: Book\nfor: sam\nprice: 13\n---\n".utf8))
    step(["gifts/book.md"], patched: false, "a file with a dangling reference")
    // A file with an error, a file added, one removed, the settings.
    try folder.write("gifts/bad.md", Data("---\ntitle: Vase\nprice: 3,50\n---\n".utf8))
    step(["gifts/bad.md"], patched: false, "a record left out")
    try folder.write("contacts/sam.md", Data("---\nname: Sam\n---\n".utf8))
    step(["contacts/sam.md"], patched: false, "a file added")
    #expect(cache.assembled?.household.gifts.map(\.id) == ["book", "lamp"])
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contacts/ben.md"))
    step(["contacts/ben.md"], patched: false, "a file removed")
    try folder.write("vibekeeper.yml", Data("currency: gbp\n".utf8))
    step(["vibekeeper.yml"], patched: false, "the settings")
    // What the scan never reads (an editor's swap file, a draft) changes nothing; a
    // temporary file gone before the load neither.
    try folder.write("gifts/.lamp.md.swp", Data("swap".utf8))
    try folder.write(
      "contacts/ana.md", Data("---\nname: Ana Lima\nbirthday: 1960-02-29\n---\n".utf8))
    step(
      ["gifts/.lamp.md.swp", "_drafts/x.md", "contacts/ana.md.tmp", "contacts/ana.md"],
      patched: true, "hidden and temporary files")
    // Something the scan saw that is not a record file, gone: a file it warned about, a
    // media file, the settings. Each is a whole load (with the warning, the picture, the
    // settings gone).
    try folder.write("gifts/notes.txt", Data("not a record".utf8))
    step(["gifts/notes.txt"], patched: false, "a file the scan warns about")
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gifts/notes.txt"))
    step(["gifts/notes.txt"], patched: false, "a file the scan warned about, gone")
    try folder.write("media/lamp.png", Data([0x89, 0x50, 0x4E, 0x47]))
    step(["media/lamp.png"], patched: false, "a media file")
    #expect(cache.assembled?.household.media == ["media/lamp.png"])
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("media/lamp.png"))
    step(["media/lamp.png"], patched: false, "a media file gone")
    #expect(cache.assembled?.household.media == [])
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("vibekeeper.yml"))
    step(["vibekeeper.yml"], patched: false, "the settings gone")
    #expect(cache.assembled?.household.settings.currency == "USD")
    // A folder moved away is named as the folder: whole.
    try FileManager.default.moveItem(
      at: folder.url.appendingPathComponent("purchases/2026"),
      to: folder.url.appendingPathComponent("purchases-2026"))
    step(["purchases/2026"], patched: false, "a folder moved away")
    // A file named whose stamp is the cached one (an event with no change) is not read.
    let (same, _) = loader(folder).load(reusing: cache, changed: ["contacts/ana.md"])
    #expect(same.decodedFiles == 0)
  }

  /// A link in the folder makes every stamp count: a file reached through one changes
  /// with no event naming it.
  @Test func aLinkInTheFolderMakesEveryStampCount() throws {
    let linked = try TempFolder(
      Self.files.merging(["notes/ben.md": "---\nname: Ben\n---\n"]) { a, _ in a })
    defer { linked.cleanup() }
    try FileManager.default.removeItem(at: linked.url.appendingPathComponent("contacts/ben.md"))
    try FileManager.default.createSymbolicLink(
      atPath: linked.url.appendingPathComponent("contacts/ben.md").path,
      withDestinationPath: "../notes/ben.md")
    let (_, linkedCache) = loader(linked).load(reusing: nil)
    // The link's target changes: its event names notes/ben.md, never contacts/ben.md.
    try linked.write("notes/ben.md", Data("---\nname: Benjamin\n---\n".utf8))
    let (through, _) = loader(linked).load(reusing: linkedCache, changed: [])
    #expect(through.household.contacts.map(\.name) == ["Ana", "Benjamin"])
  }

  @Test func emptyFolderAndEmptyCache() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let (r, cache) = loader(folder).load(reusing: LoadCache())
    #expect(r.decodedFiles == 0)
    #expect(r.household.recordCount == 0)
    #expect(cache.fileCount == 0)
  }

  @Test func fileStampsTellFilesApart() throws {
    let folder = try TempFolder(["a.md": "one", "b.md": "two"])
    defer { folder.cleanup() }
    let a = try #require(FileStamp(path: folder.url.appendingPathComponent("a.md").path))
    let b = try #require(FileStamp(path: folder.url.appendingPathComponent("b.md").path))
    #expect(a.size == 3)
    #expect(a.inode != b.inode)
    #expect(FileStamp(path: folder.url.appendingPathComponent("missing.md").path) == nil)
    // Settled only when written before the instant.
    #expect(a.isSettled(before: max(a.modified, a.changed) + 1))
    #expect(!a.isSettled(before: a.modified))
  }

  /// The same household (every record of every kind, media, settings) and diagnostics.
  func expectSame(_ a: DataLoader.Result, _ b: DataLoader.Result) {
    let x = a.household
    let y = b.household
    #expect(x.contacts == y.contacts)
    #expect(x.occasions == y.occasions)
    #expect(x.gifts == y.gifts)
    #expect(x.reminders == y.reminders)
    #expect(x.doses == y.doses)
    #expect(x.budgets == y.budgets)
    #expect(x.purchases == y.purchases)
    #expect(x.items == y.items)
    #expect(x.prices == y.prices)
    #expect(x.shopping == y.shopping)
    #expect(x.games == y.games)
    #expect(x.results == y.results)
    #expect(x.media == y.media)
    #expect(x.settings.currency == y.settings.currency)
    #expect(x.settings.timeZone == y.settings.timeZone)
    #expect(x.settings.title == y.settings.title)
    #expect(a.diagnostics == b.diagnostics)
  }
}
