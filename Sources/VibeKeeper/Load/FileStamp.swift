import Foundation

/// What identifies one version of a file without reading it: size, modification and
/// status-change times to the nanosecond, inode and device. A file whose stamp is unchanged
/// is taken to hold the same bytes (see `isSettled` for when that is safe).
struct FileStamp: Hashable, Sendable {
  let size: Int64
  let modified: Int64
  let changed: Int64
  let inode: UInt64
  let device: UInt64

  /// A stamp as recorded (by the decode cache file).
  init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
    self.size = size
    self.modified = modified
    self.changed = changed
    self.inode = inode
    self.device = device
  }

  /// The stamp of a `stat` result.
  init(_ info: stat) {
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
  }

  /// The stamp of the file at `path` (links followed), or nil when it cannot be read.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// Whether the file was last written (and its status last changed) before `instant`
  /// (nanoseconds since 1970). File times have a coarse tick, so an edit made in the same
  /// tick as an earlier read can leave the stamp unchanged; a file is only trusted by its
  /// stamp when both times lie well before the load that read it began.
  func isSettled(before instant: Int64) -> Bool {
    modified < instant && changed < instant
  }
}
