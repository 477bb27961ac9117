import Foundation

/// What the feeds last published, kept with the build state (`BuildState`) so the next
/// build knows when an event's time changed: then its SEQUENCE goes up by one.
public struct FeedState: Sendable, Equatable {
  /// One published event: the fingerprint of its time fields and its SEQUENCE.
  public struct Entry: Sendable, Equatable {
    /// DTSTART, DTEND or DURATION and RRULE as published.
    public var fingerprint: String
    /// The SEQUENCE it had.
    public var sequence: Int

    /// An entry.
    public init(fingerprint: String, sequence: Int) {
      self.fingerprint = fingerprint
      self.sequence = sequence
    }
  }

  /// Every event published (events that left the feeds are kept, so one that comes back
  /// with another time still gets a higher SEQUENCE, until their start is over a year
  /// old), by UID.
  public var events: [String: Entry] = [:]

  /// An empty state.
  public init() {}
}

/// Assigns SEQUENCE numbers from the previous state.
public enum FeedSequence {
  /// The fingerprint of an event's time fields.
  public static func fingerprint(_ e: FeedEvent, format: ICSFormat) -> String {
    var parts = ["DTSTART" + format.start(e.start)]
    if let end = format.end(e.start) {
      parts.append("DTEND" + end)
    } else {
      parts.append("DURATION:" + ICSFormat.duration(minutes: e.durationMinutes))
    }
    if let weekly = e.weekly { parts.append("RRULE:" + ICSFormat.rrule(weekly)) }
    return parts.joined(separator: " ")
  }

  /// The events with their SEQUENCE (unchanged time: as before; changed: one more; new: 0)
  /// and the state to publish with them. Entries of events no longer published whose start
  /// is more than 366 days before today are dropped, so the state does not grow forever
  /// (a new streak event every day).
  public static func apply(
    _ events: [FeedEvent], previous: FeedState?, format: ICSFormat
  ) -> (events: [FeedEvent], state: FeedState) {
    var state = previous ?? FeedState()
    let current = Set(events.map { key($0, format) })
    let oldest = ICSFormat.date(format.clock.today.adding(days: -366))
    state.events = state.events.filter { uid, entry in
      current.contains(uid) || startDate(of: entry.fingerprint).map { $0 >= oldest } ?? true
    }
    var out = events
    for i in out.indices {
      let print = fingerprint(out[i], format: format)
      let uid = key(out[i], format)
      var sequence = 0
      if let before = state.events[uid] {
        sequence = before.fingerprint == print ? before.sequence : before.sequence + 1
      }
      out[i].sequence = sequence
      state.events[uid] = FeedState.Entry(fingerprint: print, sequence: sequence)
    }
    // An override (a dose marked) is never behind its series: a calendar that follows
    // the scheduling rules (RFC 5546) takes an override older than the series for stale.
    var series: [String: Int] = [:]
    for e in out where e.recurrence == nil { series[e.uid] = max(series[e.uid] ?? 0, e.sequence) }
    for i in out.indices where out[i].recurrence != nil {
      guard let least = series[out[i].uid], out[i].sequence < least else { continue }
      out[i].sequence = least
      let uid = key(out[i], format)
      state.events[uid]?.sequence = least
    }
    return (out, state)
  }

  /// An event's key in the state: its UID, and for an override of one occurrence also that
  /// occurrence (`UID RECURRENCE-ID`), so it never takes the series' SEQUENCE.
  static func key(_ e: FeedEvent, _ format: ICSFormat) -> String {
    e.recurrence.map { e.uid + " " + format.start($0) } ?? e.uid
  }

  /// The `YYYYMMDD` of a fingerprint's DTSTART (`DTSTART;TZID=X:20261005T083000 ...`).
  static func startDate(of fingerprint: String) -> String? {
    guard let first = fingerprint.split(separator: " ").first,
      let colon = first.lastIndex(of: ":")
    else { return nil }
    let digits = first[first.index(after: colon)...].prefix(8)
    return digits.count == 8 && digits.allSatisfy(\.isNumber) ? String(digits) : nil
  }
}
