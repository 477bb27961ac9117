import Foundation

/// A 128-bit hash that is the same in every process and on every machine (Swift's `Hasher`
/// is seeded per process), for fingerprints kept between builds. Two independent 64-bit
/// mixes, like `ContentHash`.
public struct StableHasher: Sendable {
  private var h1: UInt64 = 0xcbf2_9ce4_8422_2325
  private var h2: UInt64 = 0x8422_2325_cbf2_9ce4

  /// A fresh hasher.
  public init() {}

  /// The digest so far.
  public var digest: Fingerprint { Fingerprint(high: h1, low: h2) }

  /// Adds one byte.
  public mutating func add(_ byte: UInt8) {
    h1 = (h1 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    h2 = (h2 &+ UInt64(byte) &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    h2 ^= h2 >> 29
  }

  /// Adds a 64-bit word.
  public mutating func add(_ word: UInt64) {
    h1 = (h1 ^ word) &* 0x0000_0100_0000_01B3
    h1 ^= h1 >> 32
    h2 = (h2 &+ word &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    h2 ^= h2 >> 29
  }

  /// Adds an integer.
  public mutating func add(_ int: Int) { add(UInt64(bitPattern: Int64(int))) }

  /// Adds a string: its length, then its UTF-8 bytes (so "ab"+"c" differs from "a"+"bc").
  public mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      add(bytes.count)
      // Eight bytes at a time, then the rest one by one.
      var i = 0
      if let base = bytes.baseAddress {
        while i + 8 <= bytes.count {
          add(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
          i += 8
        }
      }
      while i < bytes.count {
        add(bytes[i])
        i += 1
      }
    }
  }

  /// Adds a fingerprint.
  public mutating func add(_ other: Fingerprint) {
    add(other.high)
    add(other.low)
  }

  /// Adds all of a template value: its type, then its contents.
  mutating func add(_ value: TemplateValue) {
    add(value.digestTag)
    switch value {
    case .null: break
    case .bool(let b): add(UInt8(b ? 1 : 0))
    case .int(let i): add(i)
    case .decimal(let d):
      // The exact representation: 1.5 and 1.50 may print differently.
      withUnsafeBytes(of: d) { raw in for byte in raw { add(byte) } }
    case .string(let s), .safe(let s): add(s)
    case .date(let d):
      add(d.year)
      add(d.month)
      add(d.day)
    case .dateTime(let instant): add(instant.timeIntervalSince1970.bitPattern)
    case .time(let t):
      add(t.hour)
      add(t.minute)
      add(t.second)
    case .array(let items):
      add(items.count)
      for item in items { add(item) }
    case .dictionary, .object:
      let names = value.memberNames
      add(names.count)
      for name in names {
        add(name)
        add(value.member(name) ?? .null)
      }
    case .macro(let macro):
      add(macro.templateName)
      add(macro.name)
    }
  }

  /// Adds the shape of a value: a list's length, a map's keys, a scalar's whole value.
  mutating func addShape(_ value: TemplateValue) {
    switch value {
    case .array(let items): add(items.count)
    case .dictionary, .object:
      let names = value.memberNames
      add(names.count)
      for name in names { add(name) }
    default: add(value)
    }
  }
}

/// A 128-bit fingerprint from `StableHasher`, written as 32 hex digits.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
  /// The two halves.
  public let high: UInt64
  public let low: UInt64

  /// A fingerprint from its halves.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// 32 lowercase hex digits.
  public var description: String { Fingerprint.hex(high) + Fingerprint.hex(low) }

  /// Parses `description`.
  public init?(hex text: some StringProtocol) {
    guard text.count == 32, let high = UInt64(text.prefix(16), radix: 16),
      let low = UInt64(text.suffix(16), radix: 16)
    else { return nil }
    self.init(high: high, low: low)
  }

  private static func hex(_ word: UInt64) -> String {
    let digits = String(word, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension TemplateValue {
  /// A byte naming the value's type in digests (string and safe differ: they print
  /// differently).
  var digestTag: UInt8 {
    switch self {
    case .null: 1
    case .bool: 2
    case .int: 3
    case .decimal: 4
    case .string: 5
    case .safe: 6
    case .date: 7
    case .dateTime: 8
    case .time: 9
    case .array: 10
    case .dictionary: 11
    case .object: 12
    case .macro: 13
    }
  }
}
