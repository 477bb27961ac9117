import Foundation

extension TemplateFilters {
  /// Text filters: case, trimming, truncation, replacement, slugs and defaults. The ones that
  /// change a text in place keep safe markup safe (as Jinja's `Markup` methods do).
  static let text: [String: TemplateFilter] = [
    "upper": keepingMarkup { $0.uppercased() },
    "lower": keepingMarkup { $0.lowercased() },
    "capitalize": keepingMarkup(capitalized),
    "string": keepingMarkup { $0 },
    "trim": TemplateFilter { v, args, env in
      let chars = try args.value(0, "chars").map { value throws(ValueError) in
        guard let s = value.stringValue else {
          throw ValueError("argument 'chars' must be a string, not \(value.typeName)")
        }
        return CharacterSet(charactersIn: s)
      }
      let trim = { (s: String) in s.trimmingCharacters(in: chars ?? .whitespacesAndNewlines) }
      if case .safe(let s) = v { return .safe(trim(s)) }
      return .string(trim(v.text(env.clock)))
    }.taking(["chars"]),
    "title": TemplateFilter { v, _, env in .string(titleCased(v.text(env.clock))) }.taking([]),
    "truncate": TemplateFilter { v, args, env in
      let length = try args.int(0, "length", default: 80, in: 0...1_000_000)
      let end = try args.string(1, "end", default: "…")
      let killWords = args.value(2, "killwords")?.isTruthy ?? false
      let s = v.text(env.clock)
      guard s.count > length else { return .string(s) }
      let keep = max(0, length - end.count)
      var cut = String(s.prefix(keep))
      if !killWords, let space = cut.lastIndex(of: " "),
        cut.distance(from: cut.startIndex, to: space) > keep / 2
      {
        cut = String(cut[..<space])
      }
      return .string(cut + end)
    }.taking(["length", "end", "killwords"]),
    "replace": TemplateFilter { v, args, env in
      guard let old = args.value(0, "old"), let new = args.value(1, "new") else {
        throw ValueError("'replace' needs the text to replace and its replacement")
      }
      let count = try args.int(2, "count", default: -1, in: -1...Int.max)
      let markup = args.makeMarkup([v, old, new])
      let text = { (value: TemplateValue) in args.text(value, markup: markup, env.clock) }
      let result = try replaced(
        text(v), text(old), text(new), count: count, limit: env.maxValueBytes)
      return markup ? .safe(result) : .string(result)
    }.taking(["old", "new", "count"]),
    "slug": TemplateFilter { v, _, env in .string(slug(v.text(env.clock))) }.taking([]),
    "default": defaultFilter,
    "d": defaultFilter,
  ]

  /// A filter that changes a text and keeps a safe value safe.
  private static func keepingMarkup(_ change: @escaping @Sendable (String) -> String)
    -> TemplateFilter
  {
    TemplateFilter { v, _, env in
      if case .safe(let s) = v { return .safe(change(s)) }
      return .string(change(v.text(env.clock)))
    }.taking([])
  }

  /// `value | default(fallback, boolean=false)`: the fallback when the value is undefined or
  /// none (or, with `boolean=true`, anything false or empty).
  private static let defaultFilter = TemplateFilter(
    apply: { v, args, _ in
      let fallback = args.value(0, "value") ?? .string("")
      let onFalse = args.value(1, "boolean")?.isTruthy ?? false
      if case .null = v { return fallback }
      return onFalse && !v.isTruthy ? fallback : v
    }, acceptsUndefined: true
  ).taking(["value", "boolean"], aliases: ["default_value": "value"])

  /// `s` with the first `count` occurrences of `old` (all when -1) replaced by `new`; an
  /// empty `old` puts `new` around every character, as in Jinja. A result beyond `limit`
  /// bytes is refused before it is made.
  static func replaced(_ s: String, _ old: String, _ new: String, count: Int, limit: Int)
    throws(ValueError) -> String
  {
    if old.isEmpty {
      let characters = s.count
      let found = count < 0 ? characters + 1 : min(count, characters + 1)
      guard s.utf8.count + found * new.utf8.count <= limit else {
        throw ValueOperations.tooLarge(limit)
      }
      var out = ""
      var rest = s[...]
      for _ in 0..<found {
        out += new
        guard let c = rest.first else { break }
        out.append(c)
        rest = rest.dropFirst()
      }
      return out + rest
    }
    // UTF-8 is self-synchronising, so matching bytes matches whole characters' scalars,
    // as Python's `str.replace` does. Pass one counts, so the size is known first.
    let hay = Array(s.utf8)
    let needle = Array(old.utf8)
    let found = matches(of: needle, in: hay, upTo: count) { _ in }
    let size = hay.count + found * (new.utf8.count - needle.count)
    guard size <= limit else { throw ValueOperations.tooLarge(limit) }
    var out: [UInt8] = []
    out.reserveCapacity(size)
    var copied = 0
    _ = matches(of: needle, in: hay, upTo: count) { start in
      out += hay[copied..<start]
      out += new.utf8
      copied = start + needle.count
    }
    out += hay[copied...]
    return String(decoding: out, as: UTF8.self)
  }

  /// Calls `body` with the start of each non-overlapping match of `needle` in `hay`, the
  /// first `limit` of them (all when negative), and returns how many there were.
  private static func matches(
    of needle: [UInt8], in hay: [UInt8], upTo limit: Int, _ body: (Int) -> Void
  ) -> Int {
    guard let first = needle.first, needle.count <= hay.count else { return 0 }
    var found = 0
    var i = 0
    let last = hay.count - needle.count
    while i <= last, limit < 0 || found < limit {
      if hay[i] == first, hay[i..<(i + needle.count)].elementsEqual(needle) {
        body(i)
        found += 1
        i += needle.count
      } else {
        i += 1
      }
    }
    return found
  }

  /// The first letter title-cased (`ß` gives `Ss`, `ǆ` gives `ǅ`) and the rest lower-cased,
  /// as Python's `capitalize`.
  static func capitalized(_ s: String) -> String {
    guard let first = s.first else { return s }
    return titleCased(first) + s.dropFirst().lowercased()
  }

  /// A character with its first scalar title-cased and the rest lower-cased.
  private static func titleCased(_ c: Character) -> String {
    let scalars = c.unicodeScalars
    guard let first = scalars.first else { return String(c) }
    var rest = String.UnicodeScalarView()
    rest.append(contentsOf: scalars.dropFirst())
    return first.properties.titlecaseMapping + String(rest).lowercased()
  }

  /// Title-cases the first letter of each word and lower-cases the rest (a word is a run
  /// of letters, digits and apostrophes).
  static func titleCased(_ s: String) -> String {
    var out = ""
    var startOfWord = true
    for c in s {
      if c.isLetter || c.isNumber || c == "'" {
        out += startOfWord ? titleCased(c) : c.lowercased()
        startOfWord = false
      } else {
        out.append(c)
        startOfWord = true
      }
    }
    return out
  }

  /// A lower-case ASCII slug: letters and digits kept (accents removed), runs of anything
  /// else become one `-`, no leading or trailing `-`.
  static func slug(_ s: String) -> String {
    let folded = s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    var out = ""
    var dash = false
    for scalar in folded.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if dash, !out.isEmpty { out += "-" }
        dash = false
        out.unicodeScalars.append(scalar)
      } else {
        dash = true
      }
    }
    return out.lowercased()
  }
}
