import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Brings one tree of the output up to date with a new site, touching only what differs
/// from what that tree holds. A file the tree already has with the same hash is left alone;
/// one the published tree has with the new hash is hard-linked from there; any other is
/// written. Files are never changed in place (the trees share inodes through hard links):
/// each is made under a scratch name and renamed over. Generated files the site no longer
/// has, and files of the user's no longer in the published site, are removed; files of the
/// user's in the published site are linked in. The tree's manifest is removed before the
/// first change and written after the last, so an interrupted update is never trusted.
struct TreeUpdate: Sendable {
  /// The site published now.
  struct Published: Sendable {
    /// Its folder.
    var root: String
    /// Its manifest.
    var manifest: SiteManifest
    /// What is in it.
    var listing: TreeListing
    /// What is known of the two.
    var known: TreeKnowledge
  }

  /// The tree being updated as its manifest and a listing say it is.
  struct Base: Sendable {
    /// Its (valid) manifest.
    var manifest: SiteManifest
    /// What is in it.
    var listing: TreeListing
    /// What is known of the two.
    var known: TreeKnowledge
  }

  /// The new site's files.
  let files: [OutputFile]
  /// Their content hashes, in the same order.
  let hashes: [ContentHash]
  /// Their paths.
  let generated: Set<String>
  /// The folders they need.
  let folders: Set<String>
  /// The published site, if any.
  let published: Published?
  /// Files of the user's in the published site (not in its manifest), to carry over.
  let userFiles: [String]
  /// The folder of the tree being updated.
  let root: String
  /// Its contents; nil when it is a new, empty folder.
  let base: Base?
  /// An empty folder for files being made.
  let scratch: String
  /// The hidden folder where the tree's manifest list is kept (`SiteManifest`).
  let state: String

  /// The tree at `root` when its manifest (kept in `state`) makes it trustworthy; nil
  /// otherwise (an interrupted update, or no tree yet). Reads only.
  static func read(_ root: String, state: String, memory: PublishMemory? = nil) throws -> Base? {
    guard let (manifest, hash) = SiteManifest.read(tree: root, state: state, memory: memory),
      let listing = try TreeListing.read(
        root, expecting: manifest.files.count + 16, memory: memory)
    else { return nil }
    return Base(
      manifest: manifest, listing: listing,
      known: TreeKnowledge.of(listing, manifest, hash: hash, memory: memory))
  }

  /// Makes `root` a new, empty folder: whatever is there (an untrusted tree) is moved to
  /// `trash` first.
  static func makeFresh(_ root: String, trash: String) throws {
    if FileCalls.kind(root) != .missing { try FileCalls.move(root, trash) }
    try FileCalls.makeFolder(root)
  }

  /// One file to make in the tree.
  private struct Job: Sendable {
    /// Its path in the tree.
    var path: String
    /// The new site's file, or nil for a file of the user's.
    var file: Int?
    /// Whether to link it from the published tree (else its bytes are written).
    var link: Bool
  }

  /// Updates the tree; the counts of what was done, and the hash of the tree's new
  /// manifest (which names its build state).
  func apply(jobs: Int) throws -> (Publisher.Stats, manifest: ContentHash) {
    var stats = Publisher.Stats()
    stats.kept = userFiles.count
    if let published, !published.known.hasPaths(of: files) {
      stats.removed = published.manifest.files.keys.count { !generated.contains($0) }
    }
    var work: [Job] = []
    for (i, file) in files.enumerated() {
      let hash = hashes[i]
      if let base,
        base.known.has(file.path, at: i, hash: hash, manifest: base.manifest, listing: base.listing)
      {
        stats.unchanged += 1
      } else if let published,
        published.known.has(
          file.path, at: i, hash: hash, manifest: published.manifest, listing: published.listing)
      {
        work.append(Job(path: file.path, file: i, link: true))
        stats.linked += 1
      } else {
        work.append(Job(path: file.path, file: i, link: false))
        stats.written += 1
      }
    }
    var needed = folders
    for path in userFiles {
      if let published, base?.listing.files[path] != published.listing.files[path] {
        work.append(Job(path: path, file: nil, link: true))
      }
      var prefix = Substring(path)
      while let slash = prefix.lastIndex(of: "/") {
        prefix = prefix[..<slash]
        needed.insert(String(prefix))
      }
    }
    if let base {
      let carried = Set(userFiles)
      // A tree of exactly these files (and the marker) has nothing stale.
      var stale: [String] = []
      if !(base.known.listsExactly && base.known.hasPaths(of: files)) {
        stale = base.listing.files.keys.filter {
          !generated.contains($0) && (carried.isEmpty || !carried.contains($0))
        }
        stale.removeAll { $0 == SiteManifest.fileName }
      }
      // From here on the tree is not trusted until its new manifest is in place.
      try FileCalls.removeFile(root + "/" + SiteManifest.fileName)
      for path in stale { try FileCalls.removeFile(root + "/" + path) }
      for folder in base.listing.folders.subtracting(needed).sorted(by: >) {
        FileCalls.removeEmptyFolder(root + "/" + folder)
      }
      needed.subtract(base.listing.folders)
    }
    for folder in needed.sorted() { try FileCalls.makeFolder(root + "/" + folder) }
    let todo = work
    let results = Parallel.map(todo.count, jobs: todo.count < 64 ? 1 : jobs) { k in
      Result { try make(todo[k], scratchName: String(k)) }
    }
    for result in results { try result.get() }
    // The list beside the tree first, then the marker that names it, last of all.
    let list = SiteManifest.bytes(paths: files.map(\.path), hashes: hashes)
    let hash = ContentHash(list)
    let pendingList = scratch + "/" + SiteManifest.fileName + ".list"
    try FileCalls.write(list, to: pendingList)
    try FileCalls.move(pendingList, SiteManifest.listPath(hash, state: state))
    let pending = scratch + "/" + SiteManifest.fileName
    try FileCalls.write(SiteManifest.markerBytes(hash), to: pending)
    try FileCalls.move(pending, root + "/" + SiteManifest.fileName)
    return (stats, hash)
  }

  /// Makes one file: directly in a new tree, else under a scratch name renamed over.
  private func make(_ job: Job, scratchName: String) throws {
    let destination = root + "/" + job.path
    let made = base == nil ? destination : scratch + "/" + scratchName
    let file = job.file.map { files[$0] }
    if job.link, let published {
      let source = published.root + "/" + job.path
      let error = FileCalls.hardLink(source, made)
      if error == ENOENT, file == nil {
        // A file of the user's gone since it was listed.
        try FileCalls.removeFile(destination)
        return
      }
      if error != 0 { try recover(file, source: source, error: error, at: made) }
    } else if let file {
      try FileCalls.write(file, to: made)
    }
    if made != destination { try FileCalls.move(made, destination) }
  }

  /// Makes `made` when linking `source` failed with `error`: from the file's bytes when it
  /// has them, else (it cannot be linked: too many links, say) as a copy; a reused file
  /// gone from the published tree is stale.
  private func recover(_ file: OutputFile?, source: String, error: Int32, at made: String) throws {
    if let file, file.reused == nil {
      try FileCalls.write(file, to: made)
    } else if let file, error == ENOENT {
      throw PublishError.staleReuse(path: file.path)
    } else if let bytes = FileCalls.read(source) {
      try FileCalls.write(bytes, to: made)
    } else {
      throw FileCalls.failure("cannot read", source)
    }
  }
}
