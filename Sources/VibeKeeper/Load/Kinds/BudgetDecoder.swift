import Foundation

/// Decodes `budgets/` records.
enum BudgetDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let title = f.string("title")
    var amount = f.decimal("amount")
    if let a = amount, a <= 0 {
      f.error(
        "amount", "'amount' must be greater than zero",
        hint: "a budget of nothing cannot be tracked; give the amount you plan to spend")
      amount = nil
    }
    let currency = CurrencyField.read(&f, default: context.settings.currency)
    let start = f.date("start")
    let end = f.date("end")
    let scopeText = f.string("scope")
    let categories = readCategories(&f)
    let active = f.bool("active")
    if let start, let end, end < start {
      f.error(
        "end", "'end' (\(end)) is before 'start' (\(start))",
        hint: "a budget's end is inclusive and on or after its start")
      return nil
    }
    guard let title, let amount, let start, let end else { return nil }
    var b = Budget(
      meta: meta, title: title, amount: amount, currency: currency, start: start, end: end)
    switch scopeText?.lowercased() {
    case nil, "all": b.scope = .all
    case "gifts", "gift": b.scope = .gifts
    case let c?: b.scope = .category(c)
    }
    b.categories = categories
    b.active = active ?? true
    b.notes = body
    return .budget(b)
  }

  private static func readCategories(_ f: inout RecordFields) -> [CategoryBudget] {
    guard let (_, node) = f.node("categories") else { return [] }
    guard case .mapping(let m) = node else {
      f.error(
        "categories", "'categories' must map category names to amounts",
        hint: "write e.g. `categories: {groceries: 450, household: 120}`")
      return []
    }
    var out: [CategoryBudget] = []
    var seen: [String: Int] = [:]
    for entry in m.entries {
      let (key, value) = (entry.key, entry.value)
      let loc = SourceLocation(
        file: f.file, line: value.position.line, column: value.position.column)
      // Categories compare without regard to case: `Groceries` after `groceries` is the
      // same one given twice.
      if let first = seen[key.text.lowercased()] {
        f.report(
          .error, at: SourceLocation(file: f.file, line: key.line, column: key.column),
          "category '\(key.text)' is given twice (categories ignore case), first at line \(first)",
          hint: "keep one of the two lines")
        continue
      }
      seen[key.text.lowercased()] = key.line
      guard case .scalar(let s) = value, let amount = ScalarParsing.decimal(s.text) else {
        f.report(.error, at: loc, "the budget of category '\(key.text)' must be a number")
        continue
      }
      guard RecordFields.inRange(s.text) else {
        f.report(
          .error, at: loc, "the budget of category '\(key.text)' is out of range: '\(s.text)'",
          hint: "write at most 12 digits before the point and 6 after it, such as 450")
        continue
      }
      guard amount >= 0 else {
        f.report(.error, at: loc, "the budget of category '\(key.text)' must not be negative")
        continue
      }
      out.append(
        CategoryBudget(
          category: key.text.lowercased(), amount: amount,
          location: SourceLocation(file: f.file, line: key.line, column: key.column)))
    }
    return out
  }
}
