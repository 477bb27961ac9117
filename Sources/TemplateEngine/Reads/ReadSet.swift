import VibeBasics

/// The paths a render read of its context (see `ReadNode`), frozen: children in sorted
/// order, so equal reads give equal sets and the same digest.
public struct ReadSet: Sendable, Hashable {
  /// `ReadNode.shape` and `ReadNode.full`, or-ed.
  public internal(set) var flags: UInt8
  /// Members read, sorted by name.
  public internal(set) var members: [Member] = []
  /// List elements read by position, sorted.
  var indices: [Element] = []
  /// The node for every element, when a loop visited them (zero or one).
  var each: [ReadSet] = []

  /// A member read by name.
  public struct Member: Sendable, Hashable {
    /// The member's name.
    public let name: String
    /// What was read of it.
    public let reads: ReadSet
  }

  /// A list element read by position.
  struct Element: Sendable, Hashable {
    let position: Int
    let reads: ReadSet
  }

  /// Reads of the whole value.
  public static let all = ReadSet(flags: ReadNode.full)

  /// Reads of the named members of a value (and nothing else of it).
  public init(members: [String: ReadSet]) {
    self.init(flags: 0, members: members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// Reads with these flags, members (sorted by name), elements (sorted by position) and
  /// reads of every element.
  init(
    flags: UInt8, members: [(String, ReadSet)] = [], indices: [(Int, ReadSet)] = [],
    each: [ReadSet] = []
  ) {
    self.flags = flags
    self.members = members.map { Member(name: $0.0, reads: $0.1) }
    self.indices = indices.map { Element(position: $0.0, reads: $0.1) }
    self.each = each
  }

  /// Adds what these reads see of `value` before its elements read one by one (`each`):
  /// its type, its shape when read, its members and the elements read by position.
  func digestAllButElements(_ value: TemplateValue, into hasher: inout StableHasher) {
    hasher.add(value.digestTag)
    if flags & ReadNode.shape != 0 { hasher.addShape(value) }
    for m in members {
      hasher.add(m.name)
      m.reads.digest(value.member(m.name), into: &hasher)
    }
    if !indices.isEmpty {
      let items: [TemplateValue]
      if case .array(let list) = value { items = list } else { items = [] }
      for e in indices {
        hasher.add(e.position)
        e.reads.digest(items.indices.contains(e.position) ? items[e.position] : nil, into: &hasher)
      }
    }
  }

  /// Adds the digest of what these reads see of `value` (nil: the value does not exist).
  public func digest(_ value: TemplateValue?, into hasher: inout StableHasher) {
    guard let value else {
      hasher.add(UInt8(0xFF))
      return
    }
    if flags & ReadNode.full != 0 {
      hasher.add(value)
      return
    }
    digestAllButElements(value, into: &hasher)
    if let every = each.first {
      switch value {
      case .array(let list):
        hasher.add(list.count)
        for item in list { every.digest(item, into: &hasher) }
      case .dictionary(let map):
        hasher.addEntries(of: map) { name, item, h in
          h.add(name)
          every.digest(item, into: &h)
        }
      case .object:
        let names = value.memberNames
        hasher.add(names.count)
        for name in names {
          hasher.add(name)
          every.digest(value.member(name), into: &hasher)
        }
      default:
        hasher.add(0)
      }
    }
  }
}
