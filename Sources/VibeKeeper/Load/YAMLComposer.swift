import CYaml
import Foundation

/// Builds a `YAMLNode` tree straight from libyaml's events (the C parser Yams wraps),
/// without Yams' `Node` tree, tag objects and per-mapping dictionaries, which took most of
/// the loader's time. It mirrors Yams' composer (`Parser.singleRoot()` with the basic
/// resolver) and `YAMLReader`'s conversion exactly: the same errors at the same marks
/// (libyaml's, undefined aliases, a second document, duplicate keys), aliases expanded to
/// their anchored node, and the same node budget against alias bombs.
struct YAMLComposer {
  /// Nodes a document may expand to (mapping keys not counted, as before).
  let nodeBudget: Int
  /// Added to every line of the nodes (the front matter starts on line 2 of a Markdown file).
  let lineOffset: Int
  /// Keep mappings with a repeated key (see `YAMLReader.keepsDuplicates`).
  var keepsDuplicates = false

  /// A composer with `nodeBudget` and `lineOffset`.
  init(nodeBudget: Int, lineOffset: Int) {
    self.nodeBudget = nodeBudget
    self.lineOffset = lineOffset
  }

  /// Why a document gave no tree.
  enum Failure: Error {
    /// A YAML error: libyaml's, an undefined alias, a second document or a duplicate key.
    case yaml(YAMLProblem)
    /// A mapping key that is not a scalar, where it starts (line offset added).
    case keyNotText(line: Int, column: Int)
    /// The document expands to more nodes than the budget.
    case tooManyNodes
  }

  /// A YAML error as Yams would have reported it (1-based marks, before any line offset).
  enum YAMLProblem {
    case syntax(problem: String, line: Int, column: Int, context: (text: String, line: Int)?)
    case reader(problem: String, offset: Int)
    case duplicateKeys([String], line: Int, column: Int)
    case memory
  }

  /// Composes the single document in `yaml`: nil for an empty stream.
  func compose(_ yaml: String) -> Result<YAMLNode?, Failure> {
    var text = yaml
    return text.withUTF8 { bytes in
      let parser = EventParser(bytes)
      var state = State(budget: nodeBudget)
      do {
        try parser.next().free()  // stream start
        let start = try parser.next()
        if start.type == YAML_STREAM_END_EVENT {
          start.free()
          return .success(nil)
        }
        start.free()  // document start
        let root = try node(parser.next(), parser, &state)
        try parser.next().free()  // document end
        let end = try parser.next()
        defer { end.free() }
        if end.type != YAML_STREAM_END_EVENT {
          return .failure(
            .yaml(
              .syntax(
                problem: "but found another document", line: end.line, column: end.column,
                context: ("expected a single document in the stream", 1))))
        }
        if let failure = state.failure { return .failure(failure) }
        return .success(root.node)
      } catch let failure as Failure {
        return .failure(failure)
      } catch {
        return .failure(.yaml(.memory))
      }
    }
  }

  /// What composing needs to carry: anchors, the remaining budget and the first conversion
  /// failure (reported only when the whole document is valid YAML, as before).
  private struct State {
    var budget: Int
    var anchors: [String: Composed] = [:]
    var failure: Failure?

    mutating func fail(_ f: Failure) { if failure == nil { failure = f } }

    mutating func spend(_ nodes: Int) {
      budget -= nodes
      if budget < 0 { fail(.tooManyNodes) }
    }
  }

  /// A composed node, its size for the budget (keys not counted) and, for a scalar, its
  /// resolved tag when it is not the string tag.
  private struct Composed {
    let node: YAMLNode
    let size: Int
    let tag: String?

    var isScalar: Bool {
      if case .scalar = node { return true }
      return false
    }

    /// What makes two mapping keys the same for Yams: the text and the resolved tag (the
    /// structure, for keys that are lists or mappings).
    var identity: KeyIdentity {
      if case .scalar(let s) = node { return tag.map { .tagged($0, s.text) } ?? .text(s.text) }
      return .structure(Composed.structure(node))
    }

