import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way the commands that write change the data folder. Every change is read,
/// checked with the loader, and written atomically:
/// - one writer at a time: an advisory lock on the data folder serialises VibeKeeper's own
///   writers (two `bought` at once both land);
/// - a file with an unresolved merge conflict is never written;
/// - the result is decoded and its references resolved before anything is written: a
///   change that would add an error is refused and nothing changes;
/// - each file is written to a temporary file beside it, synced, and renamed over it, only
///   if it still holds the text it was read with (an editor that saved meanwhile wins and
///   the command says so); a new file is never created over one that appeared meanwhile.
public struct DataWriter: Sendable {
  /// The data folder.
  public let root: URL
  /// How the data folder is named in messages (`data`).
  public let displayRoot: String

  /// A writer into `root`.
  public init(root: URL, displayRoot: String) {
    self.root = root
    self.displayRoot = displayRoot
  }

  /// Why nothing was written.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the user.
    public let description: String
    /// The errors the change would have added, when that was the reason.
    public var diagnostics: [Diagnostic] = []
    /// The text each file would have had, by its shown path, for the files those errors
    /// point into (their lines are quoted from it, not from the file as it is).
    public var proposed: [String: String] = [:]
    /// Whether an argument as typed cannot be read (`--at 25:00`): a usage error.
    public var isUsage = false
  }

  /// Why a file was not written: it changed after this command read it.
  func changedMeanwhile(_ path: String) -> Problem {
    Problem(
      description:
        "\(display(path)) changed while this command ran, so nothing was written to it; run the command again"
    )
  }

  /// The path shown for a file (`data/purchases/2026/11.yml`).
  public func display(_ path: String) -> String {
    displayRoot.isEmpty ? path : displayRoot + "/" + path
  }

  // MARK: Lock

  /// Runs `body` holding the data folder's writer lock (an advisory `flock` on the folder
  /// itself, so no lock file is left behind).
  public func locked<T>(_ body: () throws(Problem) -> T) throws(Problem) -> T {
    guard let result = try FileLock.holding(root.path, create: false, body) else {
      throw Problem(description: "cannot open the data folder \(root.path)")
    }
    return result
  }

  // MARK: Read

  /// The text of a file inside the data folder, nil when it does not exist. A file with a
  /// conflict marker, or one that leads outside the data folder, is refused.
  public func read(_ path: String) throws(Problem) -> String? {
    let url = try inside(path)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw Problem(description: "cannot read \(display(path))")
    }
    guard case .success(let decoded) = SourceText.decode(Array(data), file: display(path)) else {
      throw Problem(description: "\(display(path)) is not valid UTF-8; fix it first")
    }
    let text = String(decoding: data, as: UTF8.self)
    if let line = ConflictMarkers.firstLine(in: decoded.text) {
      throw Problem(
        description:
          "\(display(path)):\(line) has an unresolved merge conflict, so nothing was written",
        diagnostics: [ConflictMarkers.diagnostic(file: display(path), line: line)])
    }
    return text
  }

  /// The URL of `path`, refused when it (or a folder on the way) leads outside the data
  /// folder or the path climbs out of it.
  func inside(_ path: String) throws(Problem) -> URL {
    guard RecordFile.isValidID(path) else {
      throw Problem(description: "'\(path)' is not a path inside the data folder")
    }
    let url = root.appendingPathComponent(path)
    let rootReal = root.resolvingSymlinksInPath().standardizedFileURL.path
    var folder = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.path), folder.path.count > 1 {
      folder = folder.deletingLastPathComponent()
    }
    let real = folder.resolvingSymlinksInPath().standardizedFileURL.path
    guard real == rootReal || real.hasPrefix(rootReal == "/" ? "/" : rootReal + "/") else {
      throw Problem(description: "\(display(path)) leads outside the data folder (to \(real))")
    }
    return url
  }

  // MARK: Check

  /// Refuses `changes` when a changed record file would have an error it did not have
  /// before: each is decoded as the loader decodes it and its references are resolved
  /// against `household` (the data folder as loaded).
  public func check(_ changes: [FileChange], household: Household, schema: RecordSchema)
    throws(Problem)
  {
    let context = DecodeContext(settings: household.settings, schema: schema)
    let files = changes.compactMap { change -> (FileChange, RecordFile, RecordFile.Output)? in
      guard let kind = RecordKind.allCases.first(where: { change.path.hasPrefix($0.folder + "/") })
      else { return nil }
      let file = RecordFile(kind: kind, path: change.path, displayPath: display(change.path))
      return (change, file, file.decode(Array(change.after.utf8), context: context))
    }
    // The ids a reference may name: the household's, and those the change itself creates
    // (a new game with its first result). Built once per kind named.
    var ids: [RecordKind: Set<String>] = [:]
    func exists(_ ref: Reference) -> Bool {
      if ids[ref.target] == nil {
        ids[ref.target] = household.ids(of: ref.target).union(
          files.filter { $0.1.kind == ref.target }.flatMap { $0.2.records.map(\.meta.id) })
      }
      return ids[ref.target]?.contains(ref.id) ?? false
    }
    var added: [Diagnostic] = []
    var proposed: [String: String] = [:]
    for (change, file, after) in files {
      let decodedBefore = change.before.map { file.decode(Array($0.utf8), context: context) }
      // A file that could not be read as a whole before (a YAML syntax error, say) and
      // still cannot gives no records, the new one included: writing would only look like
      // success.
      if let decodedBefore, decodedBefore.records.isEmpty, after.records.isEmpty,
        let broken = decodedBefore.diagnostics.first(where: { $0.severity == .error })
      {
        throw Problem(
          description:
            "\(file.displayPath) cannot be read (\(broken.location): \(broken.message)), so nothing was written to it; fix it first (`vibekeeper check`)",
          diagnostics: [broken])
      }
      let before = decodedBefore.map { errors($0, exists: exists) }
      var known = Dictionary((before ?? []).map { ($0.message, 1) }, uniquingKeysWith: +)
      for d in errors(after, exists: exists) {
        if let n = known[d.message], n > 0 {
          known[d.message] = n - 1
        } else {
          added.append(d)
          proposed[file.displayPath] = change.after
        }
      }
    }
    guard added.isEmpty else {
      throw Problem(
        description:
          "the change would add \(added.count == 1 ? "an error" : "errors"), so nothing was written",
        diagnostics: added, proposed: proposed)
    }
  }

  /// The errors of one decoded file: its own and its references to records that do not
  /// exist.
  private func errors(_ output: RecordFile.Output, exists: (Reference) -> Bool) -> [Diagnostic] {
    var out = output.diagnostics.filter { $0.severity == .error }
    for ref in output.references.joined() + output.leftOut.flatMap(\.references)
    where !exists(ref) {
      out.append(
        Diagnostic(
          .error, ref.location,
          "'\(ref.field)' names \(ref.target.singular) '\(ref.id)', which does not exist"))
    }
    return out
  }

  // MARK: Write

  /// Writes every change atomically, each only if its file still holds `before`.
  public func write(_ changes: [FileChange]) throws(Problem) {
    // Each folder written into is synced once, after its files (an import writes thousands).
    var folders: Set<String> = []
    defer { for folder in folders { Self.syncFolder(folder) } }
    // A file made read-only is the user's "do not change": refused before anything is
    // written (its mode has no write bit, or this user may not write it).
    for change in changes where change.before != nil {
      let url = try inside(change.path)
      var info = stat()
      if lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        info.st_mode & 0o222 == 0 || access(url.path, W_OK) != 0
      {
        throw Problem(
          description:
            "\(display(change.path)) is read-only, so nothing was written; make it writable (chmod u+w) to change it"
        )
      }
    }
    for change in changes {
      let url = try inside(change.path)
      let folder = url.deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw Problem(description: "cannot create the folder \(folder.path)")
      }
      // An existing file keeps its permissions (a health log kept 0600 stays so), and is
      // only ever replaced as a regular file: a link would be replaced by a file, and what
      // the loader ignored (a link leading elsewhere) would start to count.
      var mode: mode_t = change.isPrivate ? 0o600 : 0o644
      var owner: (uid_t, gid_t)?
      if change.before != nil {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
          throw changedMeanwhile(change.path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
          throw Problem(
            description:
              "\(display(change.path)) is not a regular file (a symbolic link?), so nothing was written to it; VibeKeeper writes only regular files inside the data folder"
          )
        }
        mode = info.st_mode & (change.isPrivate ? 0o600 : 0o7777)
        owner = (info.st_uid, info.st_gid)
      }
      let temp = folder.appendingPathComponent(".vk-write-\(UUID().uuidString).tmp").path
      do {
        try RecordWriter.createExclusively(
          temp, change.bytes ?? Array(change.after.utf8), mode: mode)
        // Exactly the old file's mode, whatever the umask, and its owner where this user
        // may give it (`sudo vibekeeper done` leaves the log the household's, not root's).
        if change.before != nil { chmod(temp, mode) }
        if let (uid, gid) = owner, uid != geteuid() || gid != getegid() {
          _ = chown(temp, uid, gid)
          chmod(temp, mode)
        }
      } catch {
        throw Problem(description: error.description)
      }
      defer { unlink(temp) }
      if let before = change.before {
        // Compared byte for byte (`==` on text would take another Unicode form as equal).
        let now = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        guard now == Array(before.utf8) else {
          throw changedMeanwhile(change.path)
        }
        guard rename(temp, url.path) == 0 else {
          throw Problem(
            description: "cannot write \(display(change.path)): \(String(cString: strerror(errno)))"
          )
        }
      } else if link(temp, url.path) != 0 {
        let code = errno
        throw Problem(
          description: code == EEXIST
            ? "\(display(change.path)) appeared while this command ran, so nothing was written to it; run the command again"
            : "cannot create \(display(change.path)): \(String(cString: strerror(code)))")
      }
      folders.insert(folder.path)
    }
  }

  /// Makes a rename in `folder` durable.
  private static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }
}
