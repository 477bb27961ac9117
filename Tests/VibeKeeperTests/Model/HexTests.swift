import Testing
import VibeBasics

@testable import VibeKeeper

/// The hex and decimal digits hashes are written with (`appendHex`, `appendDecimal`), as
/// `String(_:radix:)` and `String(_:)` write them.
@Suite struct HexTests {
  @Test(
    arguments: [
      0, 1, 9, 10, 15, 16, 255, 4096, 0xdead_beef, 0x0123_4567_89ab_cdef, UInt64.max, 1 << 63,
    ] as [UInt64])
  func hexDigits(_ value: UInt64) {
    var short: [UInt8] = []
    short.appendHex(value, leadingZeros: false)
    #expect(String(decoding: short, as: UTF8.self) == String(value, radix: 16))
    var full: [UInt8] = [0x2A]
    full.appendHex(value, leadingZeros: true)
    let digits = String(value, radix: 16)
    #expect(
      String(decoding: full, as: UTF8.self)
        == "*" + String(repeating: "0", count: 16 - digits.count) + digits)
  }

  @Test(arguments: [0, 1, 9, 10, 99, 100, 101, 599_416, 1_000_000, Int.max, -1, Int.min])
  func decimalDigits(_ value: Int) {
    var out: [UInt8] = []
    out.appendDecimal(value)
    #expect(String(decoding: out, as: UTF8.self) == String(value))
  }

  @Test func contentHashesReadBackWhatTheyWrite() {
    for bytes in [[], Array("hello".utf8), [UInt8](repeating: 7, count: 100_003)] {
      let hash = ContentHash(bytes)
      var out: [UInt8] = []
      hash.append(to: &out)
      #expect(String(decoding: out, as: UTF8.self) == hash.description)
      #expect(ContentHash(text: out[...]) == hash)
    }
  }
}
