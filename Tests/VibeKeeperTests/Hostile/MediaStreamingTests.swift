import Foundation
import Testing

@testable import VibeKeeper

/// Media files are hashed and copied in chunks, never loaded whole (issue 14, item 6).
@Suite struct MediaStreamingTests {
  @Test(arguments: [0, 1, 7, 8, 9, 1 << 20, (1 << 20) + 3, 3 * (1 << 20) - 5])
  func theStreamedHashIsTheHashOfTheBytes(_ size: Int) throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let path = folder.url.appendingPathComponent("f.bin").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (hash, header) = try #require(ContentHash.streaming(file: path, keeping: 100))
    #expect(hash == ContentHash(bytes))
    #expect(header == Array(bytes.prefix(100)))
  }

  @Test func aMediaFileIsPublishedByCopyWithTheSameBytes() throws {
    let folder = try SameDiagnosticsTests.dataFolder([:])
    defer { folder.cleanup() }
    let big = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try folder.write("data/media/video.bin", Data(big))
    let r = try CLI.run(
      ["build", "--output", "_site", "--now", "2026-11-22T10:00"], cwd: folder.url,
      seconds: 120, memoryMB: 4096)
    #expect(r.status == 0, "\(r.stderr)")
    let published = try Data(
      contentsOf: folder.url.appendingPathComponent("_site/media/video.bin"))
    #expect(published == Data(big))
    // The loader keeps only the start of it.
    let media = MediaFiles.read(["media/video.bin"], in: folder.url.appendingPathComponent("data"))
    #expect(media["media/video.bin"]?.header.count == MediaFiles.headerBytes)
    #expect(media["media/video.bin"]?.hash == ContentHash(big))
  }
}
