import Foundation

/// `vibekeeper bought ITEM [PRICE]`: a purchase, appended to the month's purchases file.
/// With `list`, the matching line of that shopping list is ticked with the price paid, so
/// one entry reaches the list, the budget, the price history and the pantry.
public struct BoughtAction: DataAction {
  /// An item id or name; with `oneOff`, the name of something that is no item.
  public var item: String
  /// Whether `item` is a one-off name (`--name`).
  public var oneOff = false
  /// The unit price paid; by default the list line's estimate, else the item's latest price.
  public var price: Decimal?
  /// `price` as typed (`24.90`): written so, not as the shortest number (`24.9`).
  public var priceText: String?
  /// How many (default the list line's quantity, else 1).
  public var quantity: Decimal?
  /// `quantity` as typed (`0.750`).
  public var quantityText: String?
  public var store: String?
  public var expires: LocalDate?
  public var category: String?
  /// A shopping list (id or title) whose line for the item is ticked.
  public var list: String?
  /// The day it was bought (`YYYY-MM-DD`; default today).
  public var date: String?
  /// The currency paid in (an ISO 4217 code); by default the list's, else the settings'.
  public var currency: String?

  /// A purchase of `item`.
  public init(item: String) { self.item = item }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let day = try c.day(date)
    let found: Item?
    do throws(DataWriter.Problem) {
      found = oneOff ? nil : try c.find(Item.self, item, title: \.name)
    } catch {
      // A list line written by name is ticked by name: say how.
      if let list, let shopping = try? c.find(ShoppingList.self, list, title: \.title),
        shopping.entries.contains(where: {
          $0.item == nil && ActionContext.key($0.name ?? "") == ActionContext.key(item)
        })
      {
        throw DataWriter.Problem(
          description:
            "'\(shopping.title)' lists \(item) by name, not as an item: tick it with `vibekeeper bought --name \"\(item)\" --list \(shopping.id)`"
        )
      }
      throw error
    }
    let name = found?.name ?? item.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw DataWriter.Problem(description: "say what you bought") }
    let home = Currency.normalized(c.household.settings.currency)
    var currency = self.currency.map(Currency.normalized) ?? home
    if let given = self.currency, !ISO4217.isKnown(currency) {
      let closest = ISO4217.closest(to: currency).map { " (did you mean \($0)?)" } ?? ""
      throw DataWriter.Problem(
        description: "'\(given)' is no ISO 4217 currency code\(closest); give one such as EUR")
    }
    if let expires, expires < day {
      throw DataWriter.Problem(
        description:
          "--expires \(expires) is before the day bought, \(day); give the best-before date printed on it"
      )
    }
    var paid = price
    var quantity = quantity
    // The list line to tick, found first: its estimate and quantity are the defaults.
    var tick: (list: ShoppingList, line: ShoppingEntry)?
    if let list {
      let shopping = try c.find(ShoppingList.self, list, title: \.title)
      try shopping.refuseChangesWhenDone()
      // What a list in dollars buys is paid in dollars: the purchase says so, and is
      // never counted in the household's currency.
      let listCurrency = Currency.normalized(shopping.currency)
      if let given = self.currency, Currency.normalized(given) != listCurrency {
        throw DataWriter.Problem(
          description:
            "'\(shopping.title)' is in \(listCurrency), not \(Currency.normalized(given)); buy it without --list, or without --currency"
        )
      }
      currency = listCurrency
      let key = found.map { "item:" + $0.id } ?? ShoppingEntry.nameKey(name)
      let lines = shopping.entries.filter { $0.mergeKey == key }
      guard let ticked = lines.first else {
        throw DataWriter.Problem(
          description:
            "'\(shopping.title)' has no line for \(name); add it with `vibekeeper list \(shopping.id) add \(found?.id ?? "--name " + DataFolderInit.shellQuoted(name))`"
        )
      }
      guard let line = lines.first(where: { !$0.purchased.isDone }) else {
        throw DataWriter.Problem(
          description: "\(name) is already ticked on '\(shopping.title)' (\(ticked.location))")
      }
      // Lines listed twice are one entry to the list, and one line to an edit.
      guard line.lines == 1 else {
        throw DataWriter.Problem(
          description:
            "\(name) is listed \(line.lines) times on '\(shopping.title)' (\(line.location)); merge the lines into one first, then tick it"
        )
      }
      paid = paid ?? line.estimate
      quantity = quantity ?? line.quantity
      tick = (shopping, line)
    }
    if paid == nil, let id = found?.id {
      // The last price on or before the day: the logs of the last month, quarter and year
      // first (a monthly file holds its month's entries), then every file.
      for days in [31, 92, 366, nil] {
        if let days {
          c.records.read(.purchases, months: day.adding(days: -days), day)
          c.records.read(.prices, months: day.adding(days: -days), day)
        } else {
          c.records.readAll(.purchases, .prices)
        }
        paid = PriceIndex(c.household).latestPrice(of: id, currency: currency, asOf: day)
        if paid != nil { break }
      }
    }
    guard let paid else {
      throw DataWriter.Problem(
        description:
          "no price known for \(name); give it: `vibekeeper bought \(found?.id ?? "--name '\(name)'") 1.89`"
      )
    }
    let listChange = try tick.map { t throws(DataWriter.Problem) in
      try ticking(t.line, of: t.list, quantity: quantity, paid: paid, day: day, &c)
    }
    var fields: [(key: String, value: String)] = [("date", day.description)]
    if let found {
      fields.append(("item", found.id))
    } else {
      fields.append(("name", YAMLText.flowScalar(name)))
    }
    // As typed when it was typed (and is what is written), else the shortest form.
    func written(_ value: Decimal, _ given: Decimal?, _ text: String?) -> String {
      if let given, let text, given == value, ScalarParsing.amount(text) == value { return text }
      return ActionContext.amount(value)
    }
    fields.append(("price", written(paid, price, priceText)))
    if currency != home { fields.append(("currency", currency)) }
    if let quantity, quantity != 1 {
      fields.append(("quantity", written(quantity, self.quantity, quantityText)))
    }
    if let store { fields.append(("store", YAMLText.flowScalar(store))) }
    if let category { fields.append(("category", YAMLText.flowScalar(category))) }
    if let expires { fields.append(("expires", expires.description)) }
    let purchase = try c.appending(YAMLText.flowEntry(fields), to: .purchases, month: day)
    let money = Currency.format(paid * (quantity ?? 1), code: currency)
    var summary = "Bought \(name.lowercased() == name ? name : name.lowercasedFirst) \(money)"
    if let store { summary += " at \(store)" }
    return ActionPlan(changes: [purchase] + (listChange.map { [$0] } ?? []), summary: summary)
  }
}

