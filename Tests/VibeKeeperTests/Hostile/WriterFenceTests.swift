import Foundation
import Testing

@testable import VibeKeeper

/// `new` never writes outside the data folder through a linked kind folder (issue 14,
/// item 10); a link that stays inside is fine.
@Suite struct WriterFenceTests {
  func draft() throws -> RecordDraft {
    try RecordDraft.make(
      kind: .gifts, title: "Lamp", fields: [], settings: Settings(),
      today: LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0)
    ).get()
  }

  @Test func aKindFolderLinkedOutsideIsRefused() throws {
    let folder = try TempFolder(["outside/keep.txt": "x", "data/vibekeeper.yml": "title: T\n"])
    defer { folder.cleanup() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("data/gifts").path,
      withDestinationPath: folder.url.appendingPathComponent("outside").path)
    let writer = RecordWriter(root: folder.url.appendingPathComponent("data"))
    #expect(throws: RecordWriter.Failure.self) { try writer.create(try draft(), takenIDs: []) }
    let outside = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("outside").path)
    #expect(outside == ["keep.txt"])
    let r = try CLI.run(
      ["new", "gift", "Lamp", "--now", "2026-11-22"], cwd: folder.url, seconds: 120, memoryMB: 4096)
    #expect(r.status == 1)
    #expect(r.stderr.contains("leads outside the data folder"), "\(r.stderr)")
  }

  @Test func aKindFolderLinkedInsideIsWritten() throws {
    let folder = try TempFolder(["data/_ideas/keep.txt": "x"])
    defer { folder.cleanup() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("data/gifts").path, withDestinationPath: "_ideas")
    let written = try RecordWriter(root: folder.url.appendingPathComponent("data")).create(
      try draft(), takenIDs: [])
    #expect(written.path == "gifts/lamp.md")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/_ideas/lamp.md").path))
  }
}
