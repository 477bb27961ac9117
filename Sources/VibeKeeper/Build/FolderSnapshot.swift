import Foundation

/// What a set of folders looks like (each file's size, times and inode), so `watch` and
/// `serve` can tell when anything changed without reading contents. Folders are listed with
/// `readdir` and each file is looked at with one `stat`, so a snapshot of 10,000 files takes
/// milliseconds and polling it four times a second costs little.
public struct FolderSnapshot: Equatable, Sendable {
  private var entries: [String: FileStamp] = [:]

  /// Takes a snapshot of every file under `folders` (hidden names skipped; a missing folder
  /// counts as empty). A link to a file counts as the file it leads to; a link to a folder
  /// is not followed (a link can lead back up the tree).
  public init(_ folders: [URL]) {
    for folder in folders { add(folder: folder.standardizedFileURL.path) }
  }

  private mutating func add(folder: String) {
    guard let listed = DirectoryEntries.read(folder) else { return }
    for entry in listed where !entry.name.hasPrefix(".") {
      let path = DirectoryEntries.path(of: entry.name, in: folder)
      switch entry.type(in: folder) {
      case S_IFDIR: add(folder: path)
      case S_IFREG, S_IFLNK:
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        entries[path] = FileStamp(info)
      default: continue
      }
    }
  }

  /// The paths that were added, removed or changed since `older`, sorted.
  public func changes(since older: FolderSnapshot) -> [String] {
    let keys = Set(entries.keys).union(older.entries.keys)
    return keys.filter { entries[$0] != older.entries[$0] }.sorted()
  }
}
