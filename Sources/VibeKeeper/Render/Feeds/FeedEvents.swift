import Foundation

/// What the event builders read: the household, its analyses at the build's "now", the
/// record stamps, page links and the iCalendar formats of the settings time zone.
public struct FeedInputs: Sendable {
  /// The household.
  public let household: Household
  /// The analyses.
  public let analysis: HouseholdAnalysis
  /// When records last changed.
  public let stamps: FeedStamps
  /// Page paths of records.
  public let links: Permalinks
  /// Value formats in the settings time zone.
  public let format: ICSFormat
  /// The UID domain (`uid_domain`, `vibekeeper` by default; never `base_url`'s host).
  public let domain: String
  /// What the previous build published, when known: a series first published without any
  /// other start keeps the start it had.
  public var previous: FeedState?
  /// The gifts' lines the last build in the process made (`FeedEvents.GiftLines`).
  var giftLines: FeedEvents.GiftLines?

  /// Collects the inputs (`links` are made from the household when not given).
  public init(
    household: Household, analysis: HouseholdAnalysis, stamps: FeedStamps,
    links: Permalinks? = nil
  ) {
    self.household = household
    self.analysis = analysis
    self.stamps = stamps
    self.links = links ?? Permalinks(household)
    format = ICSFormat(clock: analysis.clock)
    domain = ICSFormat.uidPart(household.settings.uidDomain)
  }

  /// The local date a published event started on, by UID.
  func publishedStart(_ uid: String) -> LocalDate? {
    guard let print = previous?.events[uid]?.fingerprint,
      let digits = FeedSequence.startDate(of: print)
    else { return nil }
    let d = Array(digits.utf8).map { Int($0) - 48 }
    let year = d[0] * 1000 + d[1] * 100 + d[2] * 10 + d[3]
    return LocalDate(year: year, month: d[4] * 10 + d[5], day: d[6] * 10 + d[7])
  }

  /// The clock of the analyses.
  public var clock: LocalClock { analysis.clock }

  /// `KIND-ID[-SUFFIX]@DOMAIN` with the parts made UID-safe.
  public func uid(_ kind: String, _ id: String, _ suffix: String? = nil) -> String {
    var local = kind + "-" + ICSFormat.uidPart(id)
    if let suffix { local += "-" + ICSFormat.uidPart(suffix) }
    return local + "@" + domain
  }

  /// The absolute URL of a record's page when `base_url` is set.
  public func url(_ kind: RecordKind, _ id: String?) -> String? {
    guard var base = household.settings.baseURL, !base.isEmpty,
      let path = links.url(kind, id)
    else { return nil }
    if !base.hasSuffix("/") { base += "/" }
    return ICSFormat.uri(base + path)
  }
}

/// The calendar events of the feeds: pure functions of the household, its analyses and the
/// stamps (see the `FeedEvents+*.swift` builders).
public enum FeedEvents {
  /// Every event of every topic, by start date, then UID.
  public static func all(_ inputs: FeedInputs) -> [FeedEvent] { made(inputs).events }

  /// Every event, and the gifts' lines made for them (for the next build in the process).
  static func made(_ inputs: FeedInputs) -> (events: [FeedEvent], lines: GiftLines) {
    var lines = GiftLines(reusing: inputs.giftLines)
    let events =
      occasions(inputs, lines: &lines) + reminders(inputs) + pantry(inputs) + shopping(inputs)
      + streaks(inputs) + budgets(inputs)
    return (sorted(distinctUIDs(events)), lines)
  }

  /// Ids that differ only in characters a UID cannot carry (`a/b`, `a-b`) would share a UID:
  /// every event of such a group gets a suffix from a hash of its own id, so each stays
  /// unique and stable; the overrides of a series' occurrences get the series' suffix.
  static func distinctUIDs(_ events: [FeedEvent]) -> [FeedEvent] {
    var count: [String: Int] = [:]
    count.reserveCapacity(events.count)
    // Overrides of a series' occurrences share its UID on purpose.
    for e in events where e.recurrence == nil { count[e.uid, default: 0] += 1 }
    guard count.values.contains(where: { $0 > 1 }) else { return events }
    return events.map { e in
      guard count[e.uid, default: 0] > 1, let at = e.uid.lastIndex(of: "@")
      else { return e }
      var copy = e
      copy.uid = e.uid[..<at] + "-" + fnv1a(e.id) + e.uid[at...]
      return copy
    }
  }

  /// The 32-bit FNV-1a hash of a text's UTF-8, as 8 hex digits (stable across runs).
  static func fnv1a(_ s: String) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in s.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Events by start date, then UID.
  static func sorted(_ events: [FeedEvent]) -> [FeedEvent] {
    events.sorted { a, b in
      a.start.date != b.start.date ? a.start.date < b.start.date : a.uid < b.uid
    }
  }

  /// The years per-year events are written for: last year to two years ahead, so at least
  /// the next two years are always covered and the set changes only at the new year.
  static func years(_ today: LocalDate) -> ClosedRange<Int> {
    (today.year - 1)...(today.year + 2)
  }
}
