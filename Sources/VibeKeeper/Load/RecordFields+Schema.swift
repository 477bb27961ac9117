/// Reading a field by its type in the record schema: for the fields of the description
/// that no kind decoder reads (yet), so a field added to a kind's description is checked,
/// and its references resolved, as soon as it is described.
extension RecordFields {
  /// Reads `field`, written as `name` (the field's name or an alias), by its type,
  /// reporting every problem as the typed readers do.
  mutating func readUnused(_ field: FieldSchema, as name: String) {
    switch field.type {
    case .text: _ = string(name)
    case .number: _ = decimal(name)
    case .date: _ = date(name)
    case .dateTime: _ = dateTime(name)
    case .time: _ = time(name)
    case .bool: _ = bool(name)
    case .choice(let words): _ = choice(name, words.map { ($0, $0) })
    case .reference(let kind, let words):
      if let (_, s) = scalar(name, what: "an id"),
        words.contains(s.text.trimmedBlanks().lowercased())
      {
        return
      }
      _ = reference(name, to: kind)
    case .words: _ = stringList(name)
    case .link: _ = URLField.read(&self, name)
    case .mediaPath: _ = MediaPathField.read(&self, name)
    case .currency: _ = CurrencyField.read(&self, default: "")
    case .birthday:
      guard let (_, s) = scalar(name, what: "a date") else { return }
      if !s.text.hasPrefix("--") { _ = parseDate(s.text, name) }
    case .completion:
      guard let (_, s) = scalar(name, what: "true, false or a date") else { return }
      if ScalarParsing.bool(s.text) == nil { _ = parseDate(s.text, name) }
    case .days, .amounts, .mapping, .entries:
      readNested(field, as: name)
    }
  }

  /// A nested value: a mapping's or each entry's own fields, a map of amounts, or days.
  private mutating func readNested(_ field: FieldSchema, as name: String) {
    guard let (_, node) = node(name) else { return }
    switch (field.type, node) {
    case (.mapping(let children), .mapping(let m)):
      var inner = RecordFields(m, file: file, schema: children)
      for child in children { inner.readUnused(child, as: child.name) }
      inner.finish(name)
      absorb(inner)
    case (.entries(let children), .sequence(let items, _, _)):
      for case .mapping(let m) in items {
        var inner = RecordFields(m, file: file, schema: children)
        for child in children where inner.has(child.name) {
          inner.readUnused(child, as: child.name)
        }
        inner.finish("an entry of '\(name)'")
        absorb(inner)
      }
    case (.amounts, .mapping(let m)):
      for entry in m.entries {
        guard case .scalar(let s) = entry.value, ScalarParsing.decimal(s.text) != nil else {
          let p = entry.value.position
          report(
            .error, at: SourceLocation(file: file, line: p.line, column: p.column),
            "'\(name)' must map names to amounts; '\(entry.key.text)' is not a number")
          continue
        }
      }
    case (.days, .scalar), (.days, .sequence), (.entries, .scalar):
      return
    default:
      error(name, "'\(name)' must be \(field.type.shape), not \(node.kindName)")
    }
  }
}

extension FieldType {
  /// What a value of this type looks like, for messages.
  var shape: String {
    switch self {
    case .mapping: "fields (`name: value` lines)"
    case .entries: "a list"
    case .amounts: "a map of names to amounts"
    case .days: "daily or a list of weekdays"
    default: "a single value"
    }
  }
}

extension FieldSchema {
  /// The example as a YAML value (a time of day quoted).
  var exampleText: String {
    if case .time = type { return "\"\(example)\"" }
    return example
  }
}
