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
  /// Each folder's stamp (the root's under ""), taken before its entries were read.
  var stamps: [String: FolderStamp] = [:]
  /// When the listing began, in nanoseconds since 1970 (the clock file times are in).
  var listedAt: Int64 = 0

  /// What tells this listing from any other: its root folder's device and inode, and the
  /// moment it began (nil for a listing of nothing).
  var identity: [UInt64]? {
    stamps[""].map { [$0.device, $0.inode, UInt64(bitPattern: listedAt)] }
  }

  /// What identifies one state of a folder's entries: adding, removing or renaming an
  /// entry (a file renamed over another among them) sets the folder's modification time.
  struct FolderStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var modified: Int64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      #if canImport(Darwin)
        modified =
          Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      #endif
    }
  }

  /// How long before a listing a folder must have last changed for the listing to be
  /// trusted later by its stamps: file times have a coarse tick, so a change in the same
  /// tick as the last one before the listing could keep the time.
  static let settleNanoseconds: Int64 = 20_000_000

  /// How long on a file system whose times are in whole seconds (a time with no
  /// nanoseconds is taken as such): two seconds, as the data loader's.
  static let coarseSettleNanoseconds: Int64 = 2_000_000_000

  /// Whether the tree at `root` still holds what this listing says: every folder listed is
  /// the same folder with the same modification time, and each had settled before it was
  /// listed (see `settleNanoseconds`). A time set by hand (`touch -d`, `rsync -t`) to the
  /// one recorded could hide a change, as it could from the data loader.
  func isCurrent(at root: String) -> Bool {
    guard !stamps.isEmpty else { return false }
    for (path, stamp) in stamps {
      let settle =
        stamp.modified % 1_000_000_000 == 0
        ? TreeListing.coarseSettleNanoseconds : TreeListing.settleNanoseconds
      var info = stat()
      guard stamp.modified < listedAt - settle,
        lstat(path.isEmpty ? root : root + "/" + path, &info) == 0,
        info.st_mode & S_IFMT == S_IFDIR, FolderStamp(info) == stamp
      else { return false }
    }
    return true
  }

  /// The listing of the tree at `root` that `memory` keeps (found by the root folder) when
  /// it is still current, else the tree listed now (and kept); nil when there is no
  /// folder there.
  static func read(_ root: String, expecting count: Int, memory: PublishMemory?) throws
    -> TreeListing?
  {
    var info = stat()
    if let memory, lstat(root, &info) == 0,
      let kept = memory.listing(of: FolderStamp(info)), kept.isCurrent(at: root)
    {
      memory.tookListing()
      return kept
    }
    let listing = try read(root, expecting: count)
    if let listing { memory?.remember(listing) }
    return listing
  }

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
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    listing.listedAt = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    listing.files.reserveCapacity(count)
    try listing.scan(fd, root, prefix: "")
    return listing
  }

  /// Adds the contents of the open folder `fd` (closed on return), its paths after `prefix`.
  private mutating func scan(_ fd: Int32, _ path: String, prefix: String) throws {
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileCalls.failure("cannot read", path) }
    stamps[prefix] = FolderStamp(info)
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
