import Foundation

/// The source lines diagnostics quote. Each file is read once, however many diagnostics
/// point into it, and only its first `limit` bytes. Only regular files whose real path is
/// inside one of the `fences` (the data and template folders) are read: a link the loader
/// ignored because it leads outside (to `/etc/passwd`, a private key) is never opened.
public final class SourceQuotes: @unchecked Sendable {
  private let fences: [String]
  private let limit: Int
  private let lock = NSLock()
  private var cache: [String: [Substring]?] = [:]

  /// Quotes from files inside `fences`, reading at most `limit` bytes of each.
  public init(fences: [URL], limit: Int = 4 << 20) {
    self.fences = fences.map {
      SourceQuotes.realPath($0.path) ?? $0.resolvingSymlinksInPath().standardizedFileURL.path
    }
    self.limit = limit
  }

  /// The lines of the file shown as `path` (relative to the working folder), or nil when it
  /// is outside the fences, not a regular file, or cannot be read. A file cut at `limit`
  /// has its lines up to the cut.
  public func lines(_ path: String) -> [Substring]? {
    lock.lock()
    defer { lock.unlock() }
    if let known = cache[path] { return known }
    let lines = read(path)
    cache[path] = lines
    return lines
  }

  /// The file's lines: its real path (links resolved) must be inside a fence, and what it
  /// names a regular file (opened without blocking, so a FIFO never stalls the report).
  private func read(_ path: String) -> [Substring]? {
    guard let real = SourceQuotes.realPath(path),
      fences.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") })
    else { return nil }
    let fd = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)))
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(fd, base + count, buffer.count - count)
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { break }
      count += n
    }
    let cut = Int(info.st_size) > limit
    var text = String(decoding: bytes[..<count], as: UTF8.self)
    if cut, let lastBreak = text.lastIndex(of: "\n") {
      text = String(text[..<lastBreak])
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// `path` with every link resolved, or nil when it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
