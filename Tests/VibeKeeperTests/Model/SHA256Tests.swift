import Testing
import VibeKeeper

/// SHA-256 against FIPS 180-4's examples and HMAC-SHA256 against RFC 4231's test cases.
@Suite struct SHA256Tests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func nistExamples() {
    #expect(
      SHA256.hash(bytes("abc")).hexString
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(
      SHA256.hash(bytes(twoBlocks)).hexString
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hash([]).hexString
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hash([]).count == 32)
  }

  @Test func oneMillionA() {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hash(million).hexString == expected)
    // Fed in uneven pieces, and as a sequence with no contiguous storage.
    var hasher = SHA256()
    var start = 0
    while start < million.count {
      let end = min(million.count, start + 1_009)
      hasher.update(million[start..<end])
      start = end
    }
    #expect(hasher.finalize().hexString == expected)
    #expect(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000)).hexString == expected)
  }

  @Test func incrementalEqualsOneShot() {
    let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let cuts = [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200, 300]
    for length in [0, 55, 56, 63, 64, 65, 119, 120, 128, 300] {
      let whole = Array(message[..<length])
      let expected = SHA256.hash(whole)
      for first in cuts where first <= length {
        for second in cuts where first <= second && second <= length {
          var hasher = SHA256()
          hasher.update(whole[..<first])
          hasher.update(whole[first..<second])
          hasher.update(whole[second...])
          #expect(hasher.finalize() == expected, "length \(length), cuts \(first), \(second)")
        }
      }
      // Byte by byte, and through a lazy (non-contiguous) sequence.
      var single = SHA256()
      for byte in whole { single.update(CollectionOfOne(byte)) }
      #expect(single.finalize() == expected)
      #expect(SHA256.hash(whole.lazy.map { $0 }) == expected)
    }
  }

  @Test func finalizeLeavesTheHasherAsItWas() {
    var hasher = SHA256()
    hasher.update(bytes("ab"))
    let first = hasher.finalize()
    #expect(hasher.finalize() == first)
    #expect(first == SHA256.hash(bytes("ab")))
    hasher.update(bytes("c"))
    #expect(hasher.finalize() == SHA256.hash(bytes("abc")))
  }

  @Test func hexString() {
    #expect([UInt8]().hexString == "")
    #expect([0x00, 0x0f, 0xa0, 0xff].hexString == "000fa0ff")
    // And back, in either case; anything else is no hex.
    #expect([UInt8](hexString: "000fA0ff") == [0x00, 0x0f, 0xa0, 0xff])
    #expect([UInt8](hexString: "") == [])
    for bad in ["0", "0g", "0x12", " 12"] { #expect([UInt8](hexString: bad) == nil, "\(bad)") }
  }

  /// RFC 4231 test cases 1-4, 6 and 7 (case 5 checks a truncated tag).
  @Test func rfc4231() {
    let cases: [(key: [UInt8], data: [UInt8], mac: String)] = [
      (
        [UInt8](repeating: 0x0b, count: 20), bytes("Hi There"),
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
      ),
      (
        bytes("Jefe"), bytes("what do ya want for nothing?"),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      ),
      (
        [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
      ),
      (
        Array(1...25), [UInt8](repeating: 0xcd, count: 50),
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
      ),
      (
        [UInt8](repeating: 0xaa, count: 131),
        bytes("Test Using Larger Than Block-Size Key - Hash Key First"),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
      ),
      (
        [UInt8](repeating: 0xaa, count: 131),
        bytes(
          "This is a test using a larger than block-size key and a larger than block-size data."
            + " The key needs to be hashed before being used by the HMAC algorithm."),
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
      ),
    ]
    for (number, c) in zip([1, 2, 3, 4, 6, 7], cases) {
      #expect(HMAC.sha256(key: c.key, message: c.data).hexString == c.mac, "case \(number)")
      // A slice of the message gives the same tag.
      #expect(HMAC.sha256(key: c.key, message: c.data[...]).hexString == c.mac)
    }
  }

  @Test func constantTimeEqual() {
    let tag = HMAC.sha256(key: bytes("Jefe"), message: bytes("what do ya want for nothing?"))
    #expect(HMAC.constantTimeEqual(tag, tag))
    #expect(HMAC.constantTimeEqual([], []))
    for index in [0, 15, 31] {
      var altered = tag
      altered[index] ^= 0x01
      #expect(!HMAC.constantTimeEqual(tag, altered))
    }
    #expect(!HMAC.constantTimeEqual(tag, Array(tag.prefix(31))))
    #expect(!HMAC.constantTimeEqual(tag + [0], tag))
    #expect(!HMAC.constantTimeEqual([], [0]))
  }
}