    private static func structure(_ node: YAMLNode) -> String {
      switch node {
      case .scalar(let s): "s\(s.text.utf8.count):\(s.text)"
      case .sequence(let items, _, _): "[" + items.map(structure).joined(separator: ",") + "]"
      case .mapping(let m):
        "{"
          + m.entries.map { structure(.scalar($0.key)) + ":" + structure($0.value) }
          .joined(separator: ",") + "}"
      }
    }
  }

  private enum KeyIdentity: Hashable {
    case text(String)
    case tagged(String, String)
    case structure(String)
  }

  private func node(_ event: Event, _ parser: EventParser, _ state: inout State) throws
    -> Composed
  {
    defer { event.free() }
    switch event.type {
    case YAML_ALIAS_EVENT: return try alias(event, &state)
    case YAML_SCALAR_EVENT: return scalar(event, &state)
    case YAML_SEQUENCE_START_EVENT: return try sequence(event, parser, &state)
    case YAML_MAPPING_START_EVENT: return try mapping(event, parser, &state)
    default: throw Failure.yaml(.memory)
    }
  }

  /// `*name`: what the anchor named, counted again against the budget.
  private func alias(_ event: Event, _ state: inout State) throws -> Composed {
    guard let name = event.anchor(event.raw.data.alias.anchor), let c = state.anchors[name]
    else {
      throw Failure.yaml(
        .syntax(
          problem: "found undefined alias", line: event.line, column: event.column,
          context: nil))
    }
    state.spend(c.size)
    return c
  }

  private func scalar(_ event: Event, _ state: inout State) -> Composed {
    state.spend(1)
    let s = event.raw.data.scalar
    let text = event.scalarText()
    let tag: String? =
      s.quoted_implicit == 1
      ? Self.strTag : event.anchor(s.tag).map { $0 == "!" ? Self.strTag : $0 }
    let scalar = YAMLScalar(
      text: text, line: event.line + lineOffset, column: event.column,
      isPlain: s.style == YAML_PLAIN_SCALAR_STYLE)
    let c = Composed(node: .scalar(scalar), size: 1, tag: tag == Self.strTag ? nil : tag)
    if let anchor = event.anchor(s.anchor) { state.anchors[anchor] = c }
    return c
  }

  private func sequence(_ event: Event, _ parser: EventParser, _ state: inout State) throws
    -> Composed
  {
    state.spend(1)
    let anchor = event.anchor(event.raw.data.sequence_start.anchor)
    var items: [YAMLNode] = []
    var size = 1
    while let next = try parser.next(unless: YAML_SEQUENCE_END_EVENT) {
      let item = try node(next, parser, &state)
      items.append(item.node)
      size = Self.add(size, item.size)
    }
    return collection(
      .sequence(items, line: event.line + lineOffset, column: event.column), size: size,
      anchor: anchor, &state)
  }

  private func mapping(_ event: Event, _ parser: EventParser, _ state: inout State) throws
    -> Composed
  {
    state.spend(1)
    let anchor = event.anchor(event.raw.data.mapping_start.anchor)
    var entries: [YAMLEntry] = []
    var keys: [Composed] = []
    var size = 1
    while let next = try parser.next(unless: YAML_MAPPING_END_EVENT) {
      // A key is neither counted against the budget nor looked into (as before): only
      // whether it is text matters.
      let saved = (state.budget, state.failure)
      let key = try node(next, parser, &state)
      (state.budget, state.failure) = saved
      if !key.isScalar {
        let p = key.node.position
        state.fail(.keyNotText(line: p.line, column: p.column))
      }
      let value = try node(parser.next(), parser, &state)
      keys.append(key)
      size = Self.add(size, value.size)
      if case .scalar(let k) = key.node { entries.append(YAMLEntry(key: k, value: value.node)) }
    }
    if !keepsDuplicates { try checkDuplicates(keys) }
    return collection(
      .mapping(YAMLMapping(entries: entries, line: event.line + lineOffset, column: event.column)),
      size: size, anchor: anchor, &state)
  }

  /// A finished sequence or mapping, remembered under its anchor.
  private func collection(_ node: YAMLNode, size: Int, anchor: String?, _ state: inout State)
    -> Composed
  {
    let c = Composed(node: node, size: size, tag: nil)
    if let anchor { state.anchors[anchor] = c }
    return c
  }

