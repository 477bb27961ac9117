import Foundation

/// A file VibeKeeper keeps for itself between processes (the decode cache, the git
/// history), closed with a 128-bit hash of everything before it: a file cut short, from
/// another format or changed in any byte is never used. Written at once (a new file
/// renamed over the old), so a reader never sees half a file.
enum SealedFile {
  /// Appends the hash of `bytes` to them.
  static func seal(_ bytes: inout [UInt8]) {
    let digest = hash(bytes[...])
    for word in [digest.high, digest.low] {
      withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }
  }

  /// How many bytes come before the hash, when `bytes` start with `magic` and end with
  /// the hash of the rest; nil otherwise.
  static func bodyLength(of bytes: [UInt8], magic: [UInt8]) -> Int? {
    guard bytes.count >= magic.count + 16, bytes.starts(with: magic) else { return nil }
    let body = bytes.count - 16
    let digest = hash(bytes[..<body])
    var stored: [UInt64] = [0, 0]
    for k in 0..<16 { stored[k / 8] |= UInt64(bytes[body + k]) << (8 * UInt64(k % 8)) }
    return stored == [digest.high, digest.low] ? body : nil
  }

  /// Writes sealed `bytes` to `path`, making its folder (the output's hidden state folder
  /// on a first build). Errors are ignored: without the file the next build works it all
  /// out again.
  static func write(_ bytes: [UInt8], to path: String) {
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // One name for the file being written, so a write cut short leaves at most one, which
    // the next write replaces; two writers at once can only spoil the file, which the hash
    // then rejects.
    let temporary = path + ".new"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
      return
    }
    if rename(temporary, path) != 0 { unlink(temporary) }
  }

  private static func hash(_ bytes: ArraySlice<UInt8>) -> Fingerprint {
    var hasher = StableHasher()
    bytes.withUnsafeBytes { hasher.add(bytes: $0) }
    return hasher.digest
  }
}
