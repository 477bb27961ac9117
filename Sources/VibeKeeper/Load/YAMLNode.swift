/// A YAML node with every scalar kept as text and every position kept: the loader decodes
/// typed values from this tree itself (exact decimals, strict dates, precise diagnostics).
indirect enum YAMLNode: Sendable {
  case scalar(YAMLScalar)
  case mapping(YAMLMapping)
  case sequence([YAMLNode], line: Int, column: Int)

  /// Where the node starts in the file.
  var position: (line: Int, column: Int) {
    switch self {
    case .scalar(let s): (s.line, s.column)
    case .mapping(let m): (m.line, m.column)
    case .sequence(_, let line, let column): (line, column)
    }
  }

  /// A short noun for messages: `text`, `mapping`, `list`.
  var kindName: String {
    switch self {
    case .scalar(let s): s.isNull ? "nothing" : "a value"
    case .mapping: "a mapping"
    case .sequence: "a list"
    }
  }
}

/// A scalar's text and position; `isPlain` is false for quoted and block scalars.
struct YAMLScalar: Sendable {
  let text: String
  let line: Int
  let column: Int
  let isPlain: Bool

  /// An empty plain value, `~` or `null`.
  var isNull: Bool {
    isPlain && (text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL")
  }
}

/// A mapping's entries in file order, with its position.
struct YAMLMapping: Sendable {
  let entries: [YAMLEntry]
  let line: Int
  let column: Int
}

/// One `key: value` pair of a mapping.
struct YAMLEntry: Sendable {
  let key: YAMLScalar
  let value: YAMLNode
}
