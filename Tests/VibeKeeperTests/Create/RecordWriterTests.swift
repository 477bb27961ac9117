import Foundation
import Testing

@testable import VibeKeeper

@Suite struct RecordWriterTests {
  func draft(_ title: String = "Pottery class") throws -> RecordDraft {
    try RecordDraft.make(
      kind: .gifts, title: title, fields: [], settings: Settings(),
      today: LocalDate(year: 2026, month: 11, day: 22)!
    ).get()
  }

  func contents(_ folder: TempFolder, _ path: String) -> String? {
    try? String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func writesThePreferredNameAndLeavesNoTemporaryFile() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let d = try draft()
    let written = try RecordWriter(root: folder.url).create(d, takenIDs: [])
    #expect(
      written
        == RecordWriter.Written(
          path: "gifts/pottery-class.md", preferredPath: "gifts/pottery-class.md"))
    #expect(!written.renamed)
    #expect(contents(folder, written.path) == d.text)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("gifts").path)
    #expect(names == ["pottery-class.md"])
  }

  @Test func neverOverwrites() throws {
    let folder = try TempFolder([
      "gifts/pottery-class.md": "mine", "gifts/pottery-class-2.md": "mine too",
    ])
    defer { folder.cleanup() }
    let d = try draft()
    let written = try RecordWriter(root: folder.url).create(d, takenIDs: [])
    #expect(written.path == "gifts/pottery-class-3.md")
    #expect(written.renamed)
    #expect(contents(folder, "gifts/pottery-class.md") == "mine")
    #expect(contents(folder, "gifts/pottery-class-2.md") == "mine too")
    #expect(contents(folder, written.path) == d.text)
  }

  @Test func avoidsIdsOfOtherFilesAndOtherExtensions() throws {
    let folder = try TempFolder(["gifts/pottery-class.yml": "title: x\n"])
    defer { folder.cleanup() }
    let writer = RecordWriter(root: folder.url)
    // A .yml of the same name would give the same id.
    #expect(try writer.create(draft(), takenIDs: []).path == "gifts/pottery-class-2.md")
    // An `id:` inside a list file takes the name too.
    #expect(try writer.create(draft("Lamp"), takenIDs: ["lamp"]).path == "gifts/lamp-2.md")
    #expect(
      writer.freePath(for: try draft("Lamp"), takenIDs: ["lamp", "lamp-2"]) == "gifts/lamp-3.md")
  }

  @Test func concurrentWritersNeverClobber() async throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let writer = RecordWriter(root: folder.url)
    let drafts = try (1...16).map { i in try draft("Pottery class").to(i) }
    let paths = await withTaskGroup(of: String?.self) { group in
      for d in drafts { group.addTask { try? writer.create(d, takenIDs: []).path } }
      var out: [String] = []
      for await p in group { if let p { out.append(p) } }
      return out
    }
    #expect(paths.count == 16)
    #expect(Set(paths).count == 16)
    #expect(Set(paths).contains("gifts/pottery-class.md"))
    #expect(Set(paths).contains("gifts/pottery-class-16.md"))
    for d in drafts {
      #expect(paths.contains { contents(folder, $0) == d.text })
    }
  }

  @Test func unwritableFolderFails() throws {
    let folder = try TempFolder(["gifts": "a file, not a folder"])
    defer { folder.cleanup() }
    #expect(throws: RecordWriter.Failure.self) {
      try RecordWriter(root: folder.url).create(try draft(), takenIDs: [])
    }
  }
}

extension RecordDraft {
  /// The same draft with a distinct body, to tell concurrent writes apart.
  fileprivate func to(_ i: Int) throws -> RecordDraft {
    try RecordDraft.make(
      kind: kind, title: title, fields: [], settings: Settings(),
      today: LocalDate(year: 2026, month: 11, day: 22)!, body: "writer \(i)\n"
    ).get()
  }
}
