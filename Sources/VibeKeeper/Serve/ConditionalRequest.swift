import Foundation

/// Conditional GET (RFC 9110 §13): whether a client's cached copy is still the current one,
/// so the answer can be `304 Not Modified` without a body.
public enum ConditionalRequest {
  /// Whether the request's validators match: `If-None-Match` (a list of entity tags or
  /// `*`, compared weakly) decides when present; else `If-Modified-Since` against the
  /// file's modification time in whole seconds (nil: the file has no date to compare, it
  /// changed within the current second).
  public static func notModified(
    ifNoneMatch: String?, ifModifiedSince: String?, etag: String, lastModified: Int?
  ) -> Bool {
    if let ifNoneMatch {
      let tag = opaque(etag)
      return ifNoneMatch.split(separator: ",").contains { candidate in
        let c = candidate.trimmingCharacters(in: .whitespaces)
        return c == "*" || opaque(c) == tag
      }
    }
    if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince), let lastModified {
      return lastModified <= since
    }
    return false
  }

  /// The tag without its weak mark and without the `-gz` of a compressed answer: the same
  /// file compressed or not is the same version.
  static func opaque(_ tag: some StringProtocol) -> String {
    var t = String(tag)
    if t.hasPrefix("W/") { t.removeFirst(2) }
    if t.hasSuffix("-gz\"") { t = String(t.dropLast(4)) + "\"" }
    return t
  }
}
