import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything in one tree of the output, by path relative to its root: the entries that are
/// not folders (files, and links, which are never followed) with their inode numbers, and
/// the folders. Read with `readdir` and the entry types it reports, so a tree of 10,000
/// files costs a few milliseconds (no `stat` per file).
struct TreeListing: Sendable {
  /// Entries that are not folders, with their inode numbers.
  var files: [String: UInt64] = [:]
  /// Folders.
  var folders: Set<String> = []

  /// One entry of a folder.
  struct Entry {
    var name: String
    var isFolder: Bool
    var inode: UInt64
  }

  /// Lists the tree at `root`; nil when there is no folder there.
  static func read(_ root: String, expecting count: Int = 0) throws -> TreeListing? {
    let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileCalls.failure("cannot open", root)
    }
    var listing = TreeListing()
    listing.files.reserveCapacity(count)
    try listing.scan(fd, root, prefix: "")
    return listing
  }

  /// Adds the contents of the open folder `fd` (closed on return), its paths after `prefix`.
  private mutating func scan(_ fd: Int32, _ path: String, prefix: String) throws {
    defer { close(fd) }
    for entry in try TreeListing.entries(fd, path) {
      let rel = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
      guard entry.isFolder else {
        files[rel] = entry.inode
        continue
      }
      folders.insert(rel)
      let sub = openat(fd, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard sub >= 0 else { throw FileCalls.failure("cannot open", path + "/" + entry.name) }
      try scan(sub, path + "/" + entry.name, prefix: rel)
    }
  }

  /// The entries of the open folder `fd` (left open), without `.` and `..`.
  static func entries(_ fd: Int32, _ path: String) throws -> [Entry] {
    let own = dup(fd)
    guard own >= 0, let dir = fdopendir(own) else {
      if own >= 0 { close(own) }
      throw FileCalls.failure("cannot read", path)
    }
    defer { closedir(dir) }
    var result: [Entry] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
          String(cString: $0)
        }
      }
      if name == "." || name == ".." { continue }
      var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
      var inode = UInt64(entry.pointee.d_ino)
      if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
        // Some file systems do not report types: ask for this one.
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
        isFolder = info.st_mode & S_IFMT == S_IFDIR
        inode = UInt64(info.st_ino)
      }
      result.append(Entry(name: name, isFolder: isFolder, inode: inode))
    }
    return result
  }
}
