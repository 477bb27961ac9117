/// The path part of a request target, decoded and checked before it goes near the file
/// system: percent-decoded once, split into segments, and refused when it could leave the
/// output folder or name something that is not published (`..`, `.`, a backslash, NUL or
/// another control character, an invalid escape or UTF-8, a hidden name such as the
/// publisher's manifest).
public enum ServedPath {
  /// Why a path is refused.
  public enum Refusal: Error, Equatable, Sendable {
    /// Not a path this server could ever serve (malformed or climbing out).
    case badRequest
    /// A hidden name: not published.
    case hidden
  }

  /// The decoded segments of `target`'s path (its query and fragment dropped), and
  /// whether it ended with `/`.
  public static func segments(of target: String) throws(Refusal) -> (
    segments: [String], trailingSlash: Bool
  ) {
    let raw = Array(target.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
    guard raw.first == UInt8(ascii: "/") else { throw .badRequest }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var i = 0
    while i < raw.count {
      var b = raw[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < raw.count, let high = raw[i + 1].hexDigitValue,
          let low = raw[i + 2].hexDigitValue
        else {
          throw .badRequest
        }
        b = high << 4 | low
        i += 2
      }
      // Control characters (NUL among them) and backslashes never name a published file.
      guard b >= 0x20, b != 0x7F, b != UInt8(ascii: "\\") else { throw .badRequest }
      bytes.append(b)
      i += 1
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .badRequest }
    var segments: [String] = []
    for part in text.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." || part == ".." { throw .badRequest }
      if part.hasPrefix(".") { throw .hidden }
      segments.append(String(part))
    }
    return (segments, text.hasSuffix("/"))
  }
}
