/// The `Content-Type` of each kind of file the site publishes, by extension; text types
/// say their charset (the site writes UTF-8 only).
public enum ContentTypes {
  static let types: [String: String] = [
    "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
    "ics": "text/calendar; charset=utf-8", "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
    "json": "application/json", "xml": "application/xml; charset=utf-8",
    "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
    "csv": "text/csv; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
    "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    "avif": "image/avif", "ico": "image/vnd.microsoft.icon", "pdf": "application/pdf",
    "woff": "font/woff", "woff2": "font/woff2", "webmanifest": "application/manifest+json",
    "vcf": "text/vcard; charset=utf-8", "map": "application/json",
  ]

  /// The type of the file `name`; `application/octet-stream` when unknown.
  public static func of(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else {
      return "application/octet-stream"
    }
    return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
  }

  /// Whether gzip makes files of `type` smaller (text, JSON, SVG; not images or fonts
  /// that are compressed already).
  public static func isCompressible(_ type: String) -> Bool {
    type.hasPrefix("text/") || type.hasPrefix("application/json")
      || type.hasPrefix("application/xml") || type.hasPrefix("image/svg+xml")
      || type.hasPrefix("application/manifest+json")
  }
}
