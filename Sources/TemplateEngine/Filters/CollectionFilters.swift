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
      case .string(let s), .safe(let s): return s.first.map { .string(String($0)) } ?? .null
      default: return .null
      }
    }.reading(.pick(comparingKey: false, single: true)),
    "last": TemplateFilter { v, _, _ in
      switch v {
      case .array(let items): return items.last ?? .null
      case .string(let s), .safe(let s): return s.last.map { .string(String($0)) } ?? .null
      default: return .null
      }
    }.reading(.pick(comparingKey: false, single: true)),
    "join": TemplateFilter { v, args, env in
      let separator = try args.string(0, "separator", default: "")
      let key = try args.string(1, "key", default: "")
      let items = try list(v, "join").map { key.isEmpty ? $0 : path($0, key) }
      return .string(items.map { $0.text(env.clock) }.joined(separator: separator))
    },
    "sort": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      let reverse = args.value(1, "reverse")?.isTruthy ?? false
      let items = try list(v, "sort")
      let keyed = items.enumerated().map {
        (offset: $0.offset, key: key.isEmpty ? $0.element : path($0.element, key), item: $0.element)
      }
      let sorted = keyed.sorted { a, b in
        let order = ValueOperations.sortOrder(a.key, b.key)
        if order != 0 { return reverse ? order > 0 : order < 0 }
        return a.offset < b.offset
      }
      return .array(sorted.map(\.item))
    }.reading(.pick(comparingKey: true, single: false)),
    "group_by": groupByFilter,
    "groupby": groupByFilter,
    "sum": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      var total: TemplateValue = .int(0)
      for item in try list(v, "sum") {
        let value = key.isEmpty ? item : path(item, key)
        if case .null = value { continue }
        guard value.numberValue != nil else {
          throw ValueError("'sum' needs numbers, found \(value.typeName)")
        }
        total = try ValueOperations.arithmetic(.add, total, value)
      }
      return total
    },
    "reverse": TemplateFilter { v, _, _ in
      if let s = v.stringValue { return .string(String(s.reversed())) }
      return .array(try list(v, "reverse").reversed())
    }.reading(.pick(comparingKey: false, single: false)),
    "map": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      return .array(try list(v, "map").map { path($0, key) })
    },
    "where": TemplateFilter { v, args, _ in
      let key = try args.string(0, "key", default: "")
      let wanted = args.value(1, "value")
      return .array(
        try list(v, "where").filter { item in
          let value = path(item, key)
          return wanted.map { ValueOperations.equals(value, $0) } ?? value.isTruthy
        })
    }.reading(.pick(comparingKey: true, single: false)),
    "limit": TemplateFilter { v, args, _ in
      let n = try args.int(0, "count", default: 10, in: 0...Int.max)
      return .array(Array(try list(v, "limit").prefix(n)))
    }.reading(.pick(comparingKey: false, single: false)),
    "unique": TemplateFilter { v, _, _ in
      var seen: [TemplateValue] = []
      for item in try list(v, "unique")
      where !seen.contains(where: { ValueOperations.equals($0, item) }) {
        seen.append(item)
      }
      return .array(seen)
    },
    "keys": TemplateFilter { v, _, _ in .array(v.memberNames.map { .string($0) }) },
    "values": TemplateFilter { v, _, _ in .array(v.memberNames.map { v.member($0) ?? .null }) },
  ]

  private static let lengthFilter = TemplateFilter { v, _, _ in
    switch v {
    case .array(let items): return .int(items.count)
    case .string(let s), .safe(let s): return .int(s.count)
    case .dictionary, .object: return .int(v.memberNames.count)
    case .null: return .int(0)
    default: throw ValueError("'length' needs a list, map or string, not \(v.typeName)")
    }
  }.reading(.length)

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
