/// What one render made that the next build in the same process (`watch`, `serve`) can
/// take as it was instead of making it again: gift and contact values (the records a
/// household has by the thousand) and search index entries. Each is kept with everything
/// it was made from and checked against it, so a memory that does not fit the next build
/// is never wrong, only of no use. `build` keeps none (a process builds once).
public struct RenderMemory: Sendable {
  /// The gift and contact values.
  var values = ValueMemory()
  /// The search index's entries.
  var search = SearchMemory()

  /// An empty memory (the first build makes everything).
  public init() {}
}
