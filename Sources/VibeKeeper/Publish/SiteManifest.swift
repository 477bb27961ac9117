import Foundation

/// The list of files VibeKeeper generated in an output folder, with their fingerprints.
/// It marks the folder as VibeKeeper's, tells the next build which files it may replace,
/// and which ones are unchanged (and need not be touched or written again). It is written
/// last, so a tree with a manifest is complete.
public struct SiteManifest: Sendable, Equatable {
  /// The manifest's file name inside the output folder.
  public static let fileName = ".vibekeeper-manifest"
  static let header = "# vibekeeper manifest 1"

  /// Generated paths and their content hashes.
  public var files: [String: ContentHash] = [:]

  /// An empty manifest.
  public init() {}

  /// Reads the manifest of an output folder; nil when there is none (or it is not ours).
  public static func read(from folder: URL) -> SiteManifest? {
    read(folder: folder.path)
  }

  /// Reads the manifest of the folder at `path`; nil when there is none (or it is not ours).
  static func read(folder path: String) -> SiteManifest? {
    FileCalls.read(path + "/" + fileName).flatMap(SiteManifest.init(bytes:))
  }

  /// Parses a manifest's bytes; nil without our header. Lines that do not parse are
  /// skipped.
  init?(bytes: [UInt8]) {
    let header = Array(SiteManifest.header.utf8)
    guard bytes.starts(with: header) else { return nil }
    let newline = UInt8(ascii: "\n")
    let tab = UInt8(ascii: "\t")
    files.reserveCapacity(bytes.count / 48)
    var start = header.count
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
      if let t = bytes[start..<end].firstIndex(of: tab),
        let hash = ContentHash(text: bytes[start..<t])
      {
        let path = String(decoding: bytes[(t + 1)..<end], as: UTF8.self)
        if OutputFile.isSafePath(path) { files[path] = hash }
      }
      start = end + 1
    }
  }

  /// The manifest's text: a header, then `hash<TAB>path` lines sorted by path.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// `text` as UTF-8.
  var bytes: [UInt8] {
    let entries = Array(files)
    return SiteManifest.bytes(paths: entries.map(\.key), hashes: entries.map(\.value))
  }

  /// The text of a manifest of `paths` (each once) and their `hashes`, as UTF-8.
  static func bytes(paths: [String], hashes: [ContentHash]) -> [UInt8] {
    var out = Array((header + "\n").utf8)
    out.reserveCapacity(paths.count * 64)
    for i in paths.indices.sorted(by: { paths[$0] < paths[$1] }) {
      hashes[i].append(to: &out)
      out.append(UInt8(ascii: "\t"))
      out.append(contentsOf: paths[i].utf8)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
