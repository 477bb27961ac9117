import Foundation
import VibeBasics

extension StableHasher {
  /// Adds all of a template value: its type, then its contents.
  mutating func add(_ value: TemplateValue) {
    add(value.digestTag)
    switch value {
    case .null: break
    case .bool(let b): add(UInt8(b ? 1 : 0))
    case .int(let i): add(i)
    case .decimal(let d):
      // The exact representation: 1.5 and 1.50 may print differently.
      withUnsafeBytes(of: d) { add(bytes: $0) }
    case .string(let s), .safe(let s): add(s)
    case .date(let d):
      add(d.year)
      add(d.month)
      add(d.day)
    case .dateTime(let instant): add(instant.timeIntervalSince1970.bitPattern)
    case .time(let t):
      add(t.hour)
      add(t.minute)
      add(t.second)
    case .array(let items):
      add(items.count)
      for item in items { add(item) }
    case .dictionary(let map):
      addEntries(of: map) { name, item, h in
        h.add(name)
        h.add(item)
      }
    case .object:
      let names = value.memberNames
      add(names.count)
      for name in names {
        add(name)
        add(value.member(name) ?? .null)
      }
    case .macro(let macro):
      add(macro.templateName)
      add(macro.name)
    }
  }

  /// Adds a map's entries without sorting its names: `entry` digests each entry alone and
  /// the digests are summed, which gives the same result in any order.
  mutating func addEntries(
    of map: [String: TemplateValue], _ entry: (String, TemplateValue, inout StableHasher) -> Void
  ) {
    add(map.count)
    var high: UInt64 = 0
    var low: UInt64 = 0
    for (name, item) in map {
      var h = StableHasher()
      entry(name, item, &h)
      let digest = h.digest
      high &+= digest.high
      low &+= digest.low
    }
    add(high)
    add(low)
  }

  /// Adds the shape of a value: a list's length, a map's keys, a scalar's whole value.
  mutating func addShape(_ value: TemplateValue) {
    switch value {
    case .array(let items): add(items.count)
    case .dictionary(let map): addEntries(of: map) { name, _, h in h.add(name) }
    case .object:
      let names = value.memberNames
      add(names.count)
      for name in names { add(name) }
    default: add(value)
    }
  }
}

extension TemplateValue {
  /// A byte naming the value's type in digests (string and safe differ: they print
  /// differently).
  var digestTag: UInt8 {
    switch self {
    case .null: 1
    case .bool: 2
    case .int: 3
    case .decimal: 4
    case .string: 5
    case .safe: 6
    case .date: 7
    case .dateTime: 8
    case .time: 9
    case .array: 10
    case .dictionary: 11
    case .object: 12
    case .macro: 13
    }
  }
}
