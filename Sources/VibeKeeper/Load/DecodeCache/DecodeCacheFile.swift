import Foundation

/// The loader's decode cache kept on disk between processes, so a build after a small
/// change decodes only the files that changed (`build` keeps it beside its output, in the
/// hidden `._site.vibekeeper/` folder; nothing is written into the data folder).
///
/// The file holds the program that wrote it and the time zone rules it saw, the cache key (the data folder, its settings
/// files' bytes), then for each record file its path, its stamp and the byte form of what
/// decoding it gave (`CacheCodable`), and last a 128-bit hash of everything before it. A
/// file from another program, for another folder or settings, cut short, or changed in any
/// byte is not used, and the build decodes everything and writes it anew. An entry is used
/// only for a file whose stamp (size, times to the nanosecond, inode, device) is the one
/// recorded, and entries are only recorded for files written well before the load that
/// read them (`FileStamp.isSettled`), as with the cache a process keeps.
enum DecodeCacheFile {
  /// The first line, with the format's version.
  static let magic = Array("vibekeeper-decode-cache 1\n".utf8)

  /// The file's name inside the output's hidden state folder.
  static let name = "decode-cache"

  /// The bytes of `cache` as written by the program `identity`.
  static func bytes(of cache: LoadCache, identity: String) -> [UInt8]? {
    guard let key = cache.key else { return nil }
    var out = CacheWriter(bytes: magic)
    out.string(fullIdentity(identity))
    out.string(key.root)
    out.string(key.displayRoot)
    writeBytes(key.settings, &out)
    writeBytes(key.localSettings, &out)
    out.varint(UInt64(cache.entries.count))
    // Entries read from the file keep their bytes; the others are encoded on every core.
    let paths = cache.entries.keys.sorted()
    let chunk = 512
    let parts = Parallel.map((paths.count + chunk - 1) / chunk) { part -> [UInt8] in
      var piece = CacheWriter()
      for path in paths[(part * chunk)..<min(paths.count, (part + 1) * chunk)] {
        guard let entry = cache.entries[path] else { continue }
        piece.string(path)
        write(entry.stamp, &piece)
        if let stored = entry.stored {
          piece.varint(UInt64(stored.range.count))
          piece.bytes += stored.slice
        } else if let output = entry.decoded {
          var body = CacheWriter()
          output.write(to: &body)
          piece.varint(UInt64(body.bytes.count))
          piece.bytes += body.bytes
        }
      }
      return piece.bytes
    }
    out.bytes.reserveCapacity(out.bytes.count + parts.reduce(16) { $0 + $1.count })
    for part in parts { out.bytes += part }
    SealedFile.seal(&out.bytes)
    return out.bytes
  }

  /// The cache `bytes` hold, when they are a whole, unchanged file written by the program
  /// `identity`; nil otherwise. Entries are kept in their byte form until used.
  static func cache(from bytes: [UInt8], identity: String) -> LoadCache? {
    guard let body = SealedFile.bodyLength(of: bytes, magic: magic) else { return nil }
    let buffer = StoredBytes.Buffer(bytes)
    return try? bytes.withUnsafeBytes { raw -> LoadCache in
      var reader = CacheReader(UnsafeRawBufferPointer(rebasing: raw[..<body]), at: magic.count)
      guard try reader.string() == fullIdentity(identity) else { throw CacheMismatch() }
      let key = LoadCache.Key(
        root: try reader.string(), displayRoot: try reader.string(),
        settings: try readBytes(&reader), localSettings: try readBytes(&reader))
      let count = try reader.count()
      var entries: [String: LoadCache.Entry] = [:]
      entries.reserveCapacity(count)
      for _ in 0..<count {
        let path = try reader.string()
        let stamp = try readStamp(&reader)
        let length = try reader.count()
        let start = reader.position
        reader.skip(length)
        entries[path] = LoadCache.Entry(
          stamp: stamp, stored: StoredBytes(buffer: buffer, range: start..<start + length))
      }
      guard reader.atEnd else { throw CacheMismatch() }
      return LoadCache(key: key, entries: entries)
    }
  }

  /// The cache in the file at `path`, nil when there is none or it cannot be used.
  static func read(_ path: String, identity: String) -> LoadCache? {
    guard let bytes = FileCalls.read(path) else { return nil }
    return cache(from: bytes, identity: identity)
  }

  /// Writes `cache` to `path` at once (a new file renamed over the old), so a reader never
  /// sees half a file. Errors are ignored: without the file the next build decodes all.
  static func write(_ cache: LoadCache, to path: String, identity: String) {
    guard let bytes = bytes(of: cache, identity: identity) else { return }
    SealedFile.write(bytes, to: path)
  }

  /// The program, and the time zone rules it sees: local date-times are decoded to
  /// instants with them, so new rules (a system update) make the cache void.
  private static func fullIdentity(_ identity: String) -> String {
    identity + "\ntzdata " + TimeZone.timeZoneDataVersion
  }

  private static func writeBytes(_ bytes: [UInt8]?, _ out: inout CacheWriter) {
    guard let bytes else { return out.bytes.append(0) }
    out.bytes.append(1)
    out.varint(UInt64(bytes.count))
    out.bytes += bytes
  }

  private static func readBytes(_ reader: inout CacheReader) throws -> [UInt8]? {
    guard try reader.bool() else { return nil }
    return try reader.rawBytes()
  }

  private static func write(_ stamp: FileStamp, _ out: inout CacheWriter) {
    out.int(Int(stamp.size))
    out.int(Int(stamp.modified))
    out.int(Int(stamp.changed))
    out.varint(stamp.inode)
    out.varint(stamp.device)
  }

  private static func readStamp(_ reader: inout CacheReader) throws -> FileStamp {
    FileStamp(
      size: Int64(try reader.int()), modified: Int64(try reader.int()),
      changed: Int64(try reader.int()), inode: try reader.varint(), device: try reader.varint())
  }
}
