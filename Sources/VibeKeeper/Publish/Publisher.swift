import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last stage of the pipeline: writes a built site into a fresh folder beside the
/// output and swaps it in only when it is complete, so a failed or interrupted build (even
/// `kill -9`) leaves the previous site as it was. Unchanged files are hard-linked from the
/// previous site instead of written again. Only files VibeKeeper generated are ever
/// removed; files a user put in the output folder are carried over.
public struct Publisher: Sendable {
  /// The output folder (`_site`).
  public let output: URL
  /// Folders the output must never be, contain, or sit inside (the data and templates).
  public let protectedFolders: [URL]

  /// How many files are written at once (default: one per processor).
  public var jobs = Parallel.defaultJobs

  /// Creates a publisher.
  public init(output: URL, protecting protectedFolders: [URL]) {
    self.output = output
    self.protectedFolders = protectedFolders
  }

  /// What a publish did.
  public struct Stats: Sendable, Equatable {
    /// Files written because they are new or changed.
    public var written = 0
    /// Unchanged files linked from the previous site.
    public var unchanged = 0
    /// Generated files of the previous site that are gone from the new one.
    public var removed = 0
    /// Files not made by VibeKeeper, carried over from the previous site.
    public var kept = 0
  }

  /// Publishes `files` (paths relative to the output folder).
  @discardableResult
  public func publish(_ files: [OutputFile]) throws -> Stats {
    let target = output.standardizedFileURL
    try checkLocation(target)
    let previous = try previousManifest(target)
    try checkPaths(files)
    let fm = FileManager.default
    let parent = target.deletingLastPathComponent()
    let staging = parent.appendingPathComponent(".\(target.lastPathComponent).vibekeeper-new")
    let old = parent.appendingPathComponent(".\(target.lastPathComponent).vibekeeper-old")
    // Leftovers of an interrupted build carry our names only; they are ours to remove.
    try? fm.removeItem(at: staging)
    try? fm.removeItem(at: old)
    var stats = Stats()
    do {
      try fm.createDirectory(at: staging, withIntermediateDirectories: true)
      var manifest = SiteManifest()
      try makeDirectories(for: files.map(\.path), under: staging)
      // Files are hashed and linked or written by several workers (each file on its own,
      // into folders made above); the manifest and counts are put together in order.
      let stagingPath = staging.path
      let targetPath = target.path
      let done = Parallel.map(files.count, jobs: jobs) { i -> Result<(ContentHash, Bool), Error> in
        let file = files[i]
        let dest = stagingPath + "/" + file.path
        if let reused = file.reused {
          guard previous?.files[file.path] == reused, link(targetPath + "/" + file.path, dest) == 0
          else {
            return .failure(
              PublishError("the published \(file.path) is not the one the last build made"))
          }
          return .success((reused, true))
        }
        let hash = ContentHash(file.bytes)
        if previous?.files[file.path] == hash, link(targetPath + "/" + file.path, dest) == 0 {
          return .success((hash, true))
        }
        do {
          try Publisher.write(file.bytes, to: dest)
          return .success((hash, false))
        } catch {
          return .failure(error)
        }
      }
      for (file, result) in zip(files, done) {
        let (hash, linked) = try result.get()
        manifest.files[file.path] = hash
        if linked { stats.unchanged += 1 } else { stats.written += 1 }
      }
      if let previous {
        stats.removed = previous.files.keys.filter { manifest.files[$0] == nil }.count
        stats.kept = try carryUserFiles(
          from: target, to: staging, previous: previous, generated: manifest)
      }
      try Publisher.write(
        Array(manifest.text.utf8), to: staging.appendingPathComponent(SiteManifest.fileName).path)
      if let replaced = try DirectorySwap.install(staging, at: target, previous: old) {
        try? fm.removeItem(at: replaced)
      }
    } catch let error as PublishError {
      try? fm.removeItem(at: staging)
      throw error
    } catch {
      try? fm.removeItem(at: staging)
      throw PublishError(
        "could not write the site: \(error.localizedDescription)",
        hint: "the previous site is unchanged")
    }
    return stats
  }

