import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes new record files into a data folder without ever replacing one: the text goes to
/// a hidden temporary file in the target folder, which is then hard-linked to the first
/// free name (`link` fails rather than replace), so no race can clobber a file and no
/// reader ever sees half a record.
public struct RecordWriter: Sendable {
  /// The data folder.
  public let root: URL

  /// A writer into `root`.
  public init(root: URL) { self.root = root }

  /// Where a record was written.
  public struct Written: Sendable, Equatable {
    /// The path inside the data folder (`gifts/pottery-class-2.md`).
    public let path: String
    /// The path it would have had if the name had been free.
    public let preferredPath: String
    /// Whether the preferred name was taken, so a numbered one was used.
    public var renamed: Bool { path != preferredPath }
  }

  /// A write that failed, with the reason.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the user.
    public let description: String
  }

  /// Writes `draft` under the first free name; `takenIDs` are the ids of the kind's
  /// existing records (a file named after one would duplicate its id).
  public func create(_ draft: RecordDraft, takenIDs: Set<String>) throws(Failure) -> Written {
    let folder = root.appendingPathComponent(draft.kind.folder)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(
        description: "cannot create the folder \(folder.path): \(error.localizedDescription)")
    }
    // The kind folder may be a link (the loader follows links that stay inside the data
    // folder); one that leads outside it is never written into.
    let rootReal = root.resolvingSymlinksInPath().standardizedFileURL.path
    let folderReal = folder.resolvingSymlinksInPath().standardizedFileURL.path
    guard folderReal.hasPrefix(rootReal == "/" ? "/" : rootReal + "/") else {
      throw Failure(
        description:
          "\(draft.kind.folder)/ leads outside the data folder (to \(folderReal)), so nothing was written; make it a folder inside the data folder"
      )
    }
    let temp = folder.appendingPathComponent(".vk-new-\(UUID().uuidString).tmp").path
    try Self.createExclusively(temp, Array(draft.text.utf8))
    defer { unlink(temp) }
    for base in FreeFileName.candidates(draft.slug) {
      guard
        FreeFileName.isFree(
          base, takenIDs: takenIDs.union(draft.kind.reservedIDs),
          exists: {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
          })
      else { continue }
      let target = folder.appendingPathComponent(base + ".md").path
      if link(temp, target) == 0 {
        return Written(path: "\(draft.kind.folder)/\(base).md", preferredPath: draft.preferredPath)
      }
      let code = errno
      if code == EEXIST { continue }
      if code == EPERM || code == EXDEV || code == EMLINK || code == ENOTSUP || code == EOPNOTSUPP {
        // No hard links here (some network and FUSE file systems): create the target itself
        // exclusively instead.
        do throws(Failure) {
          try Self.createExclusively(target, Array(draft.text.utf8))
          return Written(
            path: "\(draft.kind.folder)/\(base).md", preferredPath: draft.preferredPath)
        } catch  where FileManager.default.fileExists(atPath: target) {
          continue
        }
      }
      throw Failure(description: "cannot create \(target): \(String(cString: strerror(code)))")
    }
    throw Failure(description: "no free file name for '\(draft.slug)' in \(folder.path)")
  }

  /// The path `create` would use now (for a dry run); a later `create` may pick another
  /// if the name is taken meanwhile.
  public func freePath(for draft: RecordDraft, takenIDs: Set<String>) -> String? {
    let folder = root.appendingPathComponent(draft.kind.folder)
    let base = FreeFileName.candidates(draft.slug).first {
      FreeFileName.isFree($0, takenIDs: takenIDs.union(draft.kind.reservedIDs)) {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
      }
    }
    return base.map { "\(draft.kind.folder)/\($0).md" }
  }

  /// Creates `path` with O_CREAT|O_EXCL and writes `bytes` to it, removing it again when
  /// the write fails.
  static func createExclusively(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644)
    throws(Failure)
  {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else {
      throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    var offset = 0
    var failure: Int32 = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += n
    }
    if failure == 0, fsync(fd) != 0 { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure != 0 {
      unlink(path)
      throw Failure(description: "cannot write \(path): \(String(cString: strerror(failure)))")
    }
  }
}

extension RecordWriter {
  /// Refuses `--commit` before anything is written when the folder is in no git repository.
  public func requireRepository() throws(DataWriter.Problem) {
    try GitCommit.requireRepository(in: root)
  }

  /// Commits the record just written at `path` (inside the data folder) to git, with a
  /// message that says what it is (`Added item Oat milk`): `new --commit`, through the
  /// user's git settings and hooks, as the daily actions commit. The commit's short hash.
  public func commit(_ path: String, of draft: RecordDraft) throws(DataWriter.Problem) -> String {
    try GitCommit.commit(
      paths: [path], message: "Added \(draft.kind.singular) \(draft.title)", in: root)
  }
}
