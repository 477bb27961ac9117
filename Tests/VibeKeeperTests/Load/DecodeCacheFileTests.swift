import Foundation
import Testing

@testable import VibeKeeper

/// The decode cache kept on disk between builds: what it gives back is exactly what
/// decoding gave, and a file that is corrupt, cut short, from another program or folder,
/// or stale is detected and never used.
@Suite struct DecodeCacheFileTests {
  /// The bundled data with every kind, plus files with errors, references to missing
  /// records, decimals of every shape and a private record.
  static func folder() throws -> TempFolder {
    let folder = try TempFolder([:])
    let data = folder.url.appendingPathComponent("data")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("data"), to: data)
    let extra = [
      "gifts/bad.md": "---\ntitle: Vase\nprice: 2,50\n---\n",
      "gifts/odd.md":
        "---\ntitle: \"Odd ✨\"\nprice: 0.00\nfor: nobody\nstatus: purchased\nprivate: true\n---\nBody\n",
      "purchases/2026/12.yml":
        "- {date: 2026-12-01, price: 123456789012345678901234567890.5, name: Big}\n- {date: 2026-12-02, price: 1.50, quantity: 0.125, name: Small, expires: 2028-02-29}\n- {date: 2026-13-01, price: 1}\n",
    ]
    for (path, text) in extra { try folder.write("data/" + path, Data(text.utf8)) }
    return folder
  }

  /// A loader that trusts every stamp (the tests write files just before loading).
  static func loader(_ folder: TempFolder) -> DataLoader {
    var loader = DataLoader(root: folder.url.appendingPathComponent("data"), displayRoot: "data")
    loader.settleTime = .zero
    return loader
  }

  @Test func whatComesBackIsWhatDecodingGave() throws {
    let folder = try Self.folder()
    defer { folder.cleanup() }
    let (fresh, cache) = Self.loader(folder).load(reusing: nil)
    let bytes = try #require(DecodeCacheFile.bytes(of: cache, identity: "test 1"))
    let read = try #require(DecodeCacheFile.cache(from: bytes, identity: "test 1"))
    #expect(read.fileCount == cache.fileCount)
    // Every entry decodes from its bytes, and a load reusing them decodes nothing.
    #expect(read.entries.values.allSatisfy { $0.decoded == nil && $0.output != nil })
    let (again, next) = Self.loader(folder).load(reusing: read)
    #expect(again.decodedFiles == 0)
    LoadCacheTests().expectSame(again, fresh)
    // The same cache gives the same bytes, whether its entries were decoded or stored.
    #expect(DecodeCacheFile.bytes(of: next, identity: "test 1") == bytes)
  }

  @Test func aDamagedOrForeignFileIsNeverUsed() throws {
    let folder = try Self.folder()
    defer { folder.cleanup() }
    let (_, cache) = Self.loader(folder).load(reusing: nil)
    let bytes = try #require(DecodeCacheFile.bytes(of: cache, identity: "test 1"))
    #expect(DecodeCacheFile.cache(from: bytes, identity: "test 2") == nil)
    #expect(DecodeCacheFile.cache(from: Array(bytes.dropLast()), identity: "test 1") == nil)
    #expect(
      DecodeCacheFile.cache(from: Array(bytes.prefix(bytes.count / 2)), identity: "test 1") == nil)
    #expect(DecodeCacheFile.cache(from: [], identity: "test 1") == nil)
    for at in [0, 30, bytes.count / 3, bytes.count / 2, bytes.count - 20, bytes.count - 1] {
      var damaged = bytes
      damaged[at] ^= 0x20
      #expect(DecodeCacheFile.cache(from: damaged, identity: "test 1") == nil, "byte \(at)")
    }
  }

  /// An entry whose stamp matches but whose bytes are not a decoded file (written by a
  /// faulty program, with a valid hash) is decoded from the file instead.
  @Test func anEntryThatDoesNotDecodeIsDecodedFromTheFile() throws {
    let folder = try Self.folder()
    defer { folder.cleanup() }
    let (fresh, cache) = Self.loader(folder).load(reusing: nil)
    let garbage = StoredBytes.Buffer([7, 200, 1, 2, 3])
    var entries = cache.entries
    for (path, entry) in entries where path.hasPrefix("gifts/") {
      entries[path] = LoadCache.Entry(
        stamp: entry.stamp, stored: StoredBytes(buffer: garbage, range: 0..<5))
    }
    let broken = LoadCache(key: try #require(cache.key), entries: entries)
    let (again, _) = Self.loader(folder).load(reusing: broken)
    #expect(again.decodedFiles == entries.keys.count { $0.hasPrefix("gifts/") })
    LoadCacheTests().expectSame(again, fresh)
  }

  /// Other settings (either file) make the whole cache void; a changed file is decoded.
  @Test func staleEntriesAreDecodedAgain() throws {
    let folder = try Self.folder()
    defer { folder.cleanup() }
    let (_, cache) = Self.loader(folder).load(reusing: nil)
    let bytes = try #require(DecodeCacheFile.bytes(of: cache, identity: "t"))
    let read = try #require(DecodeCacheFile.cache(from: bytes, identity: "t"))
    try folder.write("data/gifts/bad.md", Data("---\ntitle: Vase\nprice: 2.50\n---\n".utf8))
    let (edited, _) = Self.loader(folder).load(reusing: read)
    #expect(edited.decodedFiles == 1)
    LoadCacheTests().expectSame(edited, Self.loader(folder).load())
    try folder.write("data/vibekeeper.local.yml", Data("title: Here\n".utf8))
    let (local, _) = Self.loader(folder).load(reusing: read)
    #expect(local.decodedFiles == cache.fileCount)
  }

  /// `build` keeps the cache beside its output: a cold build after one change decodes one
  /// file and publishes the bytes a full build does; a corrupt or truncated cache file is
  /// rebuilt, never used.
  @Test func buildsKeepTheCacheBesideTheOutput() throws {
    let f = try IncrementalBuildTests.Fixture()
    defer { f.cleanup() }
    // Files only count as settled (safe to reuse) a while after they were last written.
    Thread.sleep(forTimeInterval: 2.2)
    let first = try f.build(into: f.incremental)
    #expect(first.decodedFiles > 40)
    let path = SiteTrees(output: f.incremental).state + "/" + DecodeCacheFile.name
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(
      !FileManager.default.fileExists(atPath: f.data.appendingPathComponent(".vibekeeper").path))
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nWater it weekly.\n" }
    let second = try f.build(into: f.incremental)
    #expect(second.decodedFiles == 1)
    _ = try f.build(into: f.full, full: true)
    #expect(
      try IncrementalBuildTests.Fixture.files(f.incremental)
        == IncrementalBuildTests.Fixture.files(f.full))

    for damage in ["truncated", "corrupt"] {
      let bytes = try #require(FileCalls.read(path))
      var damaged = Array(bytes.prefix(bytes.count - 7))
      if damage == "corrupt" {
        damaged = bytes
        damaged[bytes.count / 2] ^= 0xFF
      }
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      try f.edit("data/gifts/olive-tree.md") { $0 + "\n\(damage).\n" }
      let rebuilt = try f.build(into: f.incremental)
      #expect(rebuilt.decodedFiles == first.decodedFiles, "\(damage)")
      _ = try f.build(into: f.full, full: true)
      #expect(
        try IncrementalBuildTests.Fixture.files(f.incremental)
          == IncrementalBuildTests.Fixture.files(f.full))
      // The file was written anew, whole.
      #expect(DecodeCacheFile.read(path, identity: "") != nil)
    }
  }

  /// The byte form lists every stored field of each type by hand: a field added to a
  /// model type fails here until `CacheCoding+Records.swift` writes and reads it too.
  @Test func theByteFormCoversEveryStoredField() throws {
    let at = SourceLocation(file: "f", line: 1, column: 1)
    let meta = RecordMeta(id: "x", location: at, path: "p")
    let day = try #require(LocalDate(year: 2026, month: 2, day: 28))
    let time = try #require(TimeOfDay(hour: 8, minute: 0))
    let fields: [(Any, [String])] = [
      (meta, ["id", "location", "path", "updated", "isPrivate", "source"]),
      (at, ["file", "line", "column"]),
      (Diagnostic(.error, at, "m"), ["severity", "location", "message", "hint", "related"]),
      (
        Contact(meta: meta, name: "n"),
        [
          "meta", "name", "firstName", "lastName", "relationship", "birthday", "leapBirthday",
          "tags", "photo", "notes",
        ]
      ),
      (Birthday(month: 1, day: 1, year: nil), ["month", "day", "year"]),
      (
        Occasion(meta: meta, title: "t", date: day),
        [
          "meta", "title", "date", "recurring", "rule", "until", "contact", "type", "gifts",
          "notes",
        ]
      ),
      (
        Gift(meta: meta, title: "t", currency: "EUR"),
        [
          "meta", "title", "recipient", "occasion", "price", "currency", "status", "purchased",
          "given", "url", "photo", "tags", "created", "description",
        ]
      ),
      (
        Reminder(meta: meta, title: "t", schedule: .once(day, time)),
        [
          "meta", "title", "note", "category", "enabled", "schedule", "done", "created", "notify",
          "body",
        ]
      ),
      (WeeklySchedule(time: time, days: []), ["time", "days", "starts", "until"]),
      (
        Dose(meta: meta, reminder: "r", at: Date(timeIntervalSince1970: 0)),
        ["meta", "reminder", "due", "at", "status", "note"]
      ),
      (
        Budget(meta: meta, title: "t", amount: 1, currency: "EUR", start: day, end: day),
        [
          "meta", "title", "amount", "currency", "start", "end", "scope", "categories", "active",
          "notes",
        ]
      ),
      (CategoryBudget(category: "c", amount: 1), ["category", "amount", "location"]),
      (
        Purchase(meta: meta, date: day, price: 1, currency: "EUR"),
        [
          "meta", "date", "price", "currency", "quantity", "givenTotal", "item", "name", "store",
          "category", "expires", "used", "wasted", "notes",
        ]
      ),
      (
        Item(meta: meta, name: "n"),
        ["meta", "name", "brand", "category", "unit", "notes"]
      ),
      (
        PriceObservation(meta: meta, item: "i", date: day, price: 1, currency: "EUR"),
        ["meta", "item", "date", "price", "currency", "store"]
      ),
      (
        ShoppingList(meta: meta, title: "t", currency: "EUR"),
        ["meta", "title", "budget", "currency", "completed", "entries", "notes"]
      ),
      (
        ShoppingEntry(item: nil, name: "n", location: at),
        [
          "item", "name", "quantity", "estimate", "purchased", "actual", "location", "position",
          "lines",
        ]
      ),
      (Game(meta: meta, name: "n"), ["meta", "name", "url", "active", "notify", "notes"]),
      (
        GameResult(meta: meta, game: "g", when: .day(day)),
        ["meta", "game", "when", "completed", "score", "puzzle", "player"]
      ),
      (
        Reference(
          field: "for", written: "recipient", slot: nil, target: .contacts, id: "a", location: at),
        ["field", "written", "slot", "target", "id", "location"]
      ),
      (
        RecordFile.LeftOut(kind: .gifts, id: "g", location: at, references: []),
        ["kind", "id", "location", "references"]
      ),
      (RecordFile.Output(), ["records", "references", "diagnostics", "leftOut"]),
    ]
    for (value, labels) in fields {
      #expect(
        Mirror(reflecting: value).children.compactMap(\.label) == labels, "\(type(of: value))")
    }
  }
}
