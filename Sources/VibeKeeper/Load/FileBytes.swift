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
      if count == bytes.count { bytes += repeatElement(0, count: max(4096, bytes.count)) }
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(fd, base + count, buffer.count - count)
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { return .unreadable }
      if n == 0 { break }
      count += n
    }
    bytes.removeSubrange(count...)
    return .bytes(bytes, stamp)
  }
}
