import Foundation

extension TemplateFilters {
  /// List and map filters: `length`, `first`, `last`, `join`, `sort`, `group_by`, `sum`,
  /// `reverse`, `map`, `where`, `limit`, `unique`, `keys`, `values`.
  static let collections: [String: TemplateFilter] = [
    "length": lengthFilter,
    "count": lengthFilter,
    "first": TemplateFilter { v, _, _ in
      switch v {
      case .array(let items): return items.first ?? .null
      // A character of safe markup is plain text again (as in Jinja).
      case .string(let s), .safe(let s): return s.first.map { .string(String($0)) } ?? .null
      // A map is its values in key order, as for the other list filters.
      case .dictionary, .object: return try list(v, "first").first ?? .null
      default: return .null
      }
    }.reading(.pick(comparingKey: false, single: true)).taking([]),
    "last": TemplateFilter { v, _, _ in
      switch v {
      case .array(let items): return items.last ?? .null
      // A character of safe markup is plain text again (as in Jinja).
      case .string(let s), .safe(let s): return s.last.map { .string(String($0)) } ?? .null
      // A map is its values in key order, as for the other list filters.
      case .dictionary, .object: return try list(v, "last").last ?? .null
      default: return .null
      }
    }.reading(.pick(comparingKey: false, single: true)).taking([]),
    "join": TemplateFilter { v, args, env in
      let separator = args.value(0, "separator") ?? .string("")
      guard separator.stringValue != nil else {
        throw ValueError("argument 'separator' must be a string, not \(separator.typeName)")
      }
      let key = try args.string(1, "key", default: "")
      let items = try list(v, "join").map { key.isEmpty ? $0 : path($0, key) }
      // With a safe item or separator the others are escaped and the result is safe.
      let markup = args.makeMarkup([separator] + items)
      let text = { (value: TemplateValue) in args.text(value, markup: markup, env.clock) }
      let glue = text(separator)
      var texts: [String] = []
      var size = max(0, items.count - 1) * glue.utf8.count
      for item in items {
        texts.append(text(item))
        size += texts[texts.count - 1].utf8.count
        guard size <= env.maxValueBytes else { throw ValueOperations.tooLarge(env.maxValueBytes) }
      }
      let joined = texts.joined(separator: glue)
      return markup ? .safe(joined) : .string(joined)
    }.taking(["separator", "key"], aliases: ["d": "separator", "attribute": "key"]),
    "sort": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      let reverse = args.value(1, "reverse")?.isTruthy ?? false
      let caseSensitive = args.value(2, "case_sensitive")?.isTruthy ?? true
      let items = try list(v, "sort")
      let keyed = items.enumerated().map {
        let value = key.isEmpty ? $0.element : path($0.element, key)
        return (offset: $0.offset, key: caseSensitive ? value : folded(value), item: $0.element)
      }
      let sorted = keyed.sorted { a, b in
        let order = ValueOperations.sortOrder(a.key, b.key)
        if order != 0 { return reverse ? order > 0 : order < 0 }
        return a.offset < b.offset
      }
      return .array(sorted.map(\.item))
    }.reading(.pick(comparingKey: true, single: false)).taking(
      ["key", "reverse", "case_sensitive"], aliases: ["attribute": "key"]),
    "group_by": groupByFilter,
    "groupby": groupByFilter,
    "sum": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      var total: TemplateValue = args.value(1, "start") ?? .int(0)
      guard total.numberValue != nil else {
        throw ValueError("argument 'start' must be a number, not \(total.typeName)")
      }
      for item in try list(v, "sum") {
        let value = key.isEmpty ? item : path(item, key)
        if case .null = value { continue }
        guard value.numberValue != nil else {
          throw ValueError("'sum' needs numbers, found \(value.typeName)")
        }
        total = try ValueOperations.arithmetic(.add, total, value)
      }
      return total
    }.taking(["key", "start"], aliases: ["attribute": "key"]),
    "reverse": TemplateFilter { v, _, _ in
      if let s = v.stringValue { return .string(String(s.reversed())) }
      return .array(try list(v, "reverse").reversed())
    }.reading(.pick(comparingKey: false, single: false)).taking([]),
    "map": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      return .array(try list(v, "map").map { path($0, key) })
    }.taking(["key"], aliases: ["attribute": "key"]),
    "where": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      let wanted = args.value(1, "value")
      return .array(
        try list(v, "where").filter { item in
          let value = path(item, key)
          return wanted.map { ValueOperations.equals(value, $0) } ?? value.isTruthy
        })
    }.reading(.pick(comparingKey: true, single: false)).taking(
      ["key", "value"], aliases: ["attribute": "key"]),
    "limit": TemplateFilter { v, args, _ in
      let n = try args.int(0, "count", default: 10, in: 0...Int.max)
      return .array(Array(try list(v, "limit").prefix(n)))
    }.reading(.pick(comparingKey: false, single: false)).taking(["count"]),
    "unique": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      let caseSensitive = args.value(1, "case_sensitive")?.isTruthy ?? true
      var seen: [TemplateValue] = []
      var kept: [TemplateValue] = []
      for item in try list(v, "unique") {
        let value = key.isEmpty ? item : path(item, key)
        let compared = caseSensitive ? value : folded(value)
        guard !seen.contains(where: { ValueOperations.equals($0, compared) }) else { continue }
        seen.append(compared)
        kept.append(item)
      }
      return .array(kept)
    }.taking(["key", "case_sensitive"], aliases: ["attribute": "key"]),
    "keys": TemplateFilter { v, _, _ in .array(v.memberNames.map { .string($0) }) }.taking([]),
    "values": TemplateFilter { v, _, _ in .array(v.memberNames.map { v.member($0) ?? .null }) }
      .taking([]),
  ]

  private static let lengthFilter = TemplateFilter { v, _, _ in
    switch v {
    case .array(let items): return .int(items.count)
    case .string(let s), .safe(let s): return .int(s.count)
    case .dictionary, .object: return .int(v.memberNames.count)
    case .null: return .int(0)
    default: throw ValueError("'length' needs a list, map or string, not \(v.typeName)")
    }
  }.reading(.length).taking([])

  /// `items | group_by("key")`: a list of `{key, items}` maps sorted by key; items keep
  /// their order inside a group.
  private static let groupByFilter = TemplateFilter { v, args, _ in
    let key = try args.string(0, "key", default: "")
    var groups: [(key: TemplateValue, items: [TemplateValue])] = []
    for item in try list(v, "group_by") {
      let k = path(item, key)
      if let i = groups.firstIndex(where: { ValueOperations.equals($0.key, k) }) {
        groups[i].items.append(item)
      } else {
        groups.append((k, [item]))
      }
    }
    let sorted = groups.enumerated().sorted { a, b in
      let order = ValueOperations.sortOrder(a.element.key, b.element.key)
      return order != 0 ? order < 0 : a.offset < b.offset
    }
    return .array(
      sorted.map { .dictionary(["key": $0.element.key, "items": .array($0.element.items)]) })
  }.taking(["key"], aliases: ["attribute": "key"])

  /// A text lower-cased for comparing without case (`case_sensitive=false`); other values
  /// as they are.
  private static func folded(_ value: TemplateValue) -> TemplateValue {
    guard let s = value.stringValue else { return value }
    return .string(s.lowercased())
  }

  /// The items of a list (a map gives its values in key order; null gives nothing).
  static func list(_ v: TemplateValue, _ filter: String) throws(ValueError) -> [TemplateValue] {
    switch v {
    case .array(let items): return items
    case .null: return []
    case .dictionary, .object: return v.memberNames.map { v.member($0) ?? .null }
    default: throw ValueError("'\(filter)' needs a list, not \(v.typeName)")
    }
  }
}
