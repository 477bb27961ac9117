import Foundation

/// What one build leaves for the next, read through this one seam: which published files
/// may be passed on unchanged, how each page was rendered (`PageRecord`) and the SEQUENCE
/// of each feed event (`FeedState`). The publisher keeps the first (its manifest); the
/// other two are written with the site (`.vibekeeper-pages`, `feeds-state.json`).
public struct BuildState: Sendable {
  /// The published files still on disk, with their hashes.
  public var published: [String: ContentHash] = [:]
  /// How the published pages were rendered; nil renders every page.
  public var pages: PageRecord?
  /// What the published feeds said, for SEQUENCE numbers.
  public var feeds: FeedState?

  /// No earlier build.
  public init() {}

  /// The state of the site `publisher` published; with `pages: false` the page record is
  /// not read, so every page renders (`--full`).
  public static func read(from publisher: Publisher, pages: Bool) -> BuildState {
    var state = BuildState()
    state.feeds = publisher.publishedFile(FeedState.fileName).flatMap {
      FeedState(json: Data($0))
    }
    guard pages else { return state }
    state.published = publisher.reusableFiles()
    if !state.published.isEmpty {
      state.pages = publisher.publishedFile(PageRecord.fileName).flatMap(PageRecord.init(bytes:))
    }
    return state
  }
}
