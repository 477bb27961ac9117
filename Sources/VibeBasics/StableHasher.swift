/// A 128-bit hash that is the same in every process and on every machine (Swift's `Hasher`
/// is seeded per process), for fingerprints kept between builds: two independent 64-bit
/// lanes, finished with an avalanche mix. Not cryptographic: it detects changes, not
/// attacks. Content hashes of files and the fingerprints of incremental builds use it.
public struct StableHasher: Sendable {
  private var h1: UInt64 = 0xcbf2_9ce4_8422_2325
  private var h2: UInt64 = 0x8422_2325_cbf2_9ce4

  /// A fresh hasher.
  public init() {}

  /// The digest so far (each half finished so every input bit affects every output bit).
  public var digest: Fingerprint {
    Fingerprint(
      high: StableHasher.avalanche(h1), low: StableHasher.avalanche(h2 ^ 0x94D0_49BB_1331_11EB))
  }

  /// The 64-bit finalizer of MurmurHash3.
  private static func avalanche(_ value: UInt64) -> UInt64 {
    var h = value
    h ^= h >> 33
    h = h &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h = h &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  /// Adds one byte.
  public mutating func add(_ byte: UInt8) {
    h1 = (h1 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    h2 = (h2 &+ UInt64(byte) &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    h2 ^= h2 >> 29
  }

  /// Adds a 64-bit word.
  public mutating func add(_ word: UInt64) {
    h1 = (h1 ^ word) &* 0x0000_0100_0000_01B3
    h1 ^= h1 >> 32
    h2 = (h2 &+ word &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    h2 ^= h2 >> 29
  }

  /// Adds an integer.
  public mutating func add(_ int: Int) { add(UInt64(bitPattern: Int64(int))) }

  /// Adds raw bytes, eight at a time; the last 0-7 and their number make one more word.
  public mutating func add(bytes raw: UnsafeRawBufferPointer) {
    let words = raw.count / 8
    for i in 0..<words {
      add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)))
    }
    var tail = UInt64(raw.count - words * 8)
    for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
    add(tail)
  }

  /// Adds a string: its length, then its UTF-8 bytes (so "ab"+"c" differs from "a"+"bc").
  public mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      add(bytes.count)
      add(bytes: UnsafeRawBufferPointer(bytes))
    }
  }

  /// Adds a fingerprint.
  public mutating func add(_ other: Fingerprint) {
    add(other.high)
    add(other.low)
  }
}

/// A 128-bit fingerprint from `StableHasher`, written as 32 hex digits.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
  /// The two halves.
  public let high: UInt64
  public let low: UInt64

  /// A fingerprint from its halves.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// 32 lowercase hex digits.
  public var description: String { Fingerprint.hex(high) + Fingerprint.hex(low) }

  /// Parses `description`.
  public init?(hex text: some StringProtocol) {
    guard text.count == 32, let high = UInt64(text.prefix(16), radix: 16),
      let low = UInt64(text.suffix(16), radix: 16)
    else { return nil }
    self.init(high: high, low: low)
  }

  /// Parses `description` from its UTF-8 bytes (what the page record holds).
  public init?(hexBytes bytes: ArraySlice<UInt8>) {
    guard bytes.count == 32 else { return nil }
    var words: [UInt64] = [0, 0]
    for (k, byte) in bytes.enumerated() {
      guard let digit = byte.hexDigitValue, byte < UInt8(ascii: "A") || byte > UInt8(ascii: "F")
      else { return nil }
      words[k / 16] = words[k / 16] << 4 | UInt64(digit)
    }
    self.init(high: words[0], low: words[1])
  }

  /// Appends `description` as UTF-8.
  public func append(to out: inout [UInt8]) {
    out.appendHex(high, leadingZeros: true)
    out.appendHex(low, leadingZeros: true)
  }

  private static func hex(_ word: UInt64) -> String {
    let digits = String(word, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
