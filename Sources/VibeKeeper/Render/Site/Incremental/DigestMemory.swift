import TemplateEngine
import VibeBasics

/// The digests one build worked out of what its pages read, kept for the next build in the
/// same process (`watch`, `serve`). A digest depends on the reads and the value alone, so
/// while both are the same (`TemplateValue.isSame(as:)`: a value kept from the last build
/// is the same at the cost of a pointer comparison) it is taken as it was, not worked out
/// again. Nothing else is assumed, so the memory never needs to be invalidated.
struct DigestMemory: Sendable {
  /// One digest, with the reads and the value it is of.
  struct Known: Sendable {
    let reads: ReadSet
    let value: TemplateValue?
    let digest: Fingerprint

    /// The digest of what `reads` see of `value`: `known`'s when it is of the same reads and
    /// value, else worked out.
    init(_ reads: ReadSet, _ value: TemplateValue?, knowing known: Known?) {
      self.reads = reads
      self.value = value
      if let known, known.reads == reads, DigestMemory.same(known.value, value) {
        digest = known.digest
      } else {
        digest = PageFingerprint.digest(of: reads, value)
      }
    }
  }

  /// The digests of global values, by member (name and reads).
  var globals: [ReadSet.Member: Known] = [:]
  /// The digests of each page's own values, by output path, then by name.
  var pages: [String: [String: Known]] = [:]

  /// Whether two values, either of which may be absent, are the same.
  static func same(_ a: TemplateValue?, _ b: TemplateValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.isSame(as: b)
    default: false
    }
  }
}
