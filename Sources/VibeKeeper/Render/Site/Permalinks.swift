/// Stable page paths for records (`contacts/family/mom.html`) and the relative links
/// between pages, so the site works under any base path and from `file://`.
public struct Permalinks: Sendable {
  /// Each record's page path and its URL-encoded link, by kind and id (looked up for every
  /// link on every page: neither a key nor a link is made again per lookup).
  private var addresses: [RecordKind: [String: Address]] = [:]
  /// The ids of each page kind the paths were assigned to, in `pageKinds` order.
  private var ids: [[String]] = []
  private var taken: Set<String> = []
  /// Which assignment of paths this is (the same object while the paths are kept).
  public let identity = Identity()
  /// For a colliding base path, the next suffix to try: the ones before it are taken (and
  /// stay taken), so 10,000 ids with one base cost 10,000 steps, not 50 million.
  private var nextSuffix: [String: Int] = [:]

  /// One assignment of paths: kept with them by `init(_:reusing:)`, so two `Permalinks`
  /// with one identity give every id the same path and link.
  public final class Identity: Sendable {}

  /// The kinds that get a page of their own.
  public static let pageKinds: [RecordKind] = [
    .contacts, .occasions, .gifts, .reminders, .budgets, .items, .shopping, .games,
  ]

  /// Assigns a path to every record of the page kinds (in id order, so collisions resolve
  /// the same way every time). Ids that are file names as they are (`a-b`) go first, so
  /// the address `a-b.html` is `a-b`'s and not that of `a b` or `a&b`, which reduce to it
  /// (those take `-2`, `-3`, ... in id order).
  public init(_ household: Household) {
    self.init(ids: Permalinks.ids(household))
  }

  /// The paths of `household`'s records: `last`'s, when it was made for the same ids (byte
  /// for byte, in the same order), else assigned anew (`watch`, `serve`: a household
  /// whose records were only edited keeps its addresses without working them out again).
  public init(_ household: Household, reusing last: Permalinks?) {
    let ids = Permalinks.ids(household)
    if let last, last.ids.count == ids.count,
      zip(last.ids, ids).allSatisfy({ $0.isSameText(as: $1) })
    {
      self = last
    } else {
      self.init(ids: ids)
    }
  }

  /// The ids of the page kinds' records, in `pageKinds` order.
  private static func ids(_ household: Household) -> [[String]] {
    pageKinds.map { kind in
      switch kind {
      case .contacts: household.contacts.map(\.id)
      case .occasions: household.occasions.map(\.id)
      case .gifts: household.gifts.map(\.id)
      case .reminders: household.reminders.map(\.id)
      case .budgets: household.budgets.map(\.id)
      case .items: household.items.map(\.id)
      case .shopping: household.shopping.map(\.id)
      case .games: household.games.map(\.id)
      default: []
      }
    }
  }

  /// Assigns the paths of `ids` (by kind, in `pageKinds` order).
  private init(ids: [[String]]) {
    self.ids = ids
    taken = ["index.html", "search.html", "search-index.json"]
    for kind in Permalinks.pageKinds { taken.insert("\(kind.folder)/index.html") }
    func add(_ kind: RecordKind, _ ids: [String]) {
      let named = ids.map { id in
        (
          id,
          id.split(separator: "/").map { Permalinks.fileSafe(String($0)) }.joined(separator: "/")
        )
      }
      for (id, safe) in named where safe == id { assign(kind, id, safe) }
      for (id, safe) in named where safe != id { assign(kind, id, safe) }
    }
    for (kind, list) in zip(Permalinks.pageKinds, ids) { add(kind, list) }
  }

  /// Gives record `id` of `kind` the page `safe.html` (its id made file-safe), or the
  /// first free `safe-N.html`.
  private mutating func assign(_ kind: RecordKind, _ id: String, _ safe: String) {
    let base = kind.folder + "/" + safe
    var path = base + ".html"
    var n = nextSuffix[base] ?? 2
    while taken.contains(path) || taken.contains(Permalinks.withoutHTML(path)) {
      path = "\(base)-\(n).html"
      n += 1
    }
    if n > 2 { nextSuffix[base] = n }
    taken.insert(path)
    // A page path may not also be a folder of another page (a/b.html vs a.html is fine).
    addresses[kind, default: [:]][id] = Address(path: path, url: Permalinks.encode(path))
  }

  /// A record's page path and its link.
  private struct Address: Sendable {
    let path: String
    let url: String
  }

  /// The path with every `.html` removed (usually just the one at the end).
  static func withoutHTML(_ path: String) -> String {
    let stem = path.utf8.dropLast(5)
    guard path.hasSuffix(".html"), !stem.contains(UInt8(ascii: ".")) else {
      return path.replacingOccurrences(of: ".html", with: "")
    }
    return String(decoding: stem, as: UTF8.self)
  }

  /// The page path of a record, relative to the site root; nil for kinds without pages or
  /// unknown ids.
  public func path(_ kind: RecordKind, _ id: String?) -> String? {
    guard let id else { return nil }
    return addresses[kind]?[id]?.path
  }

  /// A URL-encoded link to a record's page, relative to the site root.
  public func url(_ kind: RecordKind, _ id: String?) -> String? {
    guard let id else { return nil }
    return addresses[kind]?[id]?.url
  }

  /// `../` once per folder level of `path`: the way back to the site root.
  public static func root(of path: String) -> String {
    String(repeating: "../", count: path.utf8.count { $0 == UInt8(ascii: "/") })
  }

  /// A path segment safe on every file system and in URLs: lower-case, letters and digits
  /// (any script), `-`, `_`, `.`; everything else becomes `-`; never hidden, never empty.
  static func fileSafe(_ segment: String) -> String {
    segment.utf8.allSatisfy({ $0 < 0x80 })
      ? fileSafeASCII(segment) : fileSafeByCharacter(segment)
  }

  /// `fileSafe`, character by character (any script).
  static func fileSafeByCharacter(_ segment: String) -> String {
    var out = ""
    for ch in segment.lowercased() {
      if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" || ch == "." {
        out.append(ch)
      } else if !out.hasSuffix("-") {
        out.append("-")
      }
    }
    while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "record" : out
  }

  /// `fileSafe` for ASCII text (most ids): the same rule, byte by byte.
  private static func fileSafeASCII(_ segment: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(segment.utf8.count)
    for b in segment.utf8 {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        out.append(b)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        out.append(b + 32)
      default:
        if out.last != UInt8(ascii: "-") { out.append(UInt8(ascii: "-")) }
      }
    }
    let start = out.firstIndex { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "-") }
    guard let start else { return "record" }
    let end = out.lastIndex { $0 != UInt8(ascii: "-") } ?? start
    return String(decoding: out[start...end], as: UTF8.self)
  }

  /// Percent-encodes a path for an `href` (keeps unreserved characters and `/`).
  public static func encode(_ path: String) -> String {
    func kept(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
        return true
      default:
        return false
      }
    }
    if path.utf8.allSatisfy(kept) { return path }
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(path.utf8.count * 3)
    for byte in path.utf8 {
      if kept(byte) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
