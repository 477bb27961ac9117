import Foundation

/// The text of a new Markdown record: front matter with the given and required fields as
/// values and every other field as a commented example line, then the body.
struct RecordSkeleton {
  let kind: RecordKind
  /// Field values by name, already decided (given or filled by default).
  let values: [String: String]
  /// The settings currency, shown in the commented `currency` line.
  let currency: String
  /// The record's slug, shown in examples such as the photo path.
  let slug: String
  /// The Markdown body (may be empty).
  let body: String

  /// The whole file.
  var text: String {
    var lines = ["---"]
    var doneParents: Set<String> = []
    let specs = KindFieldSpecs.fields(kind)
    for spec in specs {
      if let parent = spec.parent {
        guard !doneParents.contains(parent) else { continue }
        doneParents.insert(parent)
        lines += nested(parent, specs.filter { $0.parent == parent })
      } else if let value = values[spec.name] {
        lines.append("\(spec.name): \(Self.written(value, spec.style))")
      } else {
        lines.append("# \(spec.name): \(example(spec))")
      }
    }
    lines += KindFieldSpecs.commentOnly(kind)
    lines.append("---")
    var text = lines.joined(separator: "\n") + "\n"
    if !body.isEmpty { text += body.hasSuffix("\n") ? body : body + "\n" }
    return text
  }

  private func nested(_ parent: String, _ children: [FieldSpec]) -> [String] {
    let anySet = children.contains { values[$0.name] != nil }
    var lines = [anySet ? "\(parent):" : "# \(parent):"]
    for child in children {
      if anySet, let value = values[child.name] {
        lines.append("  \(child.name): \(Self.written(value, child.style))")
      } else {
        lines.append("#   \(child.name): \(example(child))")
      }
    }
    return lines
  }

  private func example(_ spec: FieldSpec) -> String {
    spec.example.replacingOccurrences(of: "$", with: currency)
      .replacingOccurrences(of: "%", with: slug)
  }

  /// A value as YAML in the field's style.
  static func written(_ value: String, _ style: FieldSpec.Style) -> String {
    switch style {
    case .text: return YAMLText.scalar(value)
    case .quoted: return YAMLText.quoted(value)
    case .days:
      let t = value.trimmingCharacters(in: .whitespaces)
      return t.lowercased() == "daily" ? "daily" : flowList(t)
    case .list: return flowList(value)
    }
  }

  /// `a, b` or `[a, b]` as a flow list whose entries are quoted when needed.
  static func flowList(_ value: String) -> String {
    var t = value.trimmingCharacters(in: .whitespaces)
    if t.hasPrefix("["), t.hasSuffix("]") { t = String(t.dropFirst().dropLast()) }
    let entries = t.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    let written = entries.map { entry in
      entry.unicodeScalars.allSatisfy {
        ($0.properties.isAlphabetic || $0.properties.numericType != nil
          || "-_/ .".unicodeScalars
            .contains($0))
      } && YAMLText.isSafePlain(entry) ? entry : YAMLText.quoted(entry)
    }
    return "[" + written.joined(separator: ", ") + "]"
  }
}
