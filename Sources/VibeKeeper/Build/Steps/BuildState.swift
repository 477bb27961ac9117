import Foundation

/// What one build leaves for the next, read and written through this one seam: which
/// published files may be passed on unchanged (from the publisher's manifest), how each
/// page was rendered (`PageRecord`) and the SEQUENCE of each feed event (`FeedState`).
/// The last two are one file, `BuildState.bytes`, that the publisher keeps beside the
/// published tree (never in it: the state names events and their times) and switches with
/// it, so it always describes the site the output shows.
public struct BuildState: Sendable {
  /// The published files still on disk, with their hashes.
  public var published: [String: ContentHash] = [:]
  /// How the published pages were rendered; nil renders every page.
  public var pages: PageRecord?
  /// What the published feeds said, for SEQUENCE numbers.
  public var feeds: FeedState?
  /// How many records the published site was built from (nil: not known).
  public var records: Int?

  /// No earlier build.
  public init() {}

  /// The state of a rendered site, built from `records` records.
  public init(pages: PageRecord?, feeds: FeedState?, records: Int? = nil) {
    self.pages = pages
    self.feeds = feeds
    self.records = records
  }

  /// The state of the site `publisher` published (taken from its memory when the file
  /// holds the bytes kept there); with `pages: false` the page record is not used, so
  /// every page renders (`--full`).
  public static func read(from publisher: Publisher, pages: Bool) -> BuildState {
    var state =
      publisher.publishedState().flatMap { bytes in
        publisher.memory?.state(of: bytes) ?? BuildState(bytes: bytes)
      } ?? BuildState()
    guard pages else {
      state.pages = nil
      return state
    }
    state.published = publisher.reusableFiles()
    if state.published.isEmpty { state.pages = nil }
    return state
  }
}

extension BuildState {
  /// The first line of the file, with the format's version.
  private static let magic = Array("vibekeeper-state 2\n".utf8)

  /// The state as one file, in the byte encoding of `ByteCoding` throughout: the first
  /// line, the number of records (-1 when not known), the page record's length and bytes, then the number of feed events and each
  /// event as its UID and time fingerprint (length-prefixed) and its SEQUENCE. The same
  /// state gives the same bytes.
  public var bytes: [UInt8] {
    var out = Self.magic
    out += Array("\(records ?? -1)\n".utf8)
    let record = pages?.bytes ?? []
    out += Array("\(record.count)\n".utf8)
    out += record
    let events = feeds?.events ?? [:]
    out += Array("\(events.count)\n".utf8)
    for uid in events.keys.sorted() {
      guard let event = events[uid] else { continue }
      ByteCoding.appendLengthPrefixed(uid, to: &out)
      ByteCoding.appendLengthPrefixed(event.fingerprint, to: &out)
      out += Array("\(event.sequence)\n".utf8)
    }
    return out
  }

  /// Reads `bytes`; nil when they are not a state of this version (every page is then
  /// rendered and every SEQUENCE starts again).
  public init?(bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    guard reader.slice(Self.magic.count).map(Array.init) == Self.magic,
      let records = reader.integer(until: UInt8(ascii: "\n")),
      let recordLength = reader.integer(until: UInt8(ascii: "\n")),
      let record = reader.slice(recordLength),
      let count = reader.integer(until: UInt8(ascii: "\n")), count >= 0
    else { return nil }
    self.init()
    self.records = records >= 0 ? records : nil
    if recordLength > 0 {
      guard let pages = PageRecord(bytes: Array(record)) else { return nil }
      self.pages = pages
    }
    var feeds = FeedState()
    for _ in 0..<count {
      guard let uid = reader.lengthPrefixed(), let fingerprint = reader.lengthPrefixed(),
        let sequence = reader.integer(until: UInt8(ascii: "\n"))
      else { return nil }
      feeds.events[uid] = FeedState.Entry(fingerprint: fingerprint, sequence: sequence)
    }
    guard reader.atEnd else { return nil }
    self.feeds = feeds
  }
}
