import Foundation

/// One value's bytes inside a decode cache file read whole (shared, never copied).
struct StoredBytes: Sendable {
  /// The whole file's bytes.
  final class Buffer: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  let buffer: Buffer
  let range: Range<Int>

  /// The bytes themselves.
  var slice: ArraySlice<UInt8> { buffer.bytes[range] }

  /// The value the bytes hold; throws `CacheMismatch` when they are not one, or when bytes
  /// are left over.
  func decode<T: CacheCodable>(_ type: T.Type) throws -> T {
    try buffer.bytes.withUnsafeBytes { raw in
      var reader = CacheReader(
        UnsafeRawBufferPointer(rebasing: raw[..<range.upperBound]), at: range.lowerBound)
      let value = try T(from: &reader)
      guard reader.atEnd else { throw CacheMismatch() }
      return value
    }
  }
}