extension BoughtAction {
  /// The change that ticks `line` of `list` as bought on `day` at `paid` each. Fewer than
  /// the line asks for (`--qty 1` of a line of 2) splits it: the line keeps what is still
  /// to buy, and a ticked line for what was bought is added after the list's lines, so the
  /// list, the budget and the purchase agree.
  fileprivate func ticking(
    _ line: ShoppingEntry, of list: ShoppingList, quantity: Decimal?, paid: Decimal,
    day: LocalDate, _ c: inout ActionContext
  ) throws(DataWriter.Problem) -> FileChange {
    let bought: [(key: String, value: String)] = [
      ("purchased", day.description), ("actual", ActionContext.amount(paid)),
    ]
    guard let quantity, quantity > 0, quantity < line.quantity else {
      // More than the line asks for: the line says how many were bought, as the purchase
      // does, so what the list paid is what was paid.
      let more = quantity.map { $0 > line.quantity } == true
      let set = (more ? [("quantity", ActionContext.amount(quantity ?? 1))] : []) + bought
      return try c.editing(list.meta, kind: .shopping, set: set, entry: ("items", line.position))
    }
    let rest = try c.editing(
      list.meta, kind: .shopping,
      set: [("quantity", ActionContext.amount(line.quantity - quantity))],
      entry: ("items", line.position))
    var fields: [(key: String, value: String)] = [
      line.item.map { ("item", $0) } ?? ("name", YAMLText.flowScalar(line.name ?? item))
    ]
    if quantity != 1 { fields.append(("quantity", ActionContext.amount(quantity))) }
    if let estimate = line.estimate { fields.append(("estimate", ActionContext.amount(estimate))) }
    return try c.appendingEntry(
      fields + bought, to: "items", of: list.meta, kind: .shopping, after: rest)
  }
}

extension String {
  /// The text with its first letter in lower case ("Oat milk" gives "oat milk").
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
