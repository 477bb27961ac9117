import Foundation

/// How `serve --verbose` writes a request's path in its log: never with a secret in it.
public enum LoggedPath {
  /// A request path for the log, with every secret hidden however the path is written
  /// (percent-encoded, with doubled slashes, cut short): a request for anything under
  /// `feeds/`, or naming anything that looks like a token, is logged as `/feeds/…` with
  /// at most its file name; an action link as its prefix alone.
  public static func masked(_ target: String) -> String {
    // The path is decoded apart from the query: a query that does not decode (`?%zz`)
    // must not leave the path as written (`/%66eeds/%619f…`).
    let (rawPath, rawQuery) = {
      let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), parts.count > 1 ? "?" + parts[1] : "")
    }()
    let decoded =
      (rawPath.removingPercentEncoding ?? rawPath.replacingOccurrences(of: "%", with: ""))
      + (rawQuery.removingPercentEncoding ?? rawQuery)
    if ActionLinks.token(inPath: target) != nil || ActionLinks.token(inPath: decoded) != nil {
      return "/" + ActionLinks.pathPrefix + "…"
    }
    let path =
      decoded.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? decoded
    let segments = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
    let looksSecret = decoded.range(of: #"[0-9A-Fa-f]{16}"#, options: .regularExpression) != nil
    guard looksSecret || segments.contains(where: { $0.lowercased() == "feeds" }) else {
      return target
    }
    let name = segments.last.map(String.init) ?? ""
    let shown =
      name.hasSuffix(".ics")
        && name.range(of: #"[0-9A-Fa-f]{8}"#, options: .regularExpression) == nil
      ? "/" + name : ""
    return "/feeds/…" + shown
  }
}
