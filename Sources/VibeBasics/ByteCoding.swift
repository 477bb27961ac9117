/// Helpers for the length-prefixed text encoding.
public enum ByteCoding {
  /// Appends `length:text` (length in UTF-8 bytes).
  public static func appendLengthPrefixed(_ text: String, to out: inout [UInt8]) {
    let bytes = Array(text.utf8)
    out += Array(String(bytes.count).utf8)
    out.append(UInt8(ascii: ":"))
    out += bytes
  }
}

/// Reads bytes front to back, for byte encodings such as the page record's.
public struct ByteReader {
  private let bytes: [UInt8]
  /// The position of the next byte.
  public private(set) var position = 0

  /// A reader at the start of `bytes`.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte was read.
  public var atEnd: Bool { position >= bytes.count }

  /// The next byte, consumed.
  public mutating func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// Consumes `byte` when it is next.
  public mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// A decimal integer (optionally negative) ended by `end`, which is consumed.
  public mutating func integer(until end: UInt8) -> Int? {
    var negative = false
    if take(UInt8(ascii: "-")) { negative = true }
    var value = 0
    var digits = 0
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"),
      bytes[position] <= UInt8(ascii: "9")
    {
      let b = bytes[position]
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(Int(b - UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = s
      digits += 1
      position += 1
    }
    guard digits > 0, take(end) else { return nil }
    return negative ? -value : value
  }

  /// `length:text`.
  public mutating func lengthPrefixed() -> String? {
    guard let count = integer(until: UInt8(ascii: ":")), count >= 0,
      count <= bytes.count - position
    else { return nil }
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  /// The next `count` bytes, consumed; nil when fewer are left.
  public mutating func slice(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, count <= bytes.count - position else { return nil }
    defer { position += count }
    return bytes[position..<position + count]
  }

  /// The bytes up to (not including) `end`, which is consumed.
  public mutating func bytes(until end: UInt8) -> ArraySlice<UInt8>? {
    guard let stop = bytes[position...].firstIndex(of: end) else { return nil }
    defer { position = stop + 1 }
    return bytes[position..<stop]
  }

  /// Bytes up to (not including) `end`, which is consumed.
  public mutating func field(until end: UInt8) -> String? {
    guard let stop = bytes[position...].firstIndex(of: end) else { return nil }
    defer { position = stop + 1 }
    return String(decoding: bytes[position..<stop], as: UTF8.self)
  }
}
