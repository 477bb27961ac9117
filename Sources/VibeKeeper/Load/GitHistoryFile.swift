import Foundation

/// The data folder's git history (`GitHistory`) kept on disk between processes, so a
/// `build` after a commit asks git only for the commits since the last build: reading a
/// long history with `git log` takes seconds. `build` keeps it beside its output, in the
/// hidden `._site.vibekeeper/` folder, never in the data folder.
///
/// The file holds the data folder it is about, the commit, the folder's place in the
/// repository and whether the clone was shallow, then every path with its latest and first commit times, and last a hash of
/// everything before it (`SealedFile`). A file for another folder, cut short or changed in
/// any byte is not used, and the whole history is read again. What it says is never taken
/// on trust either: it is only the start that `GitCommitTimes.read(dataFolder:after:)`
/// extends when git shows that the history simply grew from its commit.
enum GitHistoryFile {
  /// The first line, with the format's version.
  static let magic = Array("vibekeeper-git-history 2\n".utf8)

  /// The file's name inside the output's hidden state folder.
  static let name = "git-history"

  /// The bytes of `history` of the data folder at `root` (its absolute path).
  static func bytes(of history: GitHistory, root: String) -> [UInt8] {
    var out = CacheWriter(bytes: magic)
    out.string(root)
    out.string(history.prefix)
    out.string(history.head)
    out.bool(history.shallow)
    for times in [history.times.latest, history.times.first] {
      out.varint(UInt64(times.count))
      for path in times.keys.sorted() {
        out.string(path)
        out.int(Int(times[path]?.timeIntervalSince1970 ?? 0))
      }
    }
    SealedFile.seal(&out.bytes)
    return out.bytes
  }

  /// The history `bytes` hold about the data folder at `root`, when they are a whole,
  /// unchanged file about it; nil otherwise.
  static func history(from bytes: [UInt8], root: String) -> GitHistory? {
    guard let body = SealedFile.bodyLength(of: bytes, magic: magic) else { return nil }
    return try? bytes.withUnsafeBytes { raw -> GitHistory in
      var reader = CacheReader(UnsafeRawBufferPointer(rebasing: raw[..<body]), at: magic.count)
      guard try reader.string() == root else { throw CacheMismatch() }
      let prefix = try reader.string()
      let head = try reader.string()
      let shallow = try reader.bool()
      var maps: [[String: Date]] = []
      for _ in 0..<2 {
        let count = try reader.count()
        var times: [String: Date] = [:]
        times.reserveCapacity(count)
        for _ in 0..<count {
          let path = try reader.string()
          times[path] = Date(timeIntervalSince1970: Double(try reader.int()))
        }
        maps.append(times)
      }
      guard reader.atEnd else { throw CacheMismatch() }
      var times = CommitTimes()
      (times.latest, times.first) = (maps[0], maps[1])
      var history = GitHistory(head: head, prefix: prefix, times: times)
      history.shallow = shallow
      return history
    }
  }

  /// The history in the file at `path` about the data folder at `root`, nil when there is
  /// none or it cannot be used.
  static func read(_ path: String, root: String) -> GitHistory? {
    FileCalls.read(path).flatMap { history(from: $0, root: root) }
  }

  /// Writes `history` to `path` at once.
  static func write(_ history: GitHistory, to path: String, root: String) {
    SealedFile.write(bytes(of: history, root: root), to: path)
  }
}
