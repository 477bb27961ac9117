import Foundation

/// The list of files VibeKeeper generated in an output folder, with their fingerprints.
/// It tells the next build which files it may replace, and which ones are unchanged (and
/// need not be touched or written again).
///
/// The list itself is kept beside the tree (`._site.vibekeeper/HASH.manifest`), never
/// inside it: it names every path, secret feed addresses among them, and a copy of the
/// output (`rsync`, a Pages upload) must not carry them. Inside the tree is only a marker,
/// `.vibekeeper-manifest`, that names the list by its hash: it marks the folder as
/// VibeKeeper's and is written last, so a tree with a marker whose list exists and matches
/// its hash is complete. (Earlier versions kept the whole list in the tree; such a tree is
/// still read.)
public struct SiteManifest: Sendable, Equatable {
  /// The marker's file name inside the output folder.
  public static let fileName = ".vibekeeper-manifest"
  static let header = "# vibekeeper manifest 1"
  static let markerHeader = "# vibekeeper site 2\nmanifest "

  /// Generated paths and their content hashes.
  public var files: [String: ContentHash] = [:]

  /// An empty manifest.
  public init() {}

  /// The manifest of `paths` (each once) and their `hashes`, in the same order.
  init(paths: [String], hashes: [ContentHash]) {
    files.reserveCapacity(paths.count)
    for (path, hash) in zip(paths, hashes) { files[path] = hash }
  }

  /// Reads the manifest of an output folder (or of the spare tree beside it); nil when
  /// there is none, it is not ours, or its list is missing or does not match.
  public static func read(from folder: URL) -> SiteManifest? {
    let root = folder.standardizedFileURL.path
    return read(tree: root, state: SiteTrees.stateFolder(ofTree: root))?.manifest
  }

  /// What the marker in a tree says.
  enum Marker: Equatable {
    /// No marker: not a tree of ours (or an interrupted update).
    case none
    /// The list, kept beside the tree in `state`, and its hash.
    case list(ContentHash)
    /// A whole list inside the tree (earlier versions), and its hash.
    case inside(SiteManifest, ContentHash)
  }

  /// The marker of the tree at `root`.
  static func marker(ofTree root: String) -> Marker {
    guard let bytes = FileCalls.read(root + "/" + fileName) else { return .none }
    let header = Array(markerHeader.utf8)
    if bytes.starts(with: header) {
      let rest = bytes[header.count...].prefix { $0 != UInt8(ascii: "\n") }
      return ContentHash(text: rest).map(Marker.list) ?? .none
    }
    return SiteManifest(bytes: bytes).map { .inside($0, ContentHash(bytes)) } ?? .none
  }

  /// The manifest of the tree at `root` whose list is kept in `state`, with its hash; nil
  /// without a marker, or when the list is missing or does not match the marker. A list
  /// `memory` holds under the marker's hash is taken as kept while its file is there.
  static func read(tree root: String, state: String, memory: PublishMemory? = nil) -> (
    manifest: SiteManifest, hash: ContentHash
  )? {
    switch marker(ofTree: root) {
    case .none: return nil
    case .inside(let manifest, let hash): return (manifest, hash)
    case .list(let hash):
      let path = listPath(hash, state: state)
      if let kept = memory?.manifest(hash), FileCalls.kind(path) == .file { return (kept, hash) }
      guard let bytes = FileCalls.read(path), ContentHash(bytes) == hash,
        let manifest = SiteManifest(bytes: bytes)
      else { return nil }
      memory?.remember(manifest, hash: hash)
      return (manifest, hash)
    }
  }

  /// Where the list with `hash` is kept.
  static func listPath(_ hash: ContentHash, state: String) -> String {
    state + "/" + hash.description + ".manifest"
  }

  /// The marker's text for the list with `hash`.
  static func markerBytes(_ hash: ContentHash) -> [UInt8] {
    Array((markerHeader + hash.description + "\n").utf8)
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
    // A site's files come sorted: then they are only checked, not sorted again.
    let sorted = zip(paths, paths.dropFirst()).allSatisfy { $0 < $1 }
    for i in sorted ? Array(paths.indices) : paths.indices.sorted(by: { paths[$0] < paths[$1] }) {
      hashes[i].append(to: &out)
      out.append(UInt8(ascii: "\t"))
      out.append(contentsOf: paths[i].utf8)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
