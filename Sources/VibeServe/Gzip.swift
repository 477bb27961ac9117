import CZlib
import Foundation

/// gzip (RFC 1952) through the system's zlib, for answers to clients that accept it.
enum Gzip {
  /// `bytes` compressed; nil when zlib fails (the answer then goes uncompressed).
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    // 15 window bits + 16: a gzip header and trailer instead of zlib's.
    guard
      deflateInit2_(
        &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
        ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
    let status = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// Whether an `Accept-Encoding` header accepts gzip (with a quality above zero): gzip's
  /// own entry decides, else `*`'s (`*;q=1, gzip;q=0` refuses it).
  static func isAccepted(_ header: String?) -> Bool {
    guard let header else { return false }
    var named: Double?
    var any: Double?
    for part in header.lowercased().split(separator: ",") {
      let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let coding = fields.first else { continue }
      let q = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
      if coding == "gzip" || coding == "x-gzip" {
        named = max(named ?? 0, q ?? 1)
      } else if coding == "*" {
        any = q ?? 1
      }
    }
    return (named ?? any ?? 0) > 0
  }
}
