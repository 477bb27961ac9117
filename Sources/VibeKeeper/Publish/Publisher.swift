import Foundation

/// The last stage of the pipeline: publishes a built site so that its cost follows what
/// changed and a reader never sees a half-written one. The output (`_site`) is a real
/// folder; a spare tree beside it (`SiteTrees`) holds the site published before. A publish
/// brings the spare up to date — only files whose content differs are touched
/// (`TreeUpdate`) — and then exchanges it with the output in one atomic step. A failed or
/// interrupted publish (even `kill -9`) leaves the published site as it was, and the next
/// publish correct. Only files VibeKeeper generated are ever removed; files a user put in
/// the output are carried over.
public struct Publisher: Sendable {
  /// The output path (`_site`).
  public let output: URL
  /// Folders the output must never be, contain, or sit inside (the data and templates).
  public let protectedFolders: [URL]

  /// How many files are hashed and written at once (default: one per processor).
  public var jobs = Parallel.defaultJobs
  /// What earlier publishes in this process read and wrote beside the output (`watch`,
  /// `serve`), so it is not parsed again; nil: everything is read.
  public var memory: PublishMemory?

  /// Creates a publisher.
  public init(output: URL, protecting protectedFolders: [URL]) {
    self.output = output
    self.protectedFolders = protectedFolders
  }

  /// What a publish did. `written + linked + unchanged` is the number of files published.
  public struct Stats: Sendable, Equatable {
    /// Files written because their content is new or changed.
    public var written = 0
    /// Files hard-linked from the published site (unchanged since it, but the tree being
    /// updated had another version or none).
    public var linked = 0
    /// Files the tree being updated already had with the same content: not touched.
    public var unchanged = 0
    /// Generated files of the published site that the new site no longer has.
    public var removed = 0
    /// Files not made by VibeKeeper, carried over from the published site.
    public var kept = 0

    /// Creates counts.
    public init(
      written: Int = 0, linked: Int = 0, unchanged: Int = 0, removed: Int = 0, kept: Int = 0
    ) {
      self.written = written
      self.linked = linked
      self.unchanged = unchanged
      self.removed = removed
      self.kept = kept
    }
  }

  /// The manifest of the site published now (read before rendering to tell which files can
  /// be passed as `OutputFile.unchanged(path:hash:)`); nil when there is none.
  public func publishedManifest() -> SiteManifest? {
    let trees = SiteTrees(output: output.standardizedFileURL)
    switch trees.found() {
    case .folder:
      return SiteManifest.read(tree: trees.output, state: trees.state, memory: memory)?.manifest
    case .earlierLink(let tree):
      return SiteManifest.read(tree: trees.state + "/" + tree, state: trees.state, memory: memory)?
        .manifest
    default: return nil
    }
  }

  /// The published files a build may pass on as `OutputFile.unchanged(path:hash:)`: the
  /// manifest's entries whose file is still in the published tree (one removed by hand is
  /// rendered again). Empty when nothing is published or the site cannot be read.
  public func reusableFiles() -> [String: ContentHash] {
    let trees = SiteTrees(output: output.standardizedFileURL)
    guard let published = try? publishedSite(trees.found(), trees) else { return [:] }
    let files = published.manifest.files
    // Usually every one is there: then the manifest's own table is shared, not copied.
    if published.known.listsAll { return files }
    return files.filter { published.listing.files[$0.key] != nil }
  }

  /// The build state published with the current site (`publish(_:state:)`), nil when there
  /// is none.
  public func publishedState() -> [UInt8]? {
    let trees = SiteTrees(output: output.standardizedFileURL)
    switch trees.found() {
    case .folder: return trees.buildStatePath(ofTree: trees.output).flatMap(FileCalls.read)
    case .earlierLink(let tree): return FileCalls.read(trees.state + "/" + tree + ".state")
    default: return nil
    }
  }

