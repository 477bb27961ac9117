/// How each page of a published site was rendered: for every output path, the fingerprint
/// of everything its render read and the hash of the bytes it gave. Kept in the output as
/// `.vibekeeper-pages` and published with the site, so it always describes the site that is
/// live; the next build skips a page whose fingerprint is unchanged (see `PageFingerprint`).
public struct PageRecord: Sendable, Equatable {
  /// The file's name in the output folder.
  public static let fileName = ".vibekeeper-pages"
  static let header = "vibekeeper pages 1\n"

  /// One page's entry.
  public struct Entry: Sendable, Equatable {
    /// The fingerprint of the page's inputs when it was rendered.
    public var fingerprint: Fingerprint
    /// The hash of the bytes it gave.
    public var output: ContentHash
    /// What its render read.
    public var reads: RenderReads
  }

  /// The fingerprint of the build environment (see `PageFingerprint.environment`); entries
  /// are only valid under the same one.
  public var environment: Fingerprint
  /// Entries by output path.
  public var entries: [String: Entry] = [:]

  /// An empty record for `environment`.
  public init(environment: Fingerprint) {
    self.environment = environment
  }

  /// The encoded file: the header, the environment, each distinct `RenderReads` once, then
  /// one line per page (fingerprint, output hash, reads number, path), sorted by path.
  public var bytes: [UInt8] {
    var out = Array(PageRecord.header.utf8)
    out += Array("env \(environment)\n".utf8)
    var numbers: [RenderReads: Int] = [:]
    var distinct: [RenderReads] = []
    let paths = entries.keys.sorted()
    for path in paths {
      guard let reads = entries[path]?.reads, numbers[reads] == nil else { continue }
      numbers[reads] = distinct.count
      distinct.append(reads)
    }
    out += Array("reads \(distinct.count)\n".utf8)
    for reads in distinct {
      reads.encode(into: &out)
      out.append(UInt8(ascii: "\n"))
    }
    out += Array("pages \(paths.count)\n".utf8)
    for path in paths {
      guard let e = entries[path], let n = numbers[e.reads] else { continue }
      out += Array("\(e.fingerprint) \(e.output) \(n) ".utf8)
      ByteCoding.appendLengthPrefixed(path, to: &out)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }

  /// Decodes `bytes`; nil when they are not a page record this version wrote (then every
  /// page is rendered).
  public init?(bytes: [UInt8]) {
    let header = Array(PageRecord.header.utf8)
    guard bytes.starts(with: header) else { return nil }
    var r = ByteReader(Array(bytes[header.count...]))
    guard r.field(until: UInt8(ascii: " ")) == "env",
      let env = r.field(until: UInt8(ascii: "\n")).flatMap({ Fingerprint(hex: $0) }),
      r.field(until: UInt8(ascii: " ")) == "reads",
      let readsCount = r.integer(until: UInt8(ascii: "\n")), readsCount >= 0
    else { return nil }
    var distinct: [RenderReads] = []
    for _ in 0..<readsCount {
      guard let reads = RenderReads.decode(&r), r.take(UInt8(ascii: "\n")) else { return nil }
      distinct.append(reads)
    }
    guard r.field(until: UInt8(ascii: " ")) == "pages",
      let pageCount = r.integer(until: UInt8(ascii: "\n")), pageCount >= 0
    else { return nil }
    var record = PageRecord(environment: env)
    for _ in 0..<pageCount {
      guard let fp = r.field(until: UInt8(ascii: " ")).flatMap({ Fingerprint(hex: $0) }),
        let hash = r.field(until: UInt8(ascii: " ")).flatMap({ ContentHash(text: $0) }),
        let n = r.integer(until: UInt8(ascii: " ")), distinct.indices.contains(n),
        let path = r.lengthPrefixed(), r.take(UInt8(ascii: "\n"))
      else { return nil }
      record.entries[path] = Entry(fingerprint: fp, output: hash, reads: distinct[n])
    }
    guard r.atEnd else { return nil }
    self = record
  }
}
