import Foundation

/// Purchases from a CSV (a bank or supermarket export), read with a mapping file
/// (`CSVMapping`): each row's date and amount, a name from its description, and what the
/// mapping's rules add (item, store, category) or skip. A bank's money in (or out, with
/// `spending: positive`) is not a purchase and is counted, not imported. Each row's source
/// key is a hash of its date, amount, description and store, numbered when the same row
/// appears more than once, so a grown export adds only its new rows.
struct PurchasesCSV {
  let mapping: CSVMapping
  let household: Household

  /// An amount as a bank writes it, with two places when it has no more (`4.10`).
  static func money(_ value: Decimal) -> String {
    var scaled = value * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &scaled, 0, .plain)
    return DecimalFormat.plain(value, places: rounded == scaled ? 2 : nil)
  }

  /// The ISO 4217 code of a currency as bank files write it (`eur`, `€`, `EURO`, `US$`,
  /// `£`); `$` alone is the household's when that is a dollar, else USD. Nil for what is
  /// no currency.
  static func currencyCode(_ written: String, home: String) -> String? {
    let text = written.trimmingCharacters(in: .whitespaces).uppercased()
    let signs: [String: String] = [
      "€": "EUR", "EURO": "EUR", "EUROS": "EUR", "£": "GBP", "¥": "JPY", "円": "JPY",
      "US$": "USD", "US $": "USD", "₹": "INR", "CHF.": "CHF", "FR.": "CHF",
    ]
    if text == "$" { return ISO4217.dollars.contains(home) ? home : "USD" }
    if let code = signs[text] { return code }
    guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    return text
  }

  /// The currency sign written in an amount (`€120.00`, `-£4.50`), if any.
  static func currencySign(in amount: String) -> String? {
    amount.first { "€£¥$".contains($0) }.map(String.init)
  }

  /// The problems of the CSV file at `path`; its purchases go to `emit` as they are read.
  func batch(_ path: String, emit: (ImportedRecord) -> Void) -> ImportBatch {
    var batch = ImportBatch(file: path)
    var moneyIn = 0
    var ruled = 0
    var seen: [String: Int] = [:]
    let items = household.ids(of: .items)
    // A rule that names an item that does not exist would make every row it matches fail
    // the writer's check: it is reported once, here.
    var badItems: Set<String> = []
    for rule in mapping.rules {
      if let item = rule.set["item"], !items.contains(item.lowercased()) {
        badItems.insert(item)
        batch.problems.append(
          Diagnostic(
            .warning, SourceLocation(file: mapping.file, line: rule.line, column: 1),
            "the rule names item '\(item)', which does not exist; its rows are imported without an item",
            hint: Suggestion.closest(to: item, in: items).map { "did you mean '\($0)'?" }))
      }
    }
    mapping.rows(path, &batch) { row, batch in
      let line = row.line
      let value = row.value
      guard let dateText = value("date"), let date = mapping.date(dateText) else {
        mapping.notADate(value("date"), line: line, &batch)
        return
      }
      guard let amountText = value("amount"), var amount = mapping.amount(amountText) else {
        batch.problem(
          line: line,
          "'\(value("amount") ?? "")' is not an amount, so the row is not imported",
          hint: mapping.decimalComma ? nil : "for amounts like 12,50 set `decimal: comma`")
        return
      }
      if mapping.spendingNegative { amount = -amount }
      guard amount >= 0 else {
        moneyIn += 1
        return
      }
      // Rules: every one that matches, in order; a later one wins.
      let (fromRules, skip) = mapping.ruled(row)
      if skip {
        ruled += 1
        return
      }
      // A rule wins over the row's column, which wins over the mapping's default.
      var set = mapping.defaults
      for f in ["store", "category", "currency", "name", "item", "quantity", "expires"] {
        if let v = fromRules[f] ?? value(f) { set[f] = v }
      }
      let description = value("description") ?? ""
      // An item that does not exist would make the writer refuse the whole import: the row
      // keeps its name instead, and the item is reported once.
      if let item = set["item"], !items.contains(item.lowercased()) {
        if badItems.insert(item).inserted {
          batch.problem(
            line: line,
            "there is no item '\(item)', so its rows are imported with their names only",
            hint: Suggestion.closest(to: item.lowercased(), in: items).map {
              "did you mean '\($0)'?"
            }
              ?? "create it first: vibekeeper new item \"\(item)\"")
        }
        set["item"] = nil
      }
      // An item's own category is more than the file's default: the default is for rows
      // that say nothing else (a rule's or the row's category still wins).
      if let item = set["item"], fromRules["category"] == nil, value("category") == nil,
        household.item(item.lowercased())?.category != nil
      {
        set["category"] = nil
      }
      let name = set["name"] ?? (description.isEmpty ? nil : VCardContacts.clean(description))
      guard set["item"] != nil || name != nil else {
        batch.problem(
          line: line, "this row has no description, so it has no name; it is not imported",
          hint: "add `description:` under `columns:`, or a rule that sets `name:`")
        return
      }
      var quantity = Decimal(1)
      if let q = set["quantity"] {
        guard let n = mapping.amount(q), n > 0 else {
          batch.problem(
            line: line,
            "the quantity '\(q)' is not a number above zero, so the row is not imported")
          return
        }
        quantity = n
      }
      var price = amount
      if let p = value("price"), let n = mapping.amount(p) {
        price = abs(n)
      } else if quantity != 1 {
        // The unit price of what the row paid, to a tenth of a cent (10.00 for 3 is
        // 3.3333); the row's own amount stays as the purchase's `total`.
        price = DecimalFormat.rounded(amount / quantity, places: 4)
      }
      var fields: [(name: String, value: ImportedRecord.Value)] = [
        ("date", .plain(date.description))
      ]
      if let item = set["item"] { fields.append(("item", .text(item.lowercased()))) }
      if let name, set["item"] == nil || set["name"] != nil {
        fields.append(("name", .text(String(name.prefix(200)))))
      }
      fields.append(("price", .plain(Self.money(price))))
      if quantity != 1 {
        fields.append(("quantity", .plain(ActionContext.amount(quantity))))
        fields.append(("total", .plain(Self.money(amount))))
      }
      if let store = set["store"] {
        fields.append(("store", .text(VCardContacts.clean(store))))
      }
      if let category = set["category"] { fields.append(("category", .text(category))) }
      // The currency: the mapping's (a rule, a column, a default), else the one a sign in
      // the amount names (`€120.00` in a dollar household is 120 EUR, never 120 USD).
      let home = Currency.normalized(household.settings.currency)
      let written = set["currency"] ?? PurchasesCSV.currencySign(in: amountText)
      var currency = home
      if let written {
        guard let code = PurchasesCSV.currencyCode(written, home: home) else {
          batch.problem(
            line: line,
            "'\(written)' is no currency this can read, so the row is not imported",
            hint: "use ISO 4217 codes (EUR, USD, GBP), e.g. a rule or `currency:` in the mapping")
          return
        }
        currency = code
      }
      if currency != home {
        fields.append(("currency", .text(currency)))
      }
      if let e = set["expires"], let d = mapping.date(e) ?? LocalDate(iso: e) {
        fields.append(("expires", .plain(d.description)))
      }
      let content = [
        date.description, ActionContext.amount(amount), description, value("store") ?? "",
      ]
      .joined(separator: "|")
      let n = seen[content, default: 0] + 1
      seen[content] = n
      let key =
        "csv:" + Array(SHA256.hash(Array(content.utf8)).prefix(6)).hexString
        + (n > 1 ? "-\(n)" : "")
      emit(
        ImportedRecord(
          kind: .purchases, key: key, label: name ?? set["item"] ?? "purchase", fields: fields,
          placement: .monthly(year: date.year, month: date.month),
          origin: SourceLocation(file: path, line: line, column: 1)))
    }
    if moneyIn > 0 {
      batch.problems.append(
        Diagnostic(
          .note, SourceLocation(file: path, line: 1, column: 1),
          "\(moneyIn) row\(moneyIn == 1 ? " is" : "s are") money \(mapping.spendingNegative ? "in" : "out") (the other sign), not purchases, so \(moneyIn == 1 ? "it is" : "they are") not imported",
          hint: mapping.spendingNegative
            ? nil : "a bank export writes spending negative: set `spending: negative`"))
    }
    if ruled > 0 {
      batch.problems.append(
        Diagnostic(
          .note, SourceLocation(file: path, line: 1, column: 1),
          "\(ruled) row\(ruled == 1 ? "" : "s") skipped by a rule with `skip: true`"))
    }
    return batch
  }
}