  /// Publishes `files` (paths relative to the output) with the build `state` that describes
  /// them, kept beside the published tree (never inside it).
  @discardableResult
  public func publish(_ files: [OutputFile], state: [UInt8]? = nil) throws -> Stats {
    try publish(files, whenLive: {}, state: { state })
  }

  /// Publishes `files` with the build `state` that describes them (made while the tree is
  /// brought up to date, and written beside it before the exchange, so the output never
  /// shows a site without its state: the feeds' SEQUENCE numbers and the count of records
  /// are in it), and calls `whenLive` the moment the output shows them (a browser may
  /// reload), before what the exchange left is cleared. `whenLive` runs while this
  /// output is locked: it must be quick, and must never publish into the same output.
  @discardableResult
  public func publish(
    _ files: [OutputFile], whenLive: () -> Void, state: @escaping @Sendable () -> [UInt8]?
  ) throws -> Stats {
    let target = output.standardizedFileURL
    guard target.path != "/" else { throw PublishError("refusing to publish into /") }
    let trees = SiteTrees(output: target)
    try checkLocation(target)
    // The very paths the last publish in this process checked are as safe as they were.
    let generated: Set<String>
    let folders: Set<String>
    if let kept = memory?.checkedPaths(files) {
      (generated, folders) = kept
    } else {
      (generated, folders) = try checkPaths(files)
      memory?.rememberChecked(files, (generated, folders))
    }
    // One publish at a time into this folder (a `watch` and a `build`, say).
    let lock = try trees.lock()
    defer { close(lock) }
    do {
      return try publish(
        files, whenLive: whenLive, state: state, generated: generated, folders: folders,
        trees: trees)
    } catch let error as PublishError {
      throw error
    } catch {
      throw PublishError(
        "could not write the site: \(error.localizedDescription)",
        hint: "the previous site is unchanged")
    }
  }

  private func publish(
    _ files: [OutputFile], whenLive: () -> Void, state: @escaping @Sendable () -> [UInt8]?,
    generated: Set<String>, folders: Set<String>, trees: SiteTrees
  ) throws -> Stats {
    try trees.recoverInterruptedExchange()
    if case .earlierLink(let tree) = trees.found() { try trees.migrateEarlierLink(to: tree) }
    let found = trees.found()
    // The published site and the spare tree are read side by side; a spare that cannot
    // be read is not trusted (made again).
    let reads = Parallel.map(2, jobs: jobs) { k in
      Result { () throws -> (TreeUpdate.Published?, TreeUpdate.Base?) in
        k == 0
          ? (try publishedSite(found, trees), nil)
          : (nil, (try? TreeUpdate.read(trees.spare, state: trees.state, memory: memory)) ?? nil)
      }
    }
    let published = try reads[0].get().0
    let hashes = Parallel.map(files.count, jobs: jobs) { i in
      files[i].knownHash ?? ContentHash(files[i].bytes)
    }
    let (userFiles, same) = try compare(
      files, hashes: hashes, generated: generated, folders: folders, published: published)
    if published != nil, same {
      // Nothing to publish, but what an interrupted publish left beside the trees (a
      // half-filled scratch folder, a tree moved to the trash) is still cleared.
      try trees.prepare()
      if let manifest = trees.manifestHash(ofTree: trees.output) {
        try trees.writeBuildState(state(), manifest: manifest)
      }
      whenLive()
      return Stats(unchanged: files.count, kept: userFiles.count)
    }
    try trees.prepare()
    let base = try reads[1].get().1
    if base == nil { try TreeUpdate.makeFresh(trees.spare, trash: trees.trash) }
    let update = TreeUpdate(
      files: files, hashes: hashes, generated: generated, folders: folders, published: published,
      userFiles: userFiles, root: trees.spare, base: base, scratch: trees.scratch,
      state: trees.state)
    // The state is made while the tree is updated.
    let (applied, stateBytes) = Parallel.pair({ Result { try update.apply(jobs: jobs) } }, state)
    let (stats, manifest) = try applied.get()
    try trees.writeBuildState(stateBytes, manifest: manifest)
    try trees.exchangeSpareWithOutput()
    whenLive()
    // The next build reads the list just written: kept, it is not parsed again (unless a
    // path holds a line break, which its lines cannot give back as written).
    if let memory, !files.contains(where: { $0.path.utf8.contains(UInt8(ascii: "\n")) }) {
      let paths = files.map(\.path)
      memory.remember(
        SiteManifest(paths: paths, hashes: hashes), hash: manifest,
        ordered: TreeKnowledge.Ordered(paths: paths, hashes: hashes))
    }
    try trees.removeStaleStatesAndManifests()
    try FileCalls.removeTree(trees.trash)
    keepListingCurrent(trees.output, expecting: files.count + 16)
    return stats
  }

