import Foundation
import Testing

@testable import VibeKeeper

/// The page record kept between builds survives its byte encoding.
@Suite struct PageRecordTests {
  /// What rendering `text` reads of a small context.
  static func reads(_ text: String) throws -> RenderReads {
    let library = try TemplateLibrary(defaults: ["p.html": text])
    let context: [String: TemplateValue] = [
      "gifts": [["title": "Tea", "price": 12], ["title": "Book", "price": 20]],
      "gift": ["title": "Mug", "status": "bought", "body": "b"],
    ]
    let result = try library.render(
      "p.html", context: context, environment: TemplateFixture.environment(),
      recordingReads: true)
    return try #require(result.reads)
  }

  @Test func recordsRoundTripThroughTheirEncoding() throws {
    var record = PageRecord(environment: Fingerprint(high: 1, low: 2))
    let reads = try Self.reads("{% for g in gifts %}{{ g.title }}:{{ g.price }};{% endfor %}")
    let other = try Self.reads(
      "{% set g = gift %}{{ g.title }} {% if g.status == \"bought\" %}{{ g.body }}{% endif %}")
    for path in ["a.html", "b/c d.html", "ünï/\n.html"] {
      record.set(
        path, fingerprint: Fingerprint(high: 3, low: UInt64(path.count)),
        output: ContentHash([1, 2]), reads: path == "a.html" ? other : reads)
    }
    #expect(record.reads.count == 2)  // pages that read the same paths share one entry
    #expect(PageRecord(bytes: record.bytes) == record)
    #expect(PageRecord(bytes: Array(record.bytes.dropLast(3))) == nil)
    #expect(PageRecord(bytes: Array("garbage".utf8)) == nil)
  }

  /// Fingerprints are written and read as bytes (32 lowercase hex digits), as their text.
  @Test func fingerprintsAsBytes() {
    for fingerprint in [
      Fingerprint(high: 0, low: 0), Fingerprint(high: 1, low: .max),
      Fingerprint(high: 0xDEAD_BEEF_0000_0001, low: 0x0123_4567_89AB_CDEF),
    ] {
      var bytes: [UInt8] = []
      fingerprint.append(to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == fingerprint.description)
      #expect(Fingerprint(hexBytes: bytes[...]) == fingerprint)
    }
    #expect(Fingerprint(hexBytes: Array("00000000000000000000000000000g00".utf8)[...]) == nil)
    #expect(Fingerprint(hexBytes: Array("0000".utf8)[...]) == nil)
  }
}
