import VibeBasics

/// What is known of one tree of the output beyond its manifest and listing, so a publish of
/// 10,000 files does not look each one up by path in both: whether the listing holds every
/// path of the manifest (`listsAll`) and nothing else but the marker (`listsExactly`), and,
/// in a process that wrote the manifest (`watch`, `serve`: `PublishMemory`), its paths and
/// hashes in the order the publish had them, so a file is compared with the entry in its
/// own place. A manifest read from disk is looked up by path.
struct TreeKnowledge: Sendable {
  /// A manifest's paths and their hashes, in the order a publish wrote them (each path
  /// once, so the hash at a path's position is the manifest's hash of that path).
  struct Ordered: Sendable {
    var paths: [String]
    var hashes: [ContentHash]
  }

  /// The manifest in the order it was written, when known.
  var ordered: Ordered?
  /// Whether the listing holds every path of the manifest.
  var listsAll = false
  /// Whether it also holds nothing else but the marker.
  var listsExactly = false

  /// What `listing` holds of `manifest` (whose list hashes to `hash`): worked out once per
  /// listing and manifest in a process that keeps `memory`, with the order it wrote the
  /// manifest in.
  static func of(
    _ listing: TreeListing, _ manifest: SiteManifest, hash: ContentHash, memory: PublishMemory?
  ) -> TreeKnowledge {
    memory?.knowledge(of: listing, manifest: manifest, hash: hash)
      ?? TreeKnowledge(manifest, listing: listing, ordered: nil)
  }

  /// What `listing` holds of `manifest`, and the manifest's order when known.
  init(_ manifest: SiteManifest, listing: TreeListing, ordered: Ordered?) {
    self.ordered = ordered
    listsAll = manifest.files.keys.allSatisfy { listing.files[$0] != nil }
    listsExactly =
      listsAll && manifest.files[SiteManifest.fileName] == nil
      && listing.files[SiteManifest.fileName] != nil
      && listing.files.count == manifest.files.count + 1
  }

  /// The manifest's hash of `path`, the file at `index` of a site: by position when the
  /// manifest has that path there, else looked up.
  func hash(of path: String, at index: Int, in manifest: SiteManifest) -> ContentHash? {
    if let ordered, index < ordered.paths.count, ordered.paths[index].isSameText(as: path) {
      return ordered.hashes[index]
    }
    return manifest.files[path]
  }

  /// Whether the tree has the file `path` (at `index` of a site) as its manifest says,
  /// with `hash`, and listed.
  func has(
    _ path: String, at index: Int, hash: ContentHash, manifest: SiteManifest, listing: TreeListing
  ) -> Bool {
    guard self.hash(of: path, at: index, in: manifest) == hash else { return false }
    return listsAll || listing.files[path] != nil
  }

  /// Whether the manifest's paths are `files`' paths, in the same order.
  func hasPaths(of files: [OutputFile]) -> Bool {
    ordered.map { OutputFile.paths(of: files, are: $0.paths) } ?? false
  }
}
