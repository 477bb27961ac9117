import Foundation

/// The abbreviations a zone uses (`CET`, `CEST`, `IST`), read from the system's TZif file
/// (RFC 8536). Foundation only gives `GMT+1`. The time zone database writes a number
/// (`-03`, `+0530`) where a zone has no abbreviation in use; those count as none.
struct ZoneAbbreviations: Sendable {
  /// The instants (seconds since 1970) at which the local time type changes, ascending.
  let times: [Int64]
  /// The type in force from each of `times`.
  let typeIndices: [Int]
  /// Each local time type's abbreviation (nil for a number) and whether it is daylight time.
  let types: [(name: String?, daylight: Bool)]
  /// The footer's standard and daylight abbreviations, for instants after the last change.
  let footer: (standard: String?, daylight: String?)?

  /// The folders the system keeps its TZif files in, tried in order.
  static let systemFolders = ["/usr/share/zoneinfo", "/var/db/timezone/zoneinfo"]

  /// The zone's abbreviations from the system's data, or nil when there is no readable
  /// TZif file for it.
  static func system(_ zone: TimeZone, folders: [String] = systemFolders) -> ZoneAbbreviations? {
    let id = zone.identifier
    guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else {
      return nil
    }
    for folder in folders {
      if let data = FileManager.default.contents(atPath: folder + "/" + id),
        let parsed = ZoneAbbreviations(tzif: Array(data))
      {
        return parsed
      }
    }
    return nil
  }

  /// The abbreviation in use at `instant`, or nil where the data has none (a number).
  /// `daylight` chooses between the footer's two names after the last listed change.
  func abbreviation(at instant: Date, daylight: Bool) -> String? {
    let t = Int64(instant.timeIntervalSince1970.rounded(.down))
    if let last = times.last, t >= last, let footer {
      return daylight ? footer.daylight : footer.standard
    }
    // The last change at or before t; before the first, type 0 (RFC 8536 3.2).
    var low = 0
    var high = times.count
    while low < high {
      let mid = (low + high) / 2
      if times[mid] <= t { low = mid + 1 } else { high = mid }
    }
    let type = low == 0 ? 0 : typeIndices[low - 1]
    guard types.indices.contains(type) else { return nil }
    return types[type].name
  }

  /// Parses a TZif file: the 64-bit block of version 2 and later (with its footer), else
  /// the version 1 block. Nil when the bytes are not a well-formed TZif file.
  init?(tzif bytes: [UInt8]) {
    var reader = TZifReader(bytes: bytes)
    guard let first = reader.header() else { return nil }
    var header = first
    var timeSize = 4
    if first.version >= 2 {
      guard reader.skip(first.v1Size), let second = reader.header() else { return nil }
      header = second
      timeSize = 8
    }
    var times: [Int64] = []
    for _ in 0..<header.timeCount {
      guard let t = reader.signed(timeSize) else { return nil }
      times.append(t)
    }
    var indices: [Int] = []
    for _ in 0..<header.timeCount {
      guard let i = reader.byte(), Int(i) < header.typeCount else { return nil }
      indices.append(Int(i))
    }
    var raw: [(daylight: Bool, index: Int)] = []
    for _ in 0..<header.typeCount {
      guard reader.signed(4) != nil, let dst = reader.byte(), let index = reader.byte() else {
        return nil
      }
      raw.append((dst != 0, Int(index)))
    }
    guard let chars = reader.take(header.charCount) else { return nil }
    types = raw.map { (ZoneAbbreviations.name(in: chars, at: $0.index), $0.daylight) }
    self.times = times
    typeIndices = indices
    let rest = timeSize + 4
    guard reader.skip(header.leapCount * rest + header.standardCount + header.utcCount) else {
      return nil
    }
    footer = header.version >= 2 ? ZoneAbbreviations.footerNames(reader.remaining) : nil
  }

  /// The NUL-terminated abbreviation at `index` of the abbreviation characters.
  private static func name(in chars: ArraySlice<UInt8>, at index: Int) -> String? {
    let start = chars.startIndex + index
    guard start < chars.endIndex else { return nil }
    let end = chars[start...].firstIndex(of: 0) ?? chars.endIndex
    return usable(String(decoding: chars[start..<end], as: UTF8.self))
  }

  /// An abbreviation as a calendar may show it: letters first (`CET`, `ChST`), else none.
  static func usable(_ name: String) -> String? {
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
      name.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+"
            || $0 == "-")
      })
    else { return nil }
    return name
  }

  /// The two names of a footer's POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`,
  /// `<-03>3`): standard, then daylight when the zone has one.
  static func footerNames(_ bytes: ArraySlice<UInt8>) -> (String?, String?)? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasPrefix("\n") else { return nil }
    let line = text.dropFirst().prefix { $0 != "\n" }
    var rest = Substring(line)
    func name() -> String? {
      if rest.first == "<" {
        let inside = rest.dropFirst().prefix { $0 != ">" }
        rest = rest.dropFirst(inside.count + 2)
        return usable(String(inside))
      }
      let letters = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(letters.count)
      return letters.isEmpty ? nil : usable(String(letters))
    }
    guard !rest.isEmpty else { return nil }
    let standard = name()
    rest = rest.drop { "+-0123456789:".contains($0) }
    guard !rest.isEmpty, rest.first != "," else { return (standard, nil) }
    return (standard, name())
  }
}

/// Reads the big-endian fields of a TZif file.
private struct TZifReader {
  let bytes: [UInt8]
  var offset = 0

  struct Header {
    let version: Int
    let utcCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

    /// The size of the version 1 data block that follows this header.
    var v1Size: Int {
      timeCount * 5 + typeCount * 6 + charCount + leapCount * 8 + standardCount + utcCount
    }
  }

  var remaining: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }

  mutating func header() -> Header? {
    guard let magic = take(4), magic.elementsEqual("TZif".utf8), let version = byte(),
      skip(15)
    else { return nil }
    var counts: [Int] = []
    for _ in 0..<6 {
      guard let c = signed(4), c >= 0, c < 1_000_000 else { return nil }
      counts.append(Int(c))
    }
    let v = version == 0 ? 1 : Int(version) - Int(UInt8(ascii: "0"))
    return Header(
      version: v, utcCount: counts[0], standardCount: counts[1], leapCount: counts[2],
      timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
  }

  mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
    guard n >= 0, offset + n <= bytes.count else { return nil }
    defer { offset += n }
    return bytes[offset..<offset + n]
  }

  mutating func skip(_ n: Int) -> Bool { take(n) != nil }

  mutating func byte() -> UInt8? { take(1)?.first }

  /// A big-endian two's-complement integer of 4 or 8 bytes.
  mutating func signed(_ size: Int) -> Int64? {
    guard let b = take(size) else { return nil }
    var v: UInt64 = 0
    for x in b { v = v << 8 | UInt64(x) }
    if size == 4 { return Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: v))) }
    return Int64(bitPattern: v)
  }
}