  /// For a process that publishes again (`watch`, `serve`): lists the tree just published
  /// on a thread of its own once its folders have settled (`TreeListing.settleNanoseconds`),
  /// so the next build takes the listing kept instead of reading 10,000 entries while a
  /// browser waits. A build that comes first lists the tree itself; a listing is kept by
  /// its folders' stamps, so one made while the tree changes is never taken. Nothing is
  /// listed without a memory to keep it in.
  private func keepListingCurrent(_ root: String, expecting count: Int) {
    guard let memory else { return }
    let wait = Double(TreeListing.settleNanoseconds + 5_000_000) / 1e9
    memory.listInBackground {
      Thread.sleep(forTimeInterval: wait)
      _ = try? TreeListing.read(root, expecting: count, memory: memory)
    }
  }

  /// The published site; nil when there is none (or an empty folder). Refuses an output
  /// that is not a folder or our link, and a folder (or tree) with files but no manifest.
  private func publishedSite(_ found: SiteTrees.Found, _ trees: SiteTrees) throws
    -> TreeUpdate.Published?
  {
    let root: String
    switch found {
    case .nothing: return nil
    case .other:
      throw PublishError(
        "the output \(trees.output) exists and is not a folder", hint: "choose another --output")
    case .otherLink(let text):
      throw PublishError(
        "the output \(trees.output) is a symbolic link VibeKeeper did not make (to \(text))",
        hint: "choose another --output (such as the folder it points to), or remove the link")
    case .folder: root = trees.output
    case .earlierLink(let tree): root = trees.state + "/" + tree
    }
    guard let (manifest, hash) = SiteManifest.read(tree: root, state: trees.state, memory: memory)
    else {
      if case .list = SiteManifest.marker(ofTree: root) {
        throw PublishError(
          "the output \(trees.output) was built by VibeKeeper, but its list of files in \(trees.state) is missing or damaged",
          hint:
            "the output is generated: move out any file of yours, remove the output folder, and build again"
        )
      }
      guard let listing = try TreeListing.read(root),
        !listing.files.isEmpty || !listing.folders.isEmpty
      else { return nil }
      throw PublishError(
        "the output folder \(trees.output) has files VibeKeeper did not make",
        hint:
          "VibeKeeper only replaces folders it built (they hold \(SiteManifest.fileName)); empty it or choose another --output"
      )
    }
    guard
      let listing = try TreeListing.read(
        root, expecting: manifest.files.count + 16, memory: memory)
    else {
      return nil
    }
    return TreeUpdate.Published(
      root: root, manifest: manifest, listing: listing,
      known: TreeKnowledge.of(listing, manifest, hash: hash, memory: memory))
  }

