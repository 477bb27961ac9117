import VibeBasics

/// One file of the built site: its path inside the output folder and its bytes, or, for a
/// file known to be unchanged since the published site, only its content hash there.
public struct OutputFile: Sendable, Hashable {
  /// A relative path with `/` separators (`contacts/mom.html`).
  public var path: String
  /// The file's bytes (empty when `reused` is set).
  public var bytes: [UInt8] {
    didSet { bytesHash = nil }
  }
  /// The hash of `bytes` when it was worked out with them (`hashing(path:bytes:)`, on the
  /// thread that rendered them); cleared when the bytes change.
  public private(set) var bytesHash: ContentHash?
  /// Set when the file is unchanged since the published site and was not rendered: its
  /// content hash in the published manifest. The publisher links the published file, or
  /// throws a `PublishError` with `staleReuse` set when the published site does not have
  /// this path with this hash.
  public var reused: ContentHash?
  /// Set for a file copied from elsewhere (a media file). The bytes are never loaded; the
  /// publisher copies it in chunks.
  public var copied: Copy?

  /// A file to copy and the hash of its content.
  public struct Copy: Sendable, Hashable {
    /// The file to copy.
    public var source: String
    /// The hash of its content.
    public var hash: ContentHash
  }

  /// Creates a file from bytes.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    self.reused = nil
  }

  /// Creates a file from text, stored as UTF-8.
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// A file from bytes, with their content hash worked out now.
  public static func hashing(path: String, bytes: [UInt8]) -> OutputFile {
    var file = OutputFile(path: path, bytes: bytes)
    file.bytesHash = ContentHash(bytes)
    return file
  }

  /// Whether `files` have `paths`, in this order, byte for byte (a plan's reused pages
  /// share their paths' storage, so this is mostly one look per file).
  static func paths(of files: [OutputFile], are paths: [String]) -> Bool {
    files.count == paths.count && zip(files, paths).allSatisfy { $0.path.isSameText(as: $1) }
  }

  /// A file unchanged since the published site, whose content hash there is `hash`
  /// (`Publisher.publishedManifest()`): no bytes, the published file is reused.
  public static func unchanged(path: String, hash: ContentHash) -> OutputFile {
    var file = OutputFile(path: path, bytes: [])
    file.reused = hash
    return file
  }

  /// A copy of the file at `source`, whose content hash is `hash`.
  public static func copy(path: String, from source: String, hash: ContentHash) -> OutputFile {
    var file = OutputFile(path: path, bytes: [])
    file.copied = Copy(source: source, hash: hash)
    return file
  }

  /// The content hash when it is known without hashing the bytes (a reused or copied
  /// file, or one made by `hashing(path:bytes:)`).
  public var knownHash: ContentHash? { reused ?? copied?.hash ?? bytesHash }

  /// Files are equal by path and content; a hash already worked out does not count.
  public static func == (a: OutputFile, b: OutputFile) -> Bool {
    a.path == b.path && a.bytes == b.bytes && a.reused == b.reused && a.copied == b.copied
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(bytes)
    hasher.combine(reused)
    hasher.combine(copied)
  }

  /// Whether `path` stays inside the output folder: relative, no empty, `.` or `..`
  /// segments, no backslashes or NUL.
  public static func isSafePath(_ path: String) -> Bool {
    var segment = 0  // bytes in the current segment
    var dots = 0  // how many of them are dots
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "/"):
        if segment == 0 || segment == dots && dots <= 2 { return false }
        segment = 0
        dots = 0
      case UInt8(ascii: "\\"), 0:
        return false
      case UInt8(ascii: "."):
        segment += 1
        dots += 1
      default:
        segment += 1
      }
    }
    return !(segment == 0 || segment == dots && dots <= 2)
  }
}
