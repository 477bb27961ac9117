import Foundation

/// What a set of folders looks like (each file's size and modification time), so `watch`
/// can tell when anything changed without reading contents.
public struct FolderSnapshot: Equatable, Sendable {
  private var entries: [String: Entry] = [:]

  struct Entry: Equatable, Sendable {
    let size: Int
    let modified: Double
  }

  /// Takes a snapshot of every file under `folders` (hidden names skipped; a missing folder
  /// counts as empty).
  public init(_ folders: [URL]) {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    for folder in folders {
      guard
        let walker = FileManager.default.enumerator(
          at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker {
        guard let v = try? url.resourceValues(forKeys: Set(keys)), v.isRegularFile == true else {
          continue
        }
        entries[url.path] = Entry(
          size: v.fileSize ?? 0, modified: v.contentModificationDate?.timeIntervalSince1970 ?? 0)
      }
    }
  }

  /// The paths that were added, removed or changed since `older`, sorted.
  public func changes(since older: FolderSnapshot) -> [String] {
    let keys = Set(entries.keys).union(older.entries.keys)
    return keys.filter { entries[$0] != older.entries[$0] }.sorted()
  }
}
