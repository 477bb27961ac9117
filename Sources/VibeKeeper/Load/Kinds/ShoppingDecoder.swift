import Foundation

/// Decodes `shopping/` lists and merges an item listed twice (with a warning).
enum ShoppingDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let title = f.string("title")
    var budget = f.decimal("budget")
    if let b = budget, b <= 0 {
      f.error("budget", "'budget' must be greater than zero")
      budget = nil
    }
    let completed = completion(&f, "completed")
    let currency = CurrencyField.read(&f, default: context.settings.currency)
    let entries = readEntries(&f)
    guard let title else { return nil }
    var list = ShoppingList(meta: meta, title: title, currency: currency)
    list.budget = budget
    list.completed = completed
    list.entries = entries
    list.notes = body
    return .shopping(list)
  }

  /// A bool or a date (`completed: true`, `purchased: 2026-11-20`).
  static func completion(_ f: inout RecordFields, _ key: String) -> Completion {
    guard let (name, s) = f.scalar(key, what: "true, false or a date") else { return .no }
    if let b = ScalarParsing.bool(s.text) { return b ? .yes : .no }
    if let d = f.parseDate(s.text, name) { return .on(d) }
    return .no
  }

  private static func readEntries(_ f: inout RecordFields) -> [ShoppingEntry] {
    guard let (_, node) = f.node("items") else { return [] }
    guard case .sequence(let nodes, _, _) = node else {
      f.error(
        "items", "'items' must be a list",
        hint: "write each entry on its own line starting with `- `")
      return []
    }
    var entries: [ShoppingEntry] = []
    for (position, node) in nodes.enumerated() {
      let p = node.position
      let loc = SourceLocation(file: f.file, line: p.line, column: p.column)
      var mapping: YAMLMapping
      switch node {
      case .mapping(let m): mapping = m
      case .scalar(let s) where !s.isNull:
        // `- Oat milk` is shorthand for `- name: Oat milk`.
        mapping = YAMLMapping(
          entries: [
            YAMLEntry(
              key: YAMLScalar(text: "name", line: s.line, column: s.column, isPlain: true),
              value: node)
          ],
          line: s.line, column: s.column)
      default:
        f.report(
          .error, at: loc,
          "a shopping entry must be a mapping such as `{item: oat-milk, quantity: 2}`")
        continue
      }
      var e = RecordFields(mapping, file: f.file, schema: f.schema.field("items")?.children ?? [])
      let item = e.reference("item", to: .items, slot: entries.count)
      let name = e.string("name")
      var entry = ShoppingEntry(item: item, name: name, location: loc)
      entry.position = position
      if let q = e.decimal("quantity") {
        if q == 0 {
          e.error("quantity", "'quantity' must be greater than zero")
        } else {
          entry.quantity = q
        }
      }
      entry.estimate = e.decimal("estimate")
      entry.purchased = completion(&e, "purchased")
      entry.actual = e.decimal("actual")
      if item == nil, name == nil {
        e.report(.error, at: loc, "a shopping entry needs 'item' or 'name'")
      }
      e.finish("shopping entry")
      f.absorb(e)
      guard item != nil || name != nil else { continue }
      entries.append(entry)
    }
    let (merged, duplicates) = ShoppingEntry.merged(entries)
    // Two lines bought the same day at the same price are two purchases of one thing
    // (`bought --qty` of part of a line, then of the rest): nothing to merge by hand.
    for (line, first) in duplicates where !line.purchased.isDone {
      f.report(
        .warning, at: line.location,
        "'\(line.item ?? line.name ?? "")' is listed twice; the quantities are added (\(first.quantity) + \(line.quantity))",
        hint: "merge the two lines (first at line \(first.location.line))")
    }
    return merged
  }
}
