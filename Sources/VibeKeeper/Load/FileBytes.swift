import Foundation

/// Reads a record file: one `open`, `fstat` and `read` loop, without Foundation's `Data`.
enum FileBytes {
  /// What reading gave.
  enum Outcome {
    /// The bytes, with the stamp of the file that was read.
    case bytes([UInt8], FileStamp)
    /// The file is larger than the limit (its size in bytes); nothing was read.
    case tooLarge(Int, FileStamp)
    /// The file cannot be opened or read.
    case unreadable
  }

  /// Reads `path` unless it is larger than `limit` bytes.
  static func read(_ path: String, limit: Int) -> Outcome {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .unreadable }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .unreadable }
    let stamp = FileStamp(info)
    let size = Int(info.st_size)
    guard size <= limit else { return .tooLarge(size, stamp) }
    // One byte more than the size, so a file that grew is noticed and read to its end.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      guard let filled = fill(fd, &bytes, from: count) else { return .unreadable }
      count = filled
      guard count == bytes.count else { break }
      bytes += repeatElement(0, count: max(4096, bytes.count))
    }
    bytes.removeSubrange(count...)
    return .bytes(bytes, stamp)
  }

  /// The first `limit` bytes of the regular file `path` (the whole file when it is smaller),
  /// and whether it holds more; nil when it is not a regular file or cannot be read. It is
  /// opened without blocking and without following a link at its end, so a FIFO or a link
  /// swapped in never stalls or misleads the caller.
  static func prefix(_ path: String, limit: Int) -> (bytes: [UInt8], cut: Bool)? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)))
    guard let count = fill(fd, &bytes, from: 0) else { return nil }
    bytes.removeSubrange(count...)
    return (bytes, Int(info.st_size) > limit)
  }

  /// Reads from `fd` into `bytes` after its first `count` until it is full or the file
  /// ends; the number of bytes filled, or nil on a read error.
  private static func fill(_ fd: Int32, _ bytes: inout [UInt8], from count: Int) -> Int? {
    var count = count
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(fd, base + count, buffer.count - count)
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { break }
      count += n
    }
    return count
  }
}
