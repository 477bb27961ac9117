import Foundation

extension TemplateFilters {
  /// Text filters: case, trimming, truncation, replacement, slugs and defaults.
  static let text: [String: TemplateFilter] = [
    "upper": TemplateFilter { v, _, env in .string(v.text(env.clock).uppercased()) },
    "lower": TemplateFilter { v, _, env in .string(v.text(env.clock).lowercased()) },
    "title": TemplateFilter { v, _, env in .string(titleCased(v.text(env.clock))) },
    "capitalize": TemplateFilter { v, _, env in
      let s = v.text(env.clock)
      return .string(s.prefix(1).uppercased() + s.dropFirst().lowercased())
    },
    "trim": TemplateFilter { v, _, env in
      .string(v.text(env.clock).trimmingCharacters(in: .whitespacesAndNewlines))
    },
    "string": TemplateFilter { v, _, env in .string(v.text(env.clock)) },
    "truncate": TemplateFilter { v, args, env in
      let length = try args.int(0, "length", default: 80, in: 0...1_000_000)
      let end = try args.string(1, "end", default: "…")
      let s = v.text(env.clock)
      guard s.count > length else { return .string(s) }
      let keep = max(0, length - end.count)
      var cut = String(s.prefix(keep))
      if let space = cut.lastIndex(of: " "),
        cut.distance(from: cut.startIndex, to: space) > keep / 2
      {
        cut = String(cut[..<space])
      }
      return .string(cut + end)
    },
    "replace": TemplateFilter { v, args, env in
      let old = try args.string(0, "old", default: "")
      let new = try args.string(1, "new", default: "")
      guard !old.isEmpty else { return .string(v.text(env.clock)) }
      return .string(v.text(env.clock).replacingOccurrences(of: old, with: new))
    },
    "slug": TemplateFilter { v, _, env in .string(slug(v.text(env.clock))) },
    "default": defaultFilter,
    "d": defaultFilter,
  ]

  /// `value | default(fallback, boolean=false)`: the fallback when the value is undefined or
  /// none (or, with `boolean=true`, anything false or empty).
  private static let defaultFilter = TemplateFilter(
    apply: { v, args, _ in
      let fallback = args.value(0, "value") ?? .string("")
      let onFalse = args.value(1, "boolean")?.isTruthy ?? false
      if case .null = v { return fallback }
      return onFalse && !v.isTruthy ? fallback : v
    }, acceptsUndefined: true)

  /// Upper-cases the first letter of each word and lower-cases the rest.
  static func titleCased(_ s: String) -> String {
    var out = ""
    var startOfWord = true
    for c in s {
      if c.isLetter || c.isNumber || c == "'" {
        out += startOfWord ? c.uppercased() : c.lowercased()
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
