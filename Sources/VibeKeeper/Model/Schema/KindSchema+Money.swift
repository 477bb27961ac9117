extension KindSchema {
  /// `budgets/`: spending budgets for a period.
  public static let budgets = KindSchema(
    .budgets, singular: "budget", holds: "spending budgets for a period", titleField: "title",
    body: "notes",
    fields: [
      FieldSchema("title", .text, .required, example: "November household", meaning: "its name"),
      FieldSchema(
        "amount", .number, .required, example: "1200",
        meaning: "the budget, greater than zero"),
      .currency,
      FieldSchema(
        "start", .date, .required, example: "2026-11-01", fallback: .monthStart,
        meaning: "the first day of the period (inclusive)"),
      FieldSchema(
        "end", .date, .required, example: "2026-11-30", fallback: .monthEnd,
        meaning: "the last day of the period (inclusive), not before `start`"),
      FieldSchema(
        "scope", .text, example: "all",
        meaning:
          "`all` (default: every purchase), `gifts` (gifts bought and purchases of category `gifts`), "
          + "or a purchase category (`groceries`)"
      ),
      FieldSchema(
        "categories", .amounts, example: "{groceries: 400, household: 150}",
        meaning: "a map of category to amount: a budget per category within this one"),
      FieldSchema("active", .bool, example: "true", meaning: "`true` (default) or `false`"),
    ])

  /// `purchases/`: things you bought.
  public static let purchases = KindSchema(
    .purchases, singular: "purchase", holds: "things you bought", titleField: "name",
    body: "notes (in a `.md` file)",
    fields: [
      FieldSchema(
        "name", .text, .requiredUnless(["item"]), example: "Birthday candles",
        meaning: "a free-text name when there is no item"),
      FieldSchema(
        "item", .reference(.items), .requiredUnless(["name"]), example: "oat-milk",
        meaning: "what you bought (an item id)"),
      FieldSchema(
        "date", .date, .required, example: "2026-11-20", fallback: .today,
        meaning: "when you bought it"),
      FieldSchema(
        "price", .number, .required, example: "2.49", meaning: "the unit price, zero or more"),
      FieldSchema(
        "quantity", .number, example: "1",
        meaning: "how many, a decimal (default 1): `2`, `0.75` (kg)"),
      FieldSchema(
        "total", .number, example: "2.49",
        meaning:
          "what you paid for the line (default price × quantity; a different total is a warning)"),
      .currency,
      .store,
      FieldSchema(
        "category", .text, example: "groceries",
        meaning: "the spending category (default the item's category, else `uncategorized`)"),
      FieldSchema(
        "expires", .date, example: "2026-11-30", meaning: "best-before date: puts it in the pantry"),
      FieldSchema(
        "used", .date, example: "2026-11-28",
        meaning: "the date it was used up: it leaves the pantry"),
      FieldSchema(
        "wasted", .bool, example: "true",
        meaning: "`true` when it was thrown away rather than used (with `used`, the day it went)"),
    ])

  /// `items/`: the things you buy again and again.
  public static let items = KindSchema(
    .items, singular: "item", holds: "the things you buy again and again", titleField: "name",
    body: "notes",
    fields: [
      FieldSchema("name", .text, .required, example: "Oat milk", meaning: "what it is"),
      FieldSchema("brand", .text, example: "Oatly", meaning: "the brand"),
      FieldSchema(
        "category", .text, example: "groceries",
        meaning:
          "the spending category of its purchases: `groceries`, `household`, `personal care`, ..."),
      FieldSchema(
        "unit", .text, example: "1 l",
        meaning: "what one of it is: `1 l`, `500 g`, `kg`, `8 rolls`"),
    ])

  /// `prices/`: prices seen without buying.
  public static let prices = KindSchema(
    .prices, singular: "price", holds: "prices you saw without buying", titleField: "item",
    body: nil,
    fields: [
      FieldSchema(
        "item", .reference(.items), .required, example: "oat-milk",
        meaning: "the item (an item id)"),
      FieldSchema(
        "date", .date, .required, example: "2026-11-20", fallback: .today,
        meaning: "when you saw the price"),
      FieldSchema("price", .number, .required, example: "1.89", meaning: "the unit price"),
      .currency,
      .store,
    ])

  /// One entry of a shopping list's `items:`.
  public static let shoppingEntry: [FieldSchema] = [
    FieldSchema(
      "name", .text, .requiredUnless(["item"]), example: "Flour",
      meaning: "free text, for things you have no item for"),
    FieldSchema(
      "item", .reference(.items), .requiredUnless(["name"]), example: "oat-milk",
      meaning: "an item id"),
    FieldSchema("quantity", .number, example: "2", meaning: "how many (default 1)"),
    FieldSchema(
      "estimate", .number, example: "1.10",
      meaning: "the expected unit price (default the item's latest known price)"),
    FieldSchema(
      "purchased", .completion, example: "true", meaning: "`true`, or the date you got it"),
    FieldSchema("actual", .number, example: "1.20", meaning: "the unit price you actually paid"),
  ]

  /// `shopping/`: shopping lists.
  public static let shopping = KindSchema(
    .shopping, singular: "shopping list",
    words: ["list", "lists", "shopping-list", "shopping-lists"], holds: "shopping lists",
    titleField: "title", body: "notes",
    fields: [
      FieldSchema(
        "title", .text, .required, example: "Weekly groceries", meaning: "the list's name"),
      FieldSchema(
        "budget", .number, example: "80", meaning: "what you mean to spend, greater than zero"),
      .currency,
      FieldSchema(
        "completed", .completion, example: "false",
        meaning: "`true`, or the date the list was done"),
      FieldSchema(
        "items", .entries(shoppingEntry), example: "Flour, Milk",
        meaning: "the entries, see below"),
    ])
}
