import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory exclusive lock (`flock`) between VibeKeeper's own processes: the data
/// folder's writers, the notify runs.
enum FileLock {
  /// Opens `path` (a folder, or a file made with mode 0600 when `create`), waits for its
  /// lock, runs `body`, then unlocks; nil when `path` cannot be opened.
  static func holding<T, E: Error>(_ path: String, create: Bool, _ body: () throws(E) -> T)
    throws(E) -> T?
  {
    let fd =
      create ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { break }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}
