/// One file of the built site: its path inside the output folder and its bytes.
public struct OutputFile: Sendable, Hashable {
  /// A relative path with `/` separators (`contacts/mom.html`).
  public var path: String
  /// The file's bytes (empty for a file `reused` from the published site).
  public var bytes: [UInt8]
  /// When set, the file is unchanged since the published site, whose copy has this hash;
  /// the publisher takes it from there.
  public var reused: ContentHash?

  /// A file that is unchanged since the published site (which holds it with `hash`).
  public static func unchanged(path: String, hash: ContentHash) -> OutputFile {
    var file = OutputFile(path: path, bytes: [])
    file.reused = hash
    return file
  }

  /// Creates a file from bytes.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// Creates a file from text, stored as UTF-8.
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Whether `path` stays inside the output folder: relative, no empty, `.` or `..`
  /// segments, no backslashes or NUL.
  public static func isSafePath(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else {
      return false
    }
    return !path.split(separator: "/", omittingEmptySubsequences: false).contains {
      $0.isEmpty || $0 == "." || $0 == ".."
    }
  }
}
