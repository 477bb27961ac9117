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
    /// What its render read: a position in `reads`.
    public var readsIndex: Int
  }

  /// The fingerprint of the build environment (see `PageFingerprint.environment`); entries
  /// are only valid under the same one.
  public var environment: Fingerprint
  /// Entries by output path.
  public private(set) var entries: [String: Entry] = [:]
  /// The distinct reads of the pages (most pages of a template read the same paths).
  public private(set) var reads: [RenderReads] = []
  private var readsNumbers: [RenderReads: Int] = [:]
  /// Numbers of the last build's reads in this record, for `set(_:…:numberInLast:)`.
  private var fromLast: [Int: Int] = [:]
  /// The paths of `entries` in the order they were first set (a site's pages come sorted,
  /// so `bytes` need not sort them).
  private var order: [String] = []

  /// An empty record for `environment`.
  public init(environment: Fingerprint) {
    self.environment = environment
  }

  /// Makes room for `count` pages.
  mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
    order.reserveCapacity(count)
  }

  /// Sets the entry of `path`.
  private mutating func put(_ path: String, _ entry: Entry) {
    if entries.updateValue(entry, forKey: path) == nil { order.append(path) }
  }

  /// Records how the page at `path` was rendered.
  public mutating func set(
    _ path: String, fingerprint: Fingerprint, output: ContentHash, reads: RenderReads
  ) {
    let n: Int
    if let known = readsNumbers[reads] {
      n = known
    } else {
      n = self.reads.count
      self.reads.append(reads)
      readsNumbers[reads] = n
    }
    put(path, Entry(fingerprint: fingerprint, output: output, readsIndex: n))
  }

  /// Records a page whose reads are number `n` of the last build's record: reads already
  /// taken over from there are numbered without hashing them again.
  mutating func set(
    _ path: String, fingerprint: Fingerprint, output: ContentHash, reads: RenderReads,
    numberInLast n: Int?
  ) {
    if let n, let known = fromLast[n] {
      put(path, Entry(fingerprint: fingerprint, output: output, readsIndex: known))
      return
    }
    set(path, fingerprint: fingerprint, output: output, reads: reads)
    if let n { fromLast[n] = entries[path]?.readsIndex }
  }

  /// Records are equal when every page has the same fingerprint, output and reads.
  public static func == (a: PageRecord, b: PageRecord) -> Bool {
    guard a.environment == b.environment, a.entries.count == b.entries.count else { return false }
    for (path, x) in a.entries {
      guard let y = b.entries[path], x.fingerprint == y.fingerprint, x.output == y.output,
        a.reads[x.readsIndex] == b.reads[y.readsIndex]
      else { return false }
    }
    return true
  }

  /// The encoded file: the header, the environment, each distinct `RenderReads` once, then
  /// one line per page (fingerprint, output hash, reads number, path), sorted by path.
  public var bytes: [UInt8] {
    var out = Array(PageRecord.header.utf8)
    out += Array("env \(environment)\n".utf8)
    // The reads in order of first use by path, so equal records give equal bytes.
    var numbers = [Int?](repeating: nil, count: reads.count)
    var firstUse: [Int] = []
    // In path order: the order the paths were set in when it is that already (a site's
    // pages are planned sorted), else sorted.
    let paths = zip(order, order.dropFirst()).allSatisfy { $0 < $1 } ? order : order.sorted()
    var sorted: [(key: String, value: Entry)] = []
    sorted.reserveCapacity(paths.count)
    for path in paths {
      if let entry = entries[path] { sorted.append((path, entry)) }
    }
    for (_, e) in sorted
    where numbers.indices.contains(e.readsIndex) && numbers[e.readsIndex] == nil {
      numbers[e.readsIndex] = firstUse.count
      firstUse.append(e.readsIndex)
    }
    out += Array("reads \(firstUse.count)\n".utf8)
    for n in firstUse {
      reads[n].encode(into: &out)
      out.append(UInt8(ascii: "\n"))
    }
    out += Array("pages \(sorted.count)\n".utf8)
    out.reserveCapacity(out.count + sorted.count * 120)
    for (path, e) in sorted {
      guard numbers.indices.contains(e.readsIndex), let n = numbers[e.readsIndex] else { continue }
      e.fingerprint.append(to: &out)
      out.append(UInt8(ascii: " "))
      e.output.append(to: &out)
      out.append(UInt8(ascii: " "))
      out.append(contentsOf: String(n).utf8)
      out.append(UInt8(ascii: " "))
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
    record.reads = distinct
    for (n, reads) in distinct.enumerated() { record.readsNumbers[reads] = n }
    for _ in 0..<pageCount {
      guard let fp = r.bytes(until: UInt8(ascii: " ")).flatMap(Fingerprint.init(hexBytes:)),
        let hash = r.bytes(until: UInt8(ascii: " ")).flatMap(ContentHash.init(text:)),
        let n = r.integer(until: UInt8(ascii: " ")), distinct.indices.contains(n),
        let path = r.lengthPrefixed(), r.take(UInt8(ascii: "\n"))
      else { return nil }
      record.put(path, Entry(fingerprint: fp, output: hash, readsIndex: n))
    }
    guard r.atEnd else { return nil }
    self = record
  }
}