  private static let strTag = "tag:yaml.org,2002:str"

  /// Sizes add up without overflowing (an alias bomb's size is astronomical).
  private static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max / 2 : min(sum, Int.max / 2)
  }

  /// Yams' duplicate-key error: every key given twice, sorted, at the first one's mark.
  private func checkDuplicates(_ keys: [Composed]) throws {
    guard keys.count > 1 else { return }
    let identities = keys.map(\.identity)
    if identities.count <= 16 {
      let any = identities.indices.contains { i in identities[..<i].contains(identities[i]) }
      guard any else { return }
    }
    var firsts: [KeyIdentity: Int] = [:]
    var counts: [KeyIdentity: Int] = [:]
    for (i, identity) in identities.enumerated() {
      if firsts[identity] == nil { firsts[identity] = i }
      counts[identity, default: 0] += 1
    }
    guard counts.count < identities.count else { return }
    let repeated = firsts.filter { counts[$0.key, default: 0] > 1 }.map(\.value)
    guard !repeated.isEmpty else { return }
    func text(_ i: Int) -> String? {
      if case .scalar(let s) = keys[i].node { return s.text }
      return nil
    }
    let sorted = repeated.sorted {
      switch (text($0), text($1)) {
      case (let a?, let b?): a < b
      default: false
      }
    }
    let first = keys[sorted[0]].node.position
    throw Failure.yaml(
      .duplicateKeys(
        sorted.map { text($0) ?? "<uncovertable>" }, line: first.line - lineOffset,
        column: first.column))
  }
}

/// libyaml's parser over a UTF-8 buffer that outlives it.
private final class EventParser {
  private var parser = yaml_parser_t()

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    yaml_parser_initialize(&parser)
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
  }

  deinit { yaml_parser_delete(&parser) }

  /// The next event, or nil (the event freed) when it is of type `end`.
  func next(unless end: yaml_event_type_t) throws -> Event? {
    let event = try next()
    guard event.type != end else {
      event.free()
      return nil
    }
    return event
  }

  /// The next event; throws libyaml's error as Yams reports it.
  func next() throws -> Event {
    let event = Event()
    guard yaml_parser_parse(&parser, &event.raw) == 1 else {
      throw YAMLComposer.Failure.yaml(problem())
    }
    return event
  }

  private func problem() -> YAMLComposer.YAMLProblem {
    let text = parser.problem.map { String(cString: $0) } ?? ""
    switch parser.error {
    case YAML_READER_ERROR:
      return .reader(problem: text, offset: Int(parser.problem_offset))
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
      let context = parser.context.map {
        (text: String(cString: $0), line: Int(parser.context_mark.line) + 1)
      }
      return .syntax(
        problem: text, line: Int(parser.problem_mark.line) + 1,
        column: Int(parser.problem_mark.column) + 1, context: context)
    default:
      return .memory
    }
  }
}

/// One libyaml event (freed by `free()` once read).
private final class Event {
  var raw = yaml_event_t()
  private var freed = false

  var type: yaml_event_type_t { raw.type }
  /// The 1-based line and column where the event starts.
  var line: Int { Int(raw.start_mark.line) + 1 }
  var column: Int { Int(raw.start_mark.column) + 1 }

  func free() {
    guard !freed else { return }
    freed = true
    yaml_event_delete(&raw)
  }

  deinit { free() }

  /// An anchor or tag name (nil when absent).
  func anchor(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
    guard let pointer else { return nil }
    return String.decodeCString(pointer, as: UTF8.self, repairingInvalidCodeUnits: true)?.result
  }

  /// A scalar's text, as Yams reads it (`String(bytes:encoding: .utf8)`; the fast decoding
  /// gives the same string except for a leading byte-order mark, left to Foundation).
  func scalarText() -> String {
    let buffer = UnsafeBufferPointer(start: raw.data.scalar.value, count: raw.data.scalar.length)
    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
      return String(bytes: buffer, encoding: .utf8) ?? String(decoding: buffer, as: UTF8.self)
    }
    return String(decoding: buffer, as: UTF8.self)
  }
}
