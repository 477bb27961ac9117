/// SHA-256 (FIPS 180-4) in pure Swift, fed incrementally: `update` any number of times, then
/// `finalize` for the 32-byte digest.
public struct SHA256: Sendable {
  /// The eight working hash words.
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes waiting for a full 64-byte block (always fewer than 64).
  private var pending: [UInt8] = []
  /// The number of bytes fed so far.
  private var length: UInt64 = 0

  /// The round constants: the first 32 bits of the cube roots of the first 64 primes.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// A hasher that has seen no bytes.
  public init() {}

  /// Feeds `bytes`. Contiguous input (`[UInt8]`, `ArraySlice<UInt8>`, ...) is hashed in
  /// place, 64-byte blocks at a time; any other sequence is copied into an array first.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ absorb($0) }) == nil {
      Array(bytes).withUnsafeBufferPointer { absorb($0) }
    }
  }

  /// The 32-byte digest of everything fed so far. The hasher itself is left as it is, so
  /// more bytes may follow.
  public func finalize() -> [UInt8] {
    var copy = self
    let bitLength = length &* 8
    // 0x80, then zeros up to 56 bytes mod 64, then the bit length as a big-endian UInt64.
    var tail: [UInt8] = [0x80] + repeatElement(0, count: (119 - Int(length % 64)) % 64)
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    copy.update(tail)
    return copy.state.flatMap { word in
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }
  }

  /// The 32-byte SHA-256 digest of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Tops up `pending`, then hashes whole blocks straight from `input`.
  private mutating func absorb(_ input: UnsafeBufferPointer<UInt8>) {
    length &+= UInt64(input.count)
    var start = 0
    if !pending.isEmpty {
      start = min(64 - pending.count, input.count)
      pending += input[..<start]
      guard pending.count == 64 else { return }
      let block = pending
      pending.removeAll(keepingCapacity: true)
      block.withUnsafeBytes { SHA256.compress(&state, $0) }
    }
    let raw = UnsafeRawBufferPointer(input)
    while input.count - start >= 64 {
      SHA256.compress(&state, UnsafeRawBufferPointer(rebasing: raw[start..<start + 64]))
      start += 64
    }
    pending += input[start...]
  }

  /// The compression function: mixes one 64-byte block into `state`.
  private static func compress(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
    let k = SHA256.k
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for i in 0..<16 {
        w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
      }
      for i in 16..<64 {
        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      var (a, b, c, d) = (state[0], state[1], state[2], state[3])
      var (e, f, g, h) = (state[4], state[5], state[6], state[7])
      for i in 0..<64 {
        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let t2 = s0 &+ majority
        (h, g, f, e) = (g, f, e, d &+ t1)
        (d, c, b, a) = (c, b, a, t1 &+ t2)
      }
      for (i, word) in [a, b, c, d, e, f, g, h].enumerated() { state[i] &+= word }
    }
  }

  /// Rotates right by `n` bits (0 < n < 32).
  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}

/// HMAC (RFC 2104) message authentication, and a comparison for its tags.
public enum HMAC {
  /// HMAC-SHA256 of `message` under `key`: 32 bytes. A key longer than the 64-byte block is
  /// hashed first; a shorter one is padded with zeros.
  public static func sha256(key: [UInt8], message: some Sequence<UInt8>) -> [UInt8] {
    var block = key.count > 64 ? SHA256.hash(key) : key
    block += repeatElement(0, count: 64 - block.count)
    var inner = SHA256()
    inner.update(block.map { $0 ^ 0x36 })
    inner.update(message)
    var outer = SHA256()
    outer.update(block.map { $0 ^ 0x5c })
    outer.update(inner.finalize())
    return outer.finalize()
  }

  /// Whether `a` and `b` hold the same bytes, in time that depends only on their length (no
  /// early exit on the first difference), for checking tags. Different lengths are unequal.
  public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}
