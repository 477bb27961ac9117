import Foundation

/// The byte form of decoded records kept on disk between builds (`DecodeCacheFile`):
/// integers as zig-zag varints, texts as their UTF-8 length and bytes, decimals as sign,
/// exponent and significand, instants as the bits of their seconds. Only this program
/// reads back what it wrote (the file names the program), so a value is its fields in a
/// fixed order, with no names.
protocol CacheCodable {
  /// Appends the value's bytes.
  func write(to out: inout CacheWriter)
  /// Reads a value written by `write(to:)`; throws when the bytes are not one.
  init(from reader: inout CacheReader) throws
}

/// Bytes that are not a value of the type asked for: the cache entry is not used.
struct CacheMismatch: Error {}

/// Appends values to a byte buffer.
struct CacheWriter {
  var bytes: [UInt8] = []

  mutating func varint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  mutating func int(_ value: Int) {
    let v = Int64(value)
    varint(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
  }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func string(_ value: String) {
    var text = value
    text.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func write<T: CacheCodable>(_ value: T) { value.write(to: &self) }

  mutating func write<T: CacheCodable>(_ value: T?) {
    guard let value else { return bytes.append(0) }
    bytes.append(1)
    value.write(to: &self)
  }

  mutating func write<T: CacheCodable>(_ values: [T]) {
    varint(UInt64(values.count))
    for value in values { value.write(to: &self) }
  }
}

/// Reads values from bytes written by `CacheWriter`.
struct CacheReader {
  private let bytes: UnsafeRawBufferPointer
  private(set) var position: Int

  /// A reader of `bytes` from `position`. The bytes must outlive the reader.
  init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  var atEnd: Bool { position >= bytes.count }

  mutating func byte() throws -> UInt8 {
    guard position < bytes.count else { throw CacheMismatch() }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func varint() throws -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let b = try byte()
      guard shift < 64 else { throw CacheMismatch() }
      result |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return result }
      shift += 7
    }
  }

  mutating func int() throws -> Int {
    let v = try varint()
    return Int(truncatingIfNeeded: Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))))
  }

  /// A count of things that each take at least a byte (so a damaged count cannot ask for
  /// more room than the bytes hold).
  mutating func count() throws -> Int {
    let n = try varint()
    guard n <= UInt64(bytes.count - position) else { throw CacheMismatch() }
    return Int(n)
  }

  mutating func bool() throws -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw CacheMismatch()
    }
  }

  mutating func string() throws -> String {
    let n = try count()
    defer { position += n }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + n]), as: UTF8.self)
  }

  /// Bytes written with their count.
  mutating func rawBytes() throws -> [UInt8] {
    let n = try count()
    defer { position += n }
    return Array(bytes[position..<position + n])
  }

  /// Passes over `count` bytes (checked to be there by `count()`).
  mutating func skip(_ count: Int) { position += count }

  mutating func read<T: CacheCodable>(_ type: T.Type = T.self) throws -> T {
    try T(from: &self)
  }

  mutating func optional<T: CacheCodable>(_ type: T.Type = T.self) throws -> T? {
    try bool() ? try T(from: &self) : nil
  }

  mutating func array<T: CacheCodable>(_ type: T.Type = T.self) throws -> [T] {
    let n = try count()
    var values: [T] = []
    values.reserveCapacity(n)
    for _ in 0..<n { values.append(try T(from: &self)) }
    return values
  }
}

extension String: CacheCodable {
  func write(to out: inout CacheWriter) { out.string(self) }
  init(from reader: inout CacheReader) throws { self = try reader.string() }
}

extension Int: CacheCodable {
  func write(to out: inout CacheWriter) { out.int(self) }
  init(from reader: inout CacheReader) throws { self = try reader.int() }
}

extension Bool: CacheCodable {
  func write(to out: inout CacheWriter) { out.bool(self) }
  init(from reader: inout CacheReader) throws { self = try reader.bool() }
}

extension Decimal: CacheCodable {
  /// Sign, exponent and significand, so the value (and how it prints) comes back as it was.
  func write(to out: inout CacheWriter) {
    out.bool(sign == .minus)
    out.int(exponent)
    out.string(significand.description)
  }

  init(from reader: inout CacheReader) throws {
    let negative = try reader.bool()
    let exponent = try reader.int()
    let digits = try reader.string()
    let significand: Decimal
    if digits.utf8.count <= 18, let small = UInt64(digits) {
      significand = Decimal(small)
    } else {
      guard let large = Decimal(string: digits, locale: nil) else { throw CacheMismatch() }
      significand = large
    }
    self.init(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
  }
}

extension Date: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.varint(timeIntervalSinceReferenceDate.bitPattern)
  }

  init(from reader: inout CacheReader) throws {
    self.init(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.varint()))
  }
}
