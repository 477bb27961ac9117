import Foundation
import TemplateEngine

/// The distinct reads of one render's pages, each kept once: the 10,000 pages of one
/// template mostly read the same paths, and every page's reads are held until the page
/// record is written (one copy where there were 10,000, and equal reads then compare by
/// identity). Shared by the rendering workers.
final class ReadsInterner: @unchecked Sendable {
  private let lock = NSLock()
  private var known: Set<RenderReads> = []

  /// The reads kept equal to `reads` (`reads` itself, the first time).
  func intern(_ reads: RenderReads) -> RenderReads {
    lock.withLock { known.insert(reads).memberAfterInsert }
  }
}
