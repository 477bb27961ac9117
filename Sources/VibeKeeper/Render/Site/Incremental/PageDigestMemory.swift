import TemplateEngine
import VibeBasics

/// The digests of what each page read of its own values (`record`, `gift`, `page`,
/// `root`) in one build, each with the reads and the value it was made of, for the next
/// build in the same process (`watch`, `serve`): a value that is surely the same
/// (`TemplateValue.isSame`, which a value kept by `ValueMemory` is at once) under the same
/// reads has the same digest, so the page of a record that did not change is not walked
/// again to be left as published.
struct PageDigestMemory: Sendable {
  /// One digest and what it was made of.
  struct Made: Sendable {
    let name: String
    let reads: ReadSet
    let value: TemplateValue?
    let digest: Fingerprint

    /// Whether this digest was made of `reads` seeing `value`.
    func isOf(_ reads: ReadSet, _ value: TemplateValue?) -> Bool {
      guard self.reads == reads else { return false }
      switch (self.value, value) {
      case (nil, nil): return true
      case (let a?, let b?): return a.isSame(as: b)
      default: return false
      }
    }
  }

  /// The digests by page path.
  var pages: [String: [Made]] = [:]

  /// The digest of what `reads` see of `value`, the page's own variable `name`: the one
  /// kept for the page when it was made of the same, else worked out; added to `made`
  /// (nil: nothing is kept, `build`).
  func digest(
    page path: String, _ name: String, _ reads: ReadSet, _ value: TemplateValue?,
    into made: inout [Made]?
  ) -> Fingerprint {
    let known = pages[path]?.first { $0.name == name && $0.isOf(reads, value) }
    let digest = known?.digest ?? PageFingerprint.digest(of: reads, value)
    made?.append(Made(name: name, reads: reads, value: value, digest: digest))
    return digest
  }
}
