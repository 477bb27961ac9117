import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls publishing makes (and serving and diagnostics, which resolve
/// links with `realPath`), straight to the system: FileManager costs several times more per
/// file on Linux, and publishing must cost what changed, not what exists. Failures are reported as `PublishError`s naming the path.
enum FileCalls {
  /// What a path is, without following a symbolic link at its end.
  enum Kind: Equatable {
    case missing, file, folder, link, other
  }

  /// The kind of `path` (`lstat`).
  static func kind(_ path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    default: return .other
    }
  }

  /// The path with every link resolved; nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The text of the symbolic link at `path`, or nil when it is not one.
  static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n >= 0 else { return nil }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The bytes of the file at `path`, or nil when it cannot be read.
  static func read(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// Creates the file `path` (it must not exist yet) holding `bytes`.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot create", path) }
    defer { close(fd) }
    try write(bytes[...], to: fd, path)
  }

  /// Creates the file `path` with an output file's content: its bytes, or, for a copied
  /// file, the source's content streamed in chunks of 1 MiB (never all in memory).
  static func write(_ file: OutputFile, to path: String) throws {
    guard let source = file.copied?.source else { return try write(file.bytes, to: path) }
    guard let input = FileHandle(forReadingAtPath: source) else {
      throw failure("cannot read", source)
    }
    defer { try? input.close() }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot create", path) }
    defer { close(fd) }
    while true {
      let chunk: Data
      do {
        chunk = try input.read(upToCount: 1 << 20) ?? Data()  // nil at the end
      } catch {
        throw failure("cannot read", source)
      }
      if chunk.isEmpty { return }
      try write([UInt8](chunk)[...], to: fd, path)
    }
  }

  /// Writes all of `bytes` to `fd`.
  private static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32, _ path: String) throws {
    var offset = 0
    try bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while offset < raw.count {
        #if canImport(Glibc)
          let n = Glibc.write(fd, base + offset, raw.count - offset)
        #else
          let n = Darwin.write(fd, base + offset, raw.count - offset)
        #endif
        if n < 0 {
          if errno == EINTR { continue }
          throw failure("cannot write", path)
        }
        offset += n
      }
    }
  }

  /// Hard-links `existing` as `new`; the `errno` on failure, 0 on success.
  static func hardLink(_ existing: String, _ new: String) -> Int32 {
    link(existing, new) == 0 ? 0 : errno
  }

  /// Renames `from` to `to`, replacing a file (not a folder) at `to` in one atomic step.
  static func move(_ from: String, _ to: String) throws {
    guard rename(from, to) == 0 else { throw failure("cannot rename \(from) to", to) }
  }

  /// Makes the folder `path` (its parent must exist); an existing folder is fine.
  static func makeFolder(_ path: String) throws {
    if mkdir(path, 0o755) == 0 || (errno == EEXIST && kind(path) == .folder) { return }
    throw failure("cannot make the folder", path)
  }

  /// Opens the folder `path` and takes an exclusive `flock` on it, waiting for any other
  /// holder; the descriptor to close to release it.
  static func lockFolder(_ path: String) throws -> Int32 {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot open", path) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let error = failure("cannot lock", path)
        close(fd)
        throw error
      }
    }
    return fd
  }

  /// Removes the file or link `path`; a missing one is fine.
  static func removeFile(_ path: String) throws {
    guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot remove", path) }
  }

  /// Removes the empty folder `path`; false when it is not empty or cannot be removed.
  @discardableResult
  static func removeEmptyFolder(_ path: String) -> Bool {
    rmdir(path) == 0
  }

  /// Removes `path` and everything in it (links are removed, never followed); a missing
  /// path is fine.
  static func removeTree(_ path: String) throws {
    switch kind(path) {
    case .missing: return
    case .folder:
      let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { throw failure("cannot open", path) }
      try removeContents(fd, path)
      guard rmdir(path) == 0 else { throw failure("cannot remove", path) }
    default:
      try removeFile(path)
    }
  }

  /// Removes everything in the open folder `fd` (closed on return), depth first.
  private static func removeContents(_ fd: Int32, _ path: String) throws {
    defer { close(fd) }
    let entries = try TreeListing.entries(fd, path)
    for entry in entries where !entry.isFolder && unlinkat(fd, entry.name, 0) != 0 {
      guard errno == ENOENT else { throw failure("cannot remove", path + "/" + entry.name) }
    }
    for entry in entries where entry.isFolder {
      let name = entry.name
      let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard sub >= 0 else { throw failure("cannot open", path + "/" + name) }
      try removeContents(sub, path + "/" + name)
      guard unlinkat(fd, name, AT_REMOVEDIR) == 0 else {
        throw failure("cannot remove", path + "/" + name)
      }
    }
  }

  /// A `PublishError` for the current `errno`.
  static func failure(_ what: String, _ path: String) -> PublishError {
    PublishError("\(what) \(path): \(String(cString: strerror(errno)))")
  }
}
