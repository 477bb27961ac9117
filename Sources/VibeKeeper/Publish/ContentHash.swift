/// A 128-bit content fingerprint (two independent 64-bit FNV-1a variants plus the length),
/// used to tell whether a published file changed without reading it back.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  let a: UInt64
  let b: UInt64
  let count: Int

  /// Hashes `bytes`.
  public init(_ bytes: [UInt8]) {
    var h1: UInt64 = 0xcbf2_9ce4_8422_2325
    var h2: UInt64 = 0x8422_2325_cbf2_9ce4
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        h1 = (h1 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        h2 = (h2 &+ UInt64(byte) &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        h2 ^= h2 >> 29
      }
    }
    a = h1
    b = h2
    count = bytes.count
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
    let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 3, let a = ContentHash.number(parts[0], radix: 16),
      let b = ContentHash.number(parts[1], radix: 16),
      let c = ContentHash.number(parts[2], radix: 10), c <= UInt64(Int.max)
    else { return nil }
    self.init(a: a, b: b, count: Int(c))
  }

  /// A number of 1 to 16 (hex) or 19 (decimal) digits; nil for anything else.
  private static func number(_ digits: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
    guard !digits.isEmpty, digits.count <= (radix == 16 ? 16 : 19) else { return nil }
    var value: UInt64 = 0
    for d in digits {
      let v: UInt64
      switch d {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt64(d - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        v = UInt64(d - UInt8(ascii: "a") + 10)
      default: return nil
      }
      value = value * radix + v
    }
    return value
  }
}
