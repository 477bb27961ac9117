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

  /// Quotes from files inside `fences`, reading at most `limit` bytes of each; the files
  /// shown as a key of `texts` are quoted from its text instead (what a refused change
  /// would have written).
  public init(fences: [URL], limit: Int = 4 << 20, texts: [String: String] = [:]) {
    self.fences = fences.map {
      FileCalls.realPath($0.path) ?? $0.resolvingSymlinksInPath().standardizedFileURL.path
    }
    self.limit = limit
    for (path, text) in texts { cache[path] = text.linesAtLF }
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
  /// names a regular file (see `FileBytes.prefix`).
  private func read(_ path: String) -> [Substring]? {
    guard let real = FileCalls.realPath(path),
      fences.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }),
      let (bytes, cut) = FileBytes.prefix(real, limit: limit)
    else { return nil }
    var text = String(decoding: bytes, as: UTF8.self)
    if cut, let lastBreak = text.utf8.lastIndex(of: 0x0A) {
      text = String(text[..<lastBreak])
    }
    return text.linesAtLF
  }
}
