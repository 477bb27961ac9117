import Foundation

/// What the feeds last published, kept in the output folder as `feeds-state.json` so the
/// next build knows when an event's time changed: then its SEQUENCE goes up by one.
public struct FeedState: Sendable, Equatable, Codable {
  /// One published event: the fingerprint of its time fields and its SEQUENCE.
  public struct Entry: Sendable, Equatable, Codable {
    /// DTSTART, DTEND or DURATION and RRULE as published.
    public var fingerprint: String
    /// The SEQUENCE it had.
    public var sequence: Int
  }

  /// The file name in the output folder.
  public static let fileName = "feeds-state.json"

  /// The format version.
  public var version = 1
  /// Every event published (events that left the feeds are kept, so one that comes back
  /// with another time still gets a higher SEQUENCE, until their start is over a year
  /// old), by UID.
  public var events: [String: Entry] = [:]

  /// An empty state.
  public init() {}

  /// Reads a state file's bytes; nil when they are not a state of this version.
  public init?(json: Data) {
    guard let state = try? JSONDecoder().decode(FeedState.self, from: json), state.version == 1
    else { return nil }
    self = state
  }

  /// The state as JSON text with sorted keys (the same state gives the same bytes): the
  /// layout of `JSONEncoder`'s `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]`
  /// written directly (a year of feeds holds about 100,000 entries); text that would need
  /// escaping goes through the encoder itself.
  public var json: String {
    func plain(_ s: String) -> Bool {
      s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    }
    guard events.allSatisfy({ plain($0.key) && plain($0.value.fingerprint) }) else {
      return encoded
    }
    var out: [UInt8] = []
    out.reserveCapacity(events.count * 128 + 64)
    out += "{\n  \"events\" : {\n".utf8
    if events.isEmpty { out += "\n".utf8 }
    // Plain ASCII keys: String order is byte order, as the encoder sorts them.
    for (i, key) in events.keys.sorted().enumerated() {
      guard let entry = events[key] else { continue }
      if i > 0 { out += ",\n".utf8 }
      out += "    \"".utf8
      out += key.utf8
      out += "\" : {\n      \"fingerprint\" : \"".utf8
      out += entry.fingerprint.utf8
      out += "\",\n      \"sequence\" : ".utf8
      out += String(entry.sequence).utf8
      out += "\n    }".utf8
    }
    out += (events.isEmpty ? "  },\n" : "\n  },\n").utf8
    out += ("  \"version\" : " + String(version) + "\n}\n").utf8
    return String(decoding: out, as: UTF8.self)
  }

  /// The state through `JSONEncoder`.
  var encoded: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8)
    else { return "{}\n" }
    return text + "\n"
  }
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
    let current = Set(events.map(\.uid))
    let oldest = ICSFormat.date(format.clock.today.adding(days: -366))
    state.events = state.events.filter { uid, entry in
      current.contains(uid) || startDate(of: entry.fingerprint).map { $0 >= oldest } ?? true
    }
    var out = events
    for i in out.indices {
      let print = fingerprint(out[i], format: format)
      let uid = out[i].uid
      var sequence = 0
      if let before = state.events[uid] {
        sequence = before.fingerprint == print ? before.sequence : before.sequence + 1
      }
      out[i].sequence = sequence
      state.events[uid] = FeedState.Entry(fingerprint: print, sequence: sequence)
    }
    return (out, state)
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