  /// Refuses an output folder that is, contains, or sits inside a protected folder.
  func checkLocation(_ target: URL) throws {
    let out = Publisher.realPath(target)
    guard out != "/" else { throw PublishError("refusing to publish into /") }
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
            "VibeKeeper never writes into the data or templates folders; choose another --output")
      }
    }
  }

  /// The previous site's manifest; an existing folder that is not ours must be empty.
  func previousManifest(_ target: URL) throws -> SiteManifest? {
    let fm = FileManager.default
    var isDir: ObjCBool = false
    guard fm.fileExists(atPath: target.path, isDirectory: &isDir) else { return nil }
    guard isDir.boolValue else {
      throw PublishError(
        "the output \(target.path) exists and is not a folder", hint: "choose another --output")
    }
    if let m = SiteManifest.read(from: target) { return m }
    let contents = (try? fm.contentsOfDirectory(atPath: target.path)) ?? []
    guard contents.isEmpty else {
      throw PublishError(
        "the output folder \(target.path) has files VibeKeeper did not make",
        hint:
          "VibeKeeper only replaces folders it built (they hold \(SiteManifest.fileName)); empty it or choose another --output"
      )
    }
    return nil
  }

  /// Every path is safe, unique, and never both a file and a folder.
  func checkPaths(_ files: [OutputFile]) throws {
    var seen = Set<String>()
    var folders = Set<String>()
    for file in files {
      guard OutputFile.isSafePath(file.path), file.path != SiteManifest.fileName else {
        throw PublishError("the output path '\(file.path)' would leave the output folder")
      }
      guard seen.insert(file.path).inserted else {
        throw PublishError("two outputs are both written to '\(file.path)'")
      }
      var prefix = Substring(file.path)
      while let slash = prefix.lastIndex(of: "/") {
        prefix = prefix[..<slash]
        folders.insert(String(prefix))
      }
    }
    if let clash = seen.first(where: { folders.contains($0) }) {
      throw PublishError("'\(clash)' is both a file and a folder of the output")
    }
  }

  private func makeDirectories(for paths: [String], under root: URL) throws {
    var made = Set<String>()
    for path in paths {
      guard let slash = path.lastIndex(of: "/") else { continue }
      let dir = String(path[..<slash])
      if made.insert(dir).inserted {
        try FileManager.default.createDirectory(
          at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
      }
    }
  }

  /// Links the previous site's non-generated files into the new one.
  private func carryUserFiles(
    from target: URL, to staging: URL, previous: SiteManifest, generated: SiteManifest
  ) throws -> Int {
    guard
      let walker = FileManager.default.enumerator(
        at: target, includingPropertiesForKeys: [.isRegularFileKey])
    else { return 0 }
    var kept = 0
    let base = target.path.hasSuffix("/") ? target.path : target.path + "/"
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else {
        continue
      }
      let full = url.standardizedFileURL.path
      guard full.hasPrefix(base) else { continue }
      let rel = String(full.dropFirst(base.count))
      if rel == SiteManifest.fileName || previous.files[rel] != nil { continue }
      if generated.files[rel] != nil {
        throw PublishError(
          "the site now generates \(rel), but the output folder has a file of yours there",
          hint:
            "move \(target.appendingPathComponent(rel).path) elsewhere; VibeKeeper never overwrites your files"
        )
      }
      let dest = staging.appendingPathComponent(rel)
      try FileManager.default.createDirectory(
        at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
      if link(full, dest.path) != 0 {
        try FileManager.default.copyItem(atPath: full, toPath: dest.path)
      }
      kept += 1
    }
    return kept
  }

  /// Writes a new file (it must not exist yet).
  static func write(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw PublishError("cannot create \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var offset = 0
    try bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          throw PublishError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        offset += n
      }
    }
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
