/// The field tables of docs/data-format.md, written from the record schema so the docs say
/// exactly what the loader reads and `new` writes. A table sits between
/// `<!-- fields: KIND -->` (or `KIND.FIELD` for a nested mapping or list entries, `common`
/// for the fields every record has, `kinds` for the folder table) and `<!-- end -->`.
public enum FieldTables {
  /// A kind's table: its fields, required ones in bold, aliases named, then the body.
  public static func table(_ kind: KindSchema) -> String {
    var rows = kind.fields.map(row)
    if let body = kind.body { rows.append("| body | \(body) |") }
    return header + rows.joined(separator: "\n") + "\n"
  }

  /// The table of a nested mapping's or a list entry's fields.
  public static func table(_ fields: [FieldSchema]) -> String {
    header + fields.map(row).joined(separator: "\n") + "\n"
  }

  /// The folders and what each holds.
  public static func kinds(_ schema: RecordSchema) -> String {
    var lines = ["| folder | holds |", "|---|---|"]
    for kind in schema.kinds { lines.append("| `\(kind.kind.folder)/` | \(kind.holds) |") }
    lines.append("| `media/` | images that records point at (no records) |")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table a marker names (`gifts`, `reminders.schedule`, `common`, `kinds`), or nil.
  public static func table(named name: String, in schema: RecordSchema) -> String? {
    if name == "kinds" { return kinds(schema) }
    if name == "common" { return table(schema.common) }
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    guard let kind = RecordKind(rawValue: parts[0]) else { return nil }
    guard parts.count == 2 else { return table(schema[kind]) }
    guard let field = schema[kind].fields.field(parts[1]), !field.children.isEmpty else {
      return nil
    }
    return table(field.children)
  }

  /// `document` with every marked table written anew from `schema`; unknown markers are
  /// left as they are.
  public static func update(_ document: String, schema: RecordSchema) -> String {
    var out: [Substring] = []
    var skipping = false
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if skipping {
        guard line == endMarker else { continue }
        skipping = false
      }
      out.append(line)
      if let name = markerName(line), let table = table(named: name, in: schema) {
        out.append(
          contentsOf: table.dropLast().split(separator: "\n", omittingEmptySubsequences: false))
        skipping = true
      }
    }
    return out.joined(separator: "\n")
  }

  /// The line that ends a generated table.
  public static let endMarker = "<!-- end -->"

  private static let header = "| field | meaning |\n|---|---|\n"

  private static func markerName(_ line: Substring) -> String? {
    guard line.hasPrefix("<!-- fields: "), line.hasSuffix(" -->") else { return nil }
    return String(line.dropFirst("<!-- fields: ".count).dropLast(" -->".count))
  }

  private static func row(_ field: FieldSchema) -> String {
    let name = field.requirement.isRequired ? "**`\(field.name)`**" : "`\(field.name)`"
    var meaning = field.meaning
    if !field.aliases.isEmpty {
      let names = field.aliases.map { "`\($0)`" }.joined(separator: ", ")
      meaning += " (alias \(names))"
    }
    if case .requiredUnless(let others) = field.requirement {
      meaning +=
        "; needed unless " + others.map { "`\($0)`" }.joined(separator: " or ")
        + " is given"
    }
    return "| \(name) | \(meaning) |"
  }
}
