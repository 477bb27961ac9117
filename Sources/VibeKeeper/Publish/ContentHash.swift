import Foundation

/// A file's content fingerprint (`StableHasher`'s 128 bits plus the length), used to tell
/// whether a published file changed without reading it back.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  let a: UInt64
  let b: UInt64
  let count: Int

  /// Hashes `bytes` (a word at a time, with `StableHasher`).
  public init(_ bytes: [UInt8]) {
    var hasher = StableHasher()
    bytes.withUnsafeBytes { hasher.add(bytes: $0) }
    let digest = hasher.digest
    self.init(a: digest.high, b: digest.low, count: bytes.count)
  }

  /// The hash of a file's content, read in chunks (the same as `init(_:)` of its bytes),
  /// with its first `keeping` bytes; nil when it cannot be read.
  static func streaming(file path: String, keeping: Int) -> (ContentHash, [UInt8])? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var hasher = StableHasher()
    var header: [UInt8] = []
    var count = 0
    var pending: [UInt8] = []  // fewer than 8 bytes, only ever at the end
    while true {
      // Whole words per chunk, so the words are the ones `add(bytes:)` would take.
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: 1 << 20) ?? Data()  // nil at the end
      } catch {
        return nil
      }
      if chunk.isEmpty { break }
      if header.count < keeping { header += chunk.prefix(keeping - header.count) }
      count += chunk.count
      let bytes = pending + [UInt8](chunk)
      let words = bytes.count / 8
      bytes.withUnsafeBytes { raw in
        for i in 0..<words {
          hasher.add(
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)))
        }
      }
      pending = Array(bytes[(words * 8)...])
    }
    var tail = UInt64(pending.count)
    for byte in pending { tail = tail << 8 | UInt64(byte) }
    hasher.add(tail)
    let digest = hasher.digest
    return (ContentHash(a: digest.high, b: digest.low, count: count), header)
  }

  init(a: UInt64, b: UInt64, count: Int) {
    self.a = a
    self.b = b
    self.count = count
  }

  /// `hex-hex-length`.
  public var description: String {
    String(a, radix: 16) + "-" + String(b, radix: 16) + "-" + String(count)
  }

  /// Parses `description`.
  init?(text: some StringProtocol) {
    self.init(text: Array(text.utf8)[...])
  }

  /// Parses `description` from UTF-8 bytes.
  init?(text bytes: ArraySlice<UInt8>) {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var c: UInt64 = 0
    var field = 0
    var digits = 0
    for byte in bytes {
      if byte == UInt8(ascii: "-") {
        guard digits > 0, field < 2 else { return nil }
        field += 1
        digits = 0
        continue
      }
      let value: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte &- UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where field < 2:
        value = UInt64(byte &- UInt8(ascii: "a") &+ 10)
      default: return nil
      }
      // At most 16 hex digits, or 18 decimal ones (a length below 10^18).
      guard digits < (field < 2 ? 16 : 18) else { return nil }
      switch field {
      case 0: a = a << 4 | value
      case 1: b = b << 4 | value
      default: c = c * 10 + value
      }
      digits += 1
    }
    guard field == 2, digits > 0 else { return nil }
    self.init(a: a, b: b, count: Int(c))
  }

  /// Appends `description` to `out` as UTF-8.
  func append(to out: inout [UInt8]) {
    out.appendHex(a, leadingZeros: false)
    out.append(UInt8(ascii: "-"))
    out.appendHex(b, leadingZeros: false)
    out.append(UInt8(ascii: "-"))
    out.appendDecimal(count)
  }
}