  /// Files of the user's in the published site, sorted, and whether the published site
  /// already is exactly the new one. Refuses a reused file the published site does not
  /// have with its hash, and a generated file or folder where the user has a file.
  private func compare(
    _ files: [OutputFile], hashes: [ContentHash], generated: Set<String>, folders: Set<String>,
    published: TreeUpdate.Published?
  ) throws -> (userFiles: [String], same: Bool) {
    var same = published?.manifest.files.count == files.count
    for (i, (file, hash)) in zip(files, hashes).enumerated() where same || file.reused != nil {
      let there =
        published.map {
          $0.known.has(file.path, at: i, hash: hash, manifest: $0.manifest, listing: $0.listing)
        } ?? false
      if file.reused != nil, !there { throw PublishError.staleReuse(path: file.path) }
      same = same && there
    }
    guard let published else { return ([], false) }
    // A tree of exactly its manifest's files (and the marker) has none of the user's.
    if published.known.listsExactly { return ([], same) }
    var user: [String] = []
    for path in published.listing.files.keys
    where published.manifest.files[path] == nil && path != SiteManifest.fileName {
      var clash: String? = generated.contains(path) || folders.contains(path) ? path : nil
      var prefix = Substring(path)
      while clash == nil, let slash = prefix.lastIndex(of: "/") {
        prefix = prefix[..<slash]
        if generated.contains(String(prefix)) { clash = String(prefix) }
      }
      if let clash {
        throw PublishError(
          "the site now generates \(clash), but the output folder has a file of yours at \(path)",
          hint:
            "move \(output.appendingPathComponent(path).path) elsewhere; VibeKeeper never overwrites your files"
        )
      }
      user.append(path)
    }
    return (user.sorted(), same)
  }

  /// Refuses an output that is, contains, or sits inside a protected folder (checking both
  /// where the output link is and the tree it points to).
  func checkLocation(_ target: URL) throws {
    let parent = Publisher.realPath(target.deletingLastPathComponent())
    let here = (parent.hasSuffix("/") ? parent : parent + "/") + target.lastPathComponent
    let resolved = Publisher.realPath(target)
    guard resolved != "/" else {
      throw PublishError("refusing to publish into /")
    }
    for out in Set([here, resolved]) {
      for folder in protectedFolders {
        let p = Publisher.realPath(folder)
        if out == p || p.hasPrefix(out + "/") {
          throw PublishError(
            "the output folder \(target.path) is or contains \(folder.path)",
            hint: "publishing replaces the output folder; choose another --output, such as _site")
        }
        if out.hasPrefix(p + "/") {
          throw PublishError(
            "the output folder \(target.path) is inside \(folder.path)",
            hint:
              "VibeKeeper never writes into the data or templates folders; choose another --output"
          )
        }
      }
    }
  }

  /// Checks that every path is safe, unique, and never both a file and a folder; the paths
  /// and the folders they need.
  func checkPaths(_ files: [OutputFile]) throws -> (files: Set<String>, folders: Set<String>) {
    var seen = Set<String>(minimumCapacity: files.count)
    var folders = Set<String>()
    var lastFolder: Substring = ""
    for file in files {
      guard OutputFile.isSafePath(file.path), file.path != SiteManifest.fileName else {
        throw PublishError("the output path '\(file.path)' would leave the output folder")
      }
      guard seen.insert(file.path).inserted else {
        throw PublishError("two outputs are both written to '\(file.path)'")
      }
      // Pages come in runs from the same folder: a folder just seen is not looked up.
      guard let slash = file.path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
      var prefix = file.path[..<slash]
      if prefix == lastFolder { continue }
      lastFolder = prefix
      while folders.insert(String(prefix)).inserted,
        let up = prefix.utf8.lastIndex(of: UInt8(ascii: "/"))
      {
        prefix = prefix[..<up]
      }
    }
    if let clash = folders.filter({ seen.contains($0) }).min() {
      throw PublishError("'\(clash)' is both a file and a folder of the output")
    }
    return (seen, folders)
  }

  /// The real path of a URL, resolving links in the part that exists.
  static func realPath(_ url: URL) -> String {
    var existing = url.standardizedFileURL
    var tail: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      tail.insert(existing.lastPathComponent, at: 0)
      existing = existing.deletingLastPathComponent()
    }
    var path = existing.resolvingSymlinksInPath().path
    for t in tail { path += (path.hasSuffix("/") ? "" : "/") + t }
    return path
  }
}
