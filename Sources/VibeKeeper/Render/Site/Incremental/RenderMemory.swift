import TemplateEngine

/// What one render made that the next build in the same process (`watch`, `serve`) can
/// take as it was instead of making it again: gift and contact values (the records a
/// household has by the thousand), search index entries, the digests of what record
/// pages read of those values and of the lists of them, and the records' page paths and
/// planned pages. Each is kept with everything
/// it was made from and checked against it, so a memory that does not fit the next build
/// is never wrong, only of no use. `build` keeps none (a process builds once).
public struct RenderMemory: Sendable {
  /// The gift and contact values.
  var values = ValueMemory()
  /// The search index's entries.
  var search = SearchMemory()
  /// What each record page read of its record's value, digested.
  var pageDigests = PageDigestMemory()
  /// The records' page paths, with the ids they were assigned to.
  var links: Permalinks?
  /// The digests of the elements of the global lists pages read (`PageSkipping`).
  var elementDigests: [ReadSet.Member: ReadSet.ElementDigests] = [:]
  /// The record pages as planned (`SitePlan.RecordPages`).
  var recordPages = SitePlan.RecordPages()
  /// The gifts' lines in the feeds (`FeedEvents.GiftLines`).
  var giftLines: FeedEvents.GiftLines?
  /// The last plan's paths, when it had no clash (`SitePlan.ClashFree`).
  var clashFree: SitePlan.ClashFree?
  /// What the page fingerprints were made from (`PageSkipping.Basis`).
  var skipBasis: PageSkipping.Basis?

  /// An empty memory (the first build makes everything).
  public init() {}
}
