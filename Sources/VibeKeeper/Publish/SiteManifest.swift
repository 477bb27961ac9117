import Foundation

/// The list of files VibeKeeper generated in an output folder, with their fingerprints.
/// It marks the folder as VibeKeeper's, tells the next build which files it may replace,
/// and which ones are unchanged (and can be hard-linked instead of written again).
public struct SiteManifest: Sendable {
  /// The manifest's file name inside the output folder.
  public static let fileName = ".vibekeeper-manifest"
  static let header = "# vibekeeper manifest 1"

  /// Generated paths and their content hashes.
  public var files: [String: ContentHash] = [:]

  /// An empty manifest.
  public init() {}

  /// Reads the manifest of an output folder; nil when there is none (or it is not ours).
  public static func read(from folder: URL) -> SiteManifest? {
    let url = folder.appendingPathComponent(fileName)
    guard let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix(header) else {
      return nil
    }
    var m = SiteManifest()
    for line in text.split(separator: "\n").dropFirst() {
      guard let tab = line.firstIndex(of: "\t"), let hash = ContentHash(text: line[..<tab]) else {
        continue
      }
      let path = String(line[line.index(after: tab)...])
      if OutputFile.isSafePath(path) { m.files[path] = hash }
    }
    return m
  }

  /// The manifest's text: a header, then `hash<TAB>path` lines sorted by path.
  public var text: String {
    var out = SiteManifest.header + "\n"
    for path in files.keys.sorted() { out += "\(files[path]!)\t\(path)\n" }
    return out
  }
}
