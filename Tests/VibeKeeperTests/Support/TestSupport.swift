import Foundation

@testable import VibeKeeper

/// A temporary data folder built from (path, contents) pairs, removed by `cleanup()`.
struct TempFolder {
  let url: URL

  init(_ files: [String: String]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("vk-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, Data(text.utf8)) }
  }

  func write(_ path: String, _ data: Data) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  func cleanup() { try? FileManager.default.removeItem(at: url) }
}

/// Loads files as a data folder shown as `data`.
func load(_ files: [String: String]) throws -> DataLoader.Result {
  let folder = try TempFolder(files)
  defer { folder.cleanup() }
  return DataLoader(root: folder.url, displayRoot: "data").load()
}

/// `file:line:column: severity: message` of each diagnostic, for compact assertions.
func lines(_ r: DataLoader.Result) -> [String] {
  r.diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
}

/// A UTC instant from `YYYY-MM-DDTHH:MM` text.
func utc(_ text: String) -> Date {
  let dt = ScalarParsing.dateTime(text + "Z")!
  return ScalarParsing.instant(dt, clock: LocalClock(now: Date(), timeZone: .gmt))
}

/// The repository root (for the bundled data and templates).
/// This file is Tests/VibeKeeperTests/Support/TestSupport.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
