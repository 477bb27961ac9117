import Foundation

/// Reads the typed fields of one record from its YAML mapping, collecting a diagnostic at
/// the exact position of every problem. A field with a problem reads as absent, so the
/// record decoder can go on and report everything at once.
struct RecordFields {
  let mapping: YAMLMapping
  let file: String
  /// The fields this level accepts (a kind's, a schedule's, a shopping entry's), from the
  /// record schema.
  let schema: [FieldSchema]
  /// The positions in `schema` of the required fields.
  private let required: [Int]
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether a value was read as something else than what was meant (`price: 1,65` read as
  /// 1): the record must not be used.
  private(set) var readWrong = false
  /// References read so far, checked once every record is loaded.
  private(set) var references: [Reference] = []
  private var index: [String: Int] = [:]
  /// Whether a field this level does not know is an error, not a warning: in a reminder's
  /// schedule, `every: 3` or `ends:` would otherwise leave a tablet ringing daily forever.
  var unknownIsError = false
  /// The entries read so far, by position (`finish` looks at the others).
  private var read: UInt64 = 0
  private var readBeyond64: Set<Int> = []

  /// Prepares to read `mapping` from `file`, whose fields `schema` describes; `required`
  /// gives the positions of its required fields when they are known already.
  init(_ mapping: YAMLMapping, file: String, schema: [FieldSchema], required: [Int]? = nil) {
    self.mapping = mapping
    self.file = file
    self.schema = schema
    self.required = required ?? RecordFields.required(in: schema)
    for (i, entry) in mapping.entries.enumerated() {
      // YAML 1.1's merge key is not read: the record would silently lack what it merges
      // (the currency of an anchored purchase, say).
      if entry.key.text == "<<", entry.key.isPlain {
        refuse(
          entry.key,
          "a merge key (`<<: *name`) is not read, so the fields it would bring are missing",
          hint: "write the fields out in this record")
      } else if index[entry.key.text] != nil {
        // Which of the two values was meant is not known.
        refuse(
          entry.key, "a field is given twice: \(entry.key.text)",
          hint: "keep one of the two `\(entry.key.text):` lines")
      } else {
        index[entry.key.text] = i
      }
    }
  }

  /// An error at `key` that leaves the record out (the file's other records are read).
  private mutating func refuse(_ key: YAMLScalar, _ message: String, hint: String) {
    readWrong = true
    report(.error, at: location(of: key), message, hint: hint)
  }

  /// Where a key of this mapping is written.
  private func location(of key: YAMLScalar) -> SourceLocation {
    SourceLocation(file: file, line: key.line, column: key.column)
  }

  /// Where the record starts.
  var recordLocation: SourceLocation {
    SourceLocation(file: file, line: mapping.line, column: mapping.column)
  }

  /// Where a field's value starts, or the record's start when it is absent.
  func location(of key: String) -> SourceLocation {
    guard let i = index[key] else { return recordLocation }
    let p = mapping.entries[i].value.position
    return SourceLocation(file: file, line: p.line, column: p.column)
  }

  /// Where a field's name starts.
  func keyLocation(of key: String) -> SourceLocation {
    guard let i = index[key] else { return recordLocation }
    return location(of: mapping.entries[i].key)
  }

  /// Whether the field (or one of its aliases) is present and not null.
  func has(_ key: String, aliases: [String] = []) -> Bool {
    resolve(key, aliases) != nil
  }

  /// Records a diagnostic.
  mutating func report(
    _ severity: Severity, at location: SourceLocation, _ message: String, hint: String? = nil
  ) {
    diagnostics.append(Diagnostic(severity, location, message, hint: hint))
  }

  /// Records an error at a field's value.
  mutating func error(_ key: String, _ message: String, hint: String? = nil) {
    report(.error, at: location(of: key), message, hint: hint)
  }

  // MARK: Raw access

  private func resolve(_ key: String, _ aliases: [String]) -> (String, YAMLNode, Int)? {
    if let hit = resolve(key) { return hit }
    for name in aliases {
      if let hit = resolve(name) { return hit }
    }
    return nil
  }

  private func resolve(_ name: String) -> (String, YAMLNode, Int)? {
    guard let i = index[name] else { return nil }
    let node = mapping.entries[i].value
    if case .scalar(let s) = node, s.isNull { return nil }
    return (name, node, i)
  }

  /// Resolves a field and marks its entry as read.
  private mutating func take(_ key: String, _ aliases: [String]) -> (String, YAMLNode)? {
    guard let (name, node, i) = resolve(key, aliases) else { return nil }
    if i < 64 { read |= 1 << UInt64(i) } else { readBeyond64.insert(i) }
    return (name, node)
  }

  /// The scalar text of a field, reporting a non-scalar value.
  mutating func scalar(_ key: String, aliases: [String] = [], what: String) -> (String, YAMLScalar)?
  {
    guard let (name, node) = take(key, aliases) else { return nil }
    guard case .scalar(let s) = node else {
      error(name, "'\(name)' must be \(what), not \(node.kindName)")
      return nil
    }
    return (name, s)
  }

  /// The raw node of a field (for lists and nested mappings).
  mutating func node(_ key: String, aliases: [String] = []) -> (String, YAMLNode)? {
    take(key, aliases)
  }

  // MARK: Typed values

  /// A non-empty text value, trimmed.
  mutating func string(_ key: String, aliases: [String] = []) -> String? {
    guard let (name, s) = scalar(key, aliases: aliases, what: "text") else { return nil }
    let t = s.text.trimmedWhitespace()
    if t.isEmpty {
      error(name, "'\(name)' is empty")
      return nil
    }
    return t
  }

  /// Whether a decimal as written is an amount VibeKeeper keeps: at most a trillion and at
  /// most six decimal places (a price of 1e-61 broke every page that showed a total).
  /// Counted on the bytes: this runs for every number of every record.
  static func inRange(_ text: String) -> Bool {
    var whole = 0
    var decimals = 0
    var afterPoint = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if afterPoint { decimals += 1 } else { whole += 1 }
      }
    }
    return whole <= 12 && decimals <= 6
  }

  /// A decimal; negative values are errors unless `allowNegative`.
  mutating func decimal(_ key: String, aliases: [String] = [], allowNegative: Bool = false)
    -> Decimal?
  {
    guard let (name, s) = scalar(key, aliases: aliases, what: "a number") else { return nil }
    guard let d = ScalarParsing.decimal(s.text) else {
      let parts = s.text.split(separator: ",", omittingEmptySubsequences: false)
      let hint =
        parts.count == 2 && parts[1].count == 3 && parts[1].allSatisfy(\.isASCII)
          && parts[1].allSatisfy(\.isNumber)
        ? RecordFields.thousandsOrDecimals(String(parts[0]), String(parts[1]), name: nil)
        : s.text.contains(",") && !s.text.contains(".")
          ? "write decimals with a point: \(s.text.replacingOccurrences(of: ",", with: "."))"
          : s.text.contains(",")
            ? "write the amount with digits and one point, no thousands separator, such as 1234.56"
            : "write a plain number such as 12.50 (no currency sign)"
      error(name, "'\(name)' must be a number, not '\(s.text)'", hint: hint)
      return nil
    }
    if !RecordFields.inRange(s.text) {
      error(
        name, "'\(name)' is out of range: '\(s.text.trimmedBlanks())'",
        hint: "write at most 12 digits before the point and 6 after it, such as 12.50")
      return nil
    }
    if d < 0, !allowNegative {
      error(
        name, "'\(name)' must not be negative (\(s.text))",
        hint: "write the amount without a minus sign")
      return nil
    }
    return d
  }

  /// A whole number within `range`.
  mutating func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
    guard let (name, s) = scalar(key, what: "a whole number") else { return nil }
    guard let v = ScalarParsing.integer(s.text) else {
      error(name, "'\(name)' must be a whole number, not '\(s.text)'")
      return nil
    }
    guard range.contains(v) else {
      error(name, "'\(name)' must be between \(range.lowerBound) and \(range.upperBound), not \(v)")
      return nil
    }
    return v
  }

  /// `true` or `false`.
  mutating func bool(_ key: String) -> Bool? {
    guard let (name, s) = scalar(key, what: "true or false") else { return nil }
    guard let b = ScalarParsing.bool(s.text) else {
      error(name, "'\(name)' must be true or false, not '\(s.text)'")
      return nil
    }
    return b
  }

  /// A `YYYY-MM-DD` date; an impossible date (30 February) says so.
  mutating func date(_ key: String, aliases: [String] = []) -> LocalDate? {
    guard let (name, s) = scalar(key, aliases: aliases, what: "a date") else { return nil }
    return parseDate(s.text, name)
  }

  /// Parses a date text for field `name`, reporting problems.
  mutating func parseDate(_ text: String, _ name: String) -> LocalDate? {
    let t = text.trimmedBlanks()
    if let d = LocalDate(iso: t) { return d }
    if t.count == 10, t.split(separator: "-").count == 3,
      let y = Int(t.prefix(4)), let m = Int(t.dropFirst(5).prefix(2)), Int(t.suffix(2)) != nil
    {
      if y < 1 {
        error(name, "'\(name)' has no year 0: '\(t)'", hint: "years run from 0001")
      } else if !(1...12).contains(m) {
        error(name, "'\(name)' has no month \(m): '\(t)'", hint: "months run from 01 to 12")
      } else {
        error(
          name,
          "'\(name)' is not a real date: \(t) (month \(m) of \(y) has \(LocalDate.daysIn(month: m, year: y)) days)",
          hint: "check the day of the month")
      }
      return nil
    }
    error(name, "'\(name)' must be a date written YYYY-MM-DD, not '\(t)'")
    return nil
  }

  /// A time of day `HH:MM`; an hour of 25 says so.
  mutating func time(_ key: String) -> TimeOfDay? {
    guard let (name, s) = scalar(key, what: "a time of day") else { return nil }
    if let t = TimeOfDay(text: s.text) { return t }
    let parts = s.text.split(separator: ":")
    if parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) {
      if h > 23 {
        error(name, "'\(name)' has an hour of \(h): '\(s.text)'", hint: "hours run from 00 to 23")
        return nil
      }
      if m > 59 {
        error(
          name, "'\(name)' has a minute of \(m): '\(s.text)'", hint: "minutes run from 00 to 59")
        return nil
      }
    }
    error(name, "'\(name)' must be a time of day written HH:MM (24 h), not '\(s.text)'")
    return nil
  }

  /// A date-time `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or offset.
  mutating func dateTime(_ key: String) -> ScalarParsing.DateTimeText? {
    guard let (name, s) = scalar(key, what: "a date and time") else { return nil }
    if let dt = ScalarParsing.dateTime(s.text) { return dt }
    if LocalDate(iso: s.text.prefix(10)) == nil, s.text.count >= 10 {
      _ = parseDate(String(s.text.prefix(10)), name)
      return nil
    }
    let rest = s.text.dropFirst(11)
    if let h = Int(rest.prefix(2)), h > 23 {
      error(name, "'\(name)' has an hour of \(h): '\(s.text)'", hint: "hours run from 00 to 23")
      return nil
    }
    error(name, "'\(name)' must be a date and time written YYYY-MM-DDTHH:MM, not '\(s.text)'")
    return nil
  }

  /// One of a fixed set of words.
  mutating func choice<T>(_ key: String, _ options: [(String, T)]) -> T? {
    guard let (name, s) = scalar(key, what: "one of \(options.map(\.0).joined(separator: ", "))")
    else { return nil }
    let t = s.text.trimmedBlanks().lowercased()
    if let hit = options.first(where: { $0.0 == t }) { return hit.1 }
    let names = options.map(\.0)
    let suggestion = Suggestion.closest(to: t, in: names).map { "did you mean '\($0)'? " } ?? ""
    error(
      name, "'\(name)' must be one of \(names.joined(separator: ", ")), not '\(s.text)'",
      hint: suggestion.isEmpty ? nil : suggestion.trimmedBlanks())
    return nil
  }

  /// The hint for `1,000`: a thousand or one with three decimals, as the writer meant.
  static func thousandsOrDecimals(_ whole: String, _ part: String, name: String?) -> String {
    let field = name.map { "\($0): " } ?? ""
    return
      "numbers take a point and no thousands separator: `\(field)\(whole)\(part)` is \(whole)\(part), `\(field)\(whole).\(part)` is \(whole) with three decimals"
  }

  /// A list of texts (`[a, b]`), or one text with commas (`a, b`).
  mutating func stringList(_ key: String) -> [String] { placedStringList(key).map(\.text) }

  /// `stringList`, each text with where it is written (an entry of `[a, b]` at its own
  /// place; the texts of `a, b` at the value's).
  mutating func placedStringList(_ key: String) -> [(text: String, at: SourceLocation)] {
    guard let (name, node) = take(key, []) else { return [] }
    switch node {
    case .scalar(let s):
      let at = SourceLocation(file: file, line: node.position.line, column: node.position.column)
      return s.text.split(separator: ",").map { $0.trimmedBlanks() }
        .filter { !$0.isEmpty }.map { ($0, at) }
    case .sequence(let items, _, _):
      var out: [(text: String, at: SourceLocation)] = []
      for item in items {
        if case .scalar(let s) = item, !s.isNull {
          let p = item.position
          out.append(
            (s.text.trimmedBlanks(), SourceLocation(file: file, line: p.line, column: p.column)))
        } else {
          let p = item.position
          report(
            .error, at: SourceLocation(file: file, line: p.line, column: p.column),
            "'\(name)' entries must be text")
        }
      }
      return out
    case .mapping:
      error(name, "'\(name)' must be a list, not a mapping", hint: "write `\(name): [a, b]`")
      return []
    }
  }

  /// An id of another record (`for: mom`), lower-cased, remembered for checking.
  mutating func reference(
    _ key: String, aliases: [String] = [], to target: RecordKind, slot: Int? = nil
  ) -> String? {
    guard let value = string(key, aliases: aliases) else { return nil }
    let id = value.lowercased()
    // Said at the name as written (`recipient:` for `for`).
    let written = ([key] + aliases).first { index[$0] != nil } ?? key
    references.append(
      Reference(
        field: key, written: written, slot: slot, target: target, id: id,
        location: location(of: written)))
    return id
  }

  /// Takes over the diagnostics and references of a nested mapping's reader.
  mutating func absorb(_ other: RecordFields) {
    diagnostics += other.diagnostics
    references += other.references
    readWrong = readWrong || other.readWrong
  }

  /// Ends reading: reports every required field of the schema that is missing, reads by
  /// its type every field of the schema the decoder did not (so a field added to the
  /// description is checked before any code knows it), and warns about every field the
  /// schema does not know, suggesting the closest. `what` names the mapping in messages.
  mutating func finish(_ what: @autoclosure () -> String) {
    for i in required where !has(schema[i].name, aliases: schema[i].aliases) {
      let field = schema[i]
      // Written with no value (`price:` or `price: ~`): said at that line.
      if let name = ([field.name] + field.aliases).first(where: { index[$0] != nil }) {
        report(
          .error, at: keyLocation(of: name), "'\(name)' has no value",
          hint: "write it after the colon, such as `\(name): \(field.exampleText)`")
        continue
      }
      report(
        .error, at: recordLocation, "missing required field '\(field.name)'",
        hint: "add a line such as `\(field.name): \(field.exampleText)`")
    }
    for i in mapping.entries.indices where !isRead(i) {
      let entry = mapping.entries[i]
      let name = entry.key.text
      // A repeated key was reported by the YAML reader; its first value is the one read.
      guard index[name] == i else { continue }
      if let field = schema.field(name) {
        // Both a field and another name of it (`title` and `idea`): one value is read.
        let names = [field.name] + field.aliases
        if let other = names.first(where: { $0 != name && index[$0].map(isRead) == true }) {
          report(
            .warning,
            at: location(of: entry.key),
            "'\(name)' and '\(other)' name the same field; '\(other)' is read and '\(name)' is not",
            hint: "keep one of the two")
          continue
        }
        readUnused(field, as: name)
        continue
      }
      if decimalComma(at: i) { continue }
      let known = schema.acceptedNames
      let loc = location(of: entry.key)
      let hint = Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
      if unknownIsError {
        refuse(
          entry.key,
          "unknown field '\(name)' in \(what()): it would change when the reminder rings, so the reminder is left out",
          hint: hint ?? "known fields: \(known.joined(separator: ", "))")
        continue
      }
      report(
        .warning, at: loc, "unknown field '\(name)' in \(what())",
        hint: hint ?? "known fields: \(known.joined(separator: ", "))")
    }
  }

  /// `{price: 1,65}` reads as `price: 1` and a field `65`: when the unknown name at entry
  /// `i` starts with a digit right after a number on the same line, the number was cut at
  /// a comma (a decimal comma, `1,234.56`, `1,99€`): an error at the number, and the record
  /// is left out, so it is never counted as 1.
  private mutating func decimalComma(at i: Int) -> Bool {
    let entry = mapping.entries[i]
    guard i > 0, let first = entry.key.text.utf8.first, first >= 0x30, first <= 0x39,
      case .scalar(let value) = entry.value, value.isNull,
      case .scalar(let number) = mapping.entries[i - 1].value, number.isPlain,
      number.line == entry.key.line, ScalarParsing.decimal(number.text) != nil
    else { return false }
    let name = mapping.entries[i - 1].key.text
    let rest = entry.key.text
    let written = number.text + "," + rest
    readWrong = true
    let decimal = rest.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    report(
      .error, at: SourceLocation(file: file, line: number.line, column: number.column),
      decimal
        ? "'\(name)' is written with a decimal comma: '\(written)'"
        : "'\(name)' is cut at a comma: '\(written)' reads as \(number.text) and a field '\(rest)'",
      hint: decimal && rest.count == 3
        ? RecordFields.thousandsOrDecimals(number.text, rest, name: name)
        : decimal
          ? "write decimals with a point: `\(name): \(number.text).\(rest)`"
          : "write the amount with digits and one point, no thousands separator or currency sign, such as `\(name): 12.50`"
    )
    return true
  }

  /// Warns about every field not in `known` (the settings file, which has no record schema).
  mutating func warnUnknown(known: [String], kind: String) {
    for entry in mapping.entries where !known.contains(entry.key.text) {
      let loc = location(of: entry.key)
      let hint = Suggestion.closest(to: entry.key.text, in: known).map { "did you mean '\($0)'?" }
      report(
        .warning, at: loc, "unknown field '\(entry.key.text)' in \(kind)",
        hint: hint ?? "known fields: \(known.joined(separator: ", "))")
    }
  }

  /// The positions of the required fields of `schema`.
  static func required(in schema: [FieldSchema]) -> [Int] {
    schema.indices.filter { schema[$0].requirement == .required }
  }

  private func isRead(_ i: Int) -> Bool {
    i < 64 ? read & (1 << UInt64(i)) != 0 : readBeyond64.contains(i)
  }
}

/// A reference from one record to another, with where it is written.
struct Reference: Sendable {
  /// The field that holds it (`for`, `item`).
  let field: String
  /// The field's name as the record writes it (`recipient` for `for`).
  var written: String
  /// For references inside a list (a shopping entry), the entry's index.
  let slot: Int?
  /// The kind of record it names.
  let target: RecordKind
  /// The id it names.
  let id: String
  /// Where the value is written.
  let location: SourceLocation
}
