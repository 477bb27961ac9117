import Foundation

/// The address a site is served at (`base_url`, `feeds --base`): http or https with a host,
/// without a query or fragment (a feed's path after a `#` would be no path at all), its path
/// percent-encoded and ending in `/`, so every address made from it is one a phone can open.
public enum BaseAddress {
  /// `text` as a base address, or why it cannot be one.
  public static func parse(_ text: String) -> Result<String, Problem> {
    let lower = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else {
      return .failure(Problem("must be an absolute http or https address"))
    }
    guard !text.contains("?"), !text.contains("#") else {
      return .failure(Problem("must not have a query (?) or a fragment (#)"))
    }
    let rest = text.dropFirst(scheme.count)
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let host = rest[..<slash]
    guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
      return .failure(Problem("must name a host (https://home.example.org/)"))
    }
    var allowed = CharacterSet.urlPathAllowed
    allowed.insert("%")
    let path = String(rest[slash...]).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    let address = String(text.prefix(scheme.count)) + host + path
    return .success(address.hasSuffix("/") ? address : address + "/")
  }

  /// Why a text is no base address.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// What is wrong (`must not have a query (?) or a fragment (#)`).
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
