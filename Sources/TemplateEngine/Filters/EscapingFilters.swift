import Foundation

extension TemplateFilters {
  /// Filters that escape or mark values: `safe`, `escape`, `json`, `urlencode`, `ics`.
  /// `json` gives text that is still escaped for where it is printed (inside
  /// `<script>` a plain `{{ value }}` already writes JSON).
  static let escaping: [String: TemplateFilter] = [
    "safe": TemplateFilter { v, _, env in
      if case .safe = v { return v }
      return .safe(v.text(env.clock))
    }.taking([]),
    "escape": escapeFilter,
    "e": escapeFilter,
    "json": TemplateFilter { v, args, env in
      let pretty = args.value(0, "pretty")?.isTruthy ?? false
      var text = v.json(env.clock).serialized(pretty: pretty)
      if pretty, text.hasSuffix("\n") { text.removeLast() }
      return .string(text)
    }.taking(["pretty"]),
    "urlencode": TemplateFilter { v, _, env in
      var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\0"..."~"))
      allowed.insert(charactersIn: "-._~")
      let s = v.text(env.clock)
      return .string(s.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }.taking([]),
    "ics": TemplateFilter { v, _, env in
      var out = ""
      Escaping.icsText(v.text(env.clock), into: &out)
      return .safe(out)
    }.taking([]),
  ]

  /// `escape`: HTML-escapes now and marks the result safe (so it is not escaped twice).
  private static let escapeFilter = TemplateFilter { v, _, env in
    if case .safe = v { return v }
    var out = ""
    Escaping.html(v.text(env.clock), into: &out)
    return .safe(out)
  }.taking([])
}
