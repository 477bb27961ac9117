import Foundation

@testable import VibeKeeper

/// A data folder to import into, and the real export files of other applications in
/// `../shared/import-samples/` (read there, never copied into the repository).
struct ImportFixture {
  let folder: TempFolder
  var root: URL { folder.url.appendingPathComponent("data") }

  /// The samples folder beside the repository.
  static let samples = repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/import-samples")
  /// Whether the samples are there (a fresh clone elsewhere may not have them).
  static let haveSamples = FileManager.default.fileExists(atPath: samples.path)

  /// The path of a sample (`vcard/outlook-2007.vcf`).
  static func sample(_ path: String) -> String { samples.appendingPathComponent(path).path }

  /// A data folder in Europe/Berlin, EUR, with `files` in it.
  init(_ files: [String: String] = [:]) throws {
    var all = ["data/vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n"]
    for (k, v) in files { all["data/" + k] = v }
    folder = try TempFolder(all)
  }

  /// Writes a source file beside the data folder and returns its path.
  func source(_ name: String, _ bytes: [UInt8]) throws -> String {
    try folder.write("in/" + name, Data(bytes))
    return folder.url.appendingPathComponent("in/" + name).path
  }

  /// Writes a text source file.
  func source(_ name: String, _ text: String) throws -> String {
    try source(name, Array(text.utf8))
  }

  /// Runs an import through the one writer at 2026-11-24 09:00.
  @discardableResult
  func run(
    _ format: ImportAction.Format, _ files: [String], dryRun: Bool = false,
    _ configure: (inout ImportAction) -> Void = { _ in }
  ) throws -> ActionRunner.Outcome {
    var action = ImportAction(format: format, files: files)
    action.dryRun = dryRun
    configure(&action)
    return try ActionRunner(root: root, displayRoot: "data").run(
      action, now: "2026-11-24T09:00", dryRun: dryRun, commit: false)
  }

  /// The data folder as loaded, with its diagnostics.
  func loaded() -> DataLoader.Result {
    DataLoader(root: root, displayRoot: "data").load()
  }

  /// A file of the data folder as text.
  func text(_ path: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// Every file under the data folder with its bytes (to prove a run wrote nothing).
  func snapshot() -> [String: Data] {
    var out: [String: Data] = [:]
    let base = root.path + "/"
    if let walk = FileManager.default.enumerator(atPath: root.path) {
      for case let path as String in walk {
        if let d = FileManager.default.contents(atPath: base + path) { out[path] = d }
      }
    }
    return out
  }

  func cleanup() { folder.cleanup() }
}
