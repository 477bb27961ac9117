import Foundation

/// The text of a new Markdown record: front matter with the given and required fields as
/// values and every other field of the kind's description as a commented example line,
/// then the body.
struct RecordSkeleton {
  /// The kind's description, which gives the fields and their order.
  let kind: KindSchema
  /// Field values by name, already decided (given or filled by default).
  let values: [String: String]
  /// The settings currency, shown in the commented `currency` line.
  let currency: String
  /// The record's slug, shown in examples such as the photo path.
  let slug: String
  /// The Markdown body (may be empty).
  let body: String
  /// The household, when known: an entry naming a record (a list's `Oat milk`) refers to
  /// it by id (`- item: oat-milk`).
  var household: Household?

  /// The whole file.
  var text: String {
    var lines = ["---"]
    for field in kind.fields {
      switch field.type {
      case .mapping(let children): lines += nested(field.name, children)
      case .entries(let children): lines += entries(field, children)
      default:
        if let value = values[field.name] {
          lines.append("\(field.name): \(Self.written(value, field.type))")
        } else {
          lines.append("# \(field.name): \(example(field))")
        }
      }
    }
    lines.append("---")
    var text = lines.joined(separator: "\n") + "\n"
    if !body.isEmpty { text += body.utf8.last == UInt8(ascii: "\n") ? body : body + "\n" }
    return text
  }

  /// A nested mapping (`schedule:`), written when any of its fields has a value.
  private func nested(_ parent: String, _ children: [FieldSchema]) -> [String] {
    let anySet = children.contains { values[$0.name] != nil }
    var lines = [anySet ? "\(parent):" : "# \(parent):"]
    for child in children {
      if anySet, let value = values[child.name] {
        lines.append("  \(child.name): \(Self.written(value, child.type))")
      } else {
        lines.append("#   \(child.name): \(example(child))")
      }
    }
    return lines
  }

  /// A list of entries (`items:`): one `- name: X` (or, for a record the household has by
  /// that name, `- item: its-id`) per comma-separated value given, else a
  /// commented example entry with every field.
  private func entries(_ field: FieldSchema, _ children: [FieldSchema]) -> [String] {
    guard let first = children.first else { return [] }
    if let value = values[field.name] {
      let reference = children.lazy.compactMap { child -> (String, RecordKind)? in
        if case .reference(let kind, _) = child.type { return (child.name, kind) }
        return nil
      }.first
      // The same thing named twice (`Oat milk, oat milk`) is one line of two: two lines
      // would be one entry to the list and two to every edit.
      var lines: [String] = []
      var counts: [String: Int] = [:]
      var order: [String] = []
      for entry in Self.split(value) {
        var line = "  - \(first.name): \(YAMLText.scalar(entry))"
        var key = ShoppingEntry.nameKey(entry)
        if let (name, kind) = reference, let id = household?.recordID(named: entry, kind: kind) {
          line = "  - \(name): \(YAMLText.scalar(id))"
          key = "item:" + id
        }
        if counts[key] == nil {
          order.append(key)
          lines.append(line)
        }
        counts[key, default: 0] += 1
      }
      let counted = children.contains { $0.name == "quantity" }
      return [field.name + ":"]
        + zip(order, lines).flatMap { key, line in
          let n = counts[key] ?? 1
          return counted && n > 1 ? [line, "    quantity: \(n)"] : [line]
        }
    }
    var lines = ["# \(field.name):"]
    for (i, child) in children.enumerated() {
      lines.append("#   \(i == 0 ? "- " : "  ")\(child.name): \(example(child))")
    }
    return lines
  }

  private func example(_ field: FieldSchema) -> String {
    field.example.replacingOccurrences(of: "$", with: currency)
      .replacingOccurrences(of: "%", with: slug)
  }

  /// A value as YAML for a field of `type`.
  static func written(_ value: String, _ type: FieldType) -> String {
    switch type {
    case .time: return YAMLText.quoted(value)
    case .days:
      let t = value.trimmingCharacters(in: .whitespaces)
      return t.lowercased() == "daily" ? "daily" : flowList(t)
    case .words: return flowList(value)
    case .amounts: return flowMap(value)
    default: return YAMLText.scalar(value)
    }
  }

  /// `a, b` or `[a, b]` as its entries, trimmed.
  static func split(_ value: String) -> [String] {
    var t = value.trimmingCharacters(in: .whitespaces)
    if t.hasPrefix("["), t.hasSuffix("]") { t = String(t.dropFirst().dropLast()) }
    return t.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// `a, b` or `[a, b]` as a flow list whose entries are quoted when needed.
  static func flowList(_ value: String) -> String {
    "[" + split(value).map(flowEntry).joined(separator: ", ") + "]"
  }

  /// `groceries: 400, household: 150` (or `=` instead of `:`, or in braces) as a flow map.
  static func flowMap(_ value: String) -> String {
    var t = value.trimmingCharacters(in: .whitespaces)
    if t.hasPrefix("{"), t.hasSuffix("}") { t = String(t.dropFirst().dropLast()) }
    let pairs = split(t).map { pair -> String in
      guard let sep = pair.firstIndex(where: { $0 == ":" || $0 == "=" }) else {
        return flowEntry(pair)
      }
      let key = pair[..<sep].trimmingCharacters(in: .whitespaces)
      let amount = pair[pair.index(after: sep)...].trimmingCharacters(in: .whitespaces)
      return "\(flowEntry(key)): \(flowEntry(amount))"
    }
    return "{" + pairs.joined(separator: ", ") + "}"
  }

  /// One entry of a flow collection: plain when it is words, else quoted.
  private static func flowEntry(_ entry: String) -> String {
    entry.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
        || "-_/ .".unicodeScalars.contains($0)
    } && YAMLText.isSafePlain(entry) ? entry : YAMLText.quoted(entry)
  }
}
