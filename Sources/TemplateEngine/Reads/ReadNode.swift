/// What one render read of its context, recorded while it runs: a tree of the paths it
/// looked up (`gift.title`, every element of `gifts` through a loop, `nav[2]`), each marked
/// with how much of the value there the output depends on. A render is a pure function of
/// the values on these paths, so two contexts that agree on them give the same output.
///
/// A node that exists means "the render saw whether this value exists and its type"; the
/// flags widen that to its shape (a list's length, a map's keys) or to all of it.
final class ReadNode {
  /// The render depends on the value's length or keys (and, for a scalar, its value).
  static let shape: UInt8 = 1
  /// The render depends on the whole value.
  static let full: UInt8 = 2

  /// `shape` and `full`, or-ed.
  var flags: UInt8 = 0
  /// Members looked up by name (a few per node: searched in order, no hashing).
  var members: [(name: String, node: ReadNode)] = []
  /// Elements of a list looked up by position.
  var indices: [(position: Int, node: ReadNode)] = []
  /// Every element of a list (or value of a map) that a loop visited.
  var each: ReadNode?
  /// For a list made of elements of a list in the context (a `where` or `sort` result):
  /// the node of those elements. Its own length is decided by what the filter read, so
  /// only reads of its elements count, and they count on the source's elements.
  private(set) var elementsOf: ReadNode?

  /// A node in the tree.
  init() {}

  /// A list of elements of the list whose elements are `source` (kept out of the tree).
  init(elementsOf source: ReadNode) {
    elementsOf = source
  }

  /// The node of member `name`.
  func member(_ name: String) -> ReadNode {
    if elementsOf != nil { return ReadNode() }  // a list has no members
    for m in members where m.name == name { return m.node }
    let node = ReadNode()
    members.append((name, node))
    return node
  }

  /// The node of element `position`.
  func index(_ position: Int) -> ReadNode {
    if let elementsOf { return elementsOf }
    for e in indices where e.position == position { return e.node }
    let node = ReadNode()
    indices.append((position, node))
    return node
  }

  /// The node standing for every element.
  func everyElement() -> ReadNode {
    if let elementsOf { return elementsOf }
    if let each { return each }
    let node = ReadNode()
    each = node
    return node
  }

  /// Marks the whole value as read.
  func readAll() {
    if let elementsOf {
      elementsOf.readAll()
    } else {
      flags |= ReadNode.full
    }
  }

  /// Marks what a truth test of `value` depends on: the length of a list or map, else the
  /// value itself.
  func readTruth(of value: TemplateValue) {
    if elementsOf != nil { return }
    switch value {
    case .array, .dictionary, .object: flags |= ReadNode.shape
    default: flags |= ReadNode.full
    }
  }

  /// Marks the length or keys as read.
  func readShape() {
    if elementsOf == nil { flags |= ReadNode.shape }
  }

  /// The finished, immutable form (children below a fully read node are dropped).
  func frozen() -> ReadSet {
    if flags & ReadNode.full != 0 { return ReadSet(flags: ReadNode.full) }
    return ReadSet(
      flags: flags,
      members: members.sorted { $0.name < $1.name }.map { ($0.name, $0.node.frozen()) },
      indices: indices.sorted { $0.position < $1.position }.map { ($0.position, $0.node.frozen()) },
      each: each.map { [$0.frozen()] } ?? [])
  }
}
