/// The fields `new` knows per kind, in the order the skeleton writes them.
enum KindFieldSpecs {
  /// The field the TITLE argument fills: `name` for people and things, `title` for the rest,
  /// the referenced id for prices and results.
  static func titleField(_ kind: RecordKind) -> String {
    switch kind {
    case .contacts, .items, .games, .purchases: "name"
    case .prices: "item"
    case .results: "game"
    default: "title"
    }
  }

  /// Alternative names accepted on the command line, mapped to the written name.
  static let aliases: [RecordKind: [String: String]] = [
    .gifts: ["idea": "title", "recipient": "for"]
  ]

  /// Fields the kind has but `new` cannot fill from one value; the skeleton shows them as
  /// comments.
  static func commentOnly(_ kind: RecordKind) -> [String] {
    switch kind {
    case .budgets: ["# categories: {groceries: 400, household: 150}"]
    case .shopping: ["# items:", "#   - name: Flour", "#     quantity: 2"]
    default: []
    }
  }

  /// The settable fields of a kind, the title field included.
  static func fields(_ kind: RecordKind) -> [FieldSpec] {
    switch kind {
    case .contacts:
      [
        FieldSpec(name: "name", example: "Ngozi Okafor", required: true),
        FieldSpec(name: "first_name", example: "Ngozi"),
        FieldSpec(name: "last_name", example: "Okafor"),
        FieldSpec(name: "relationship", example: "friend"),
        FieldSpec(name: "birthday", example: "1990-05-14"),
        FieldSpec(name: "leap_birthday", example: "feb28"),
        FieldSpec(name: "tags", example: "[family]", style: .list),
      ]
    case .occasions:
      [
        FieldSpec(name: "title", example: "Wedding anniversary", required: true),
        FieldSpec(name: "date", example: "2026-06-14", required: true, fallback: .today),
        FieldSpec(name: "recurring", example: "yearly"),
        FieldSpec(name: "contact", example: "family/mom"),
      ]
    case .gifts:
      [
        FieldSpec(name: "title", example: "Pottery class", required: true),
        FieldSpec(name: "for", example: "family/mom"),
        FieldSpec(name: "occasion", example: "birthday"),
        FieldSpec(name: "price", example: "0.00"),
        FieldSpec(name: "currency", example: "$"),
        FieldSpec(name: "status", example: "idea"),
        FieldSpec(name: "purchased", example: "2026-12-01"),
        FieldSpec(name: "url", example: "https://shop.example/item"),
        FieldSpec(name: "photo", example: "gifts/%.jpg"),
        FieldSpec(name: "tags", example: "[experience]", style: .list),
        FieldSpec(name: "created", example: "2026-11-22", fallback: .today),
      ]
    case .reminders:
      [
        FieldSpec(name: "title", example: "Vitamin D", required: true),
        FieldSpec(name: "note", example: "with breakfast"),
        FieldSpec(name: "category", example: "medication"),
        FieldSpec(name: "enabled", example: "true"),
        FieldSpec(name: "at", example: "2026-12-03T14:15"),
        FieldSpec(
          name: "time", example: "08:30", style: .quoted, fallback: .fixed("09:00"),
          parent: "schedule", unlessGiven: ["at"]),
        FieldSpec(
          name: "days", example: "[mon, wed, fri]", style: .days, fallback: .fixed("daily"),
          parent: "schedule", unlessGiven: ["at"]),
        FieldSpec(name: "starts", example: "2026-11-22", parent: "schedule"),
        FieldSpec(name: "until", example: "2026-12-31", parent: "schedule"),
        FieldSpec(name: "done", example: "2026-11-22"),
      ]
    case .budgets:
      [
        FieldSpec(name: "title", example: "November household", required: true),
        FieldSpec(name: "amount", example: "1200", required: true),
        FieldSpec(name: "currency", example: "$"),
        FieldSpec(name: "start", example: "2026-11-01", required: true, fallback: .monthStart),
        FieldSpec(name: "end", example: "2026-11-30", required: true, fallback: .monthEnd),
        FieldSpec(name: "scope", example: "all"),
        FieldSpec(name: "active", example: "true"),
      ]
    case .purchases:
      [
        FieldSpec(name: "name", example: "Birthday candles"),
        FieldSpec(name: "item", example: "oat-milk"),
        FieldSpec(name: "date", example: "2026-11-20", required: true, fallback: .today),
        FieldSpec(name: "price", example: "2.49", required: true),
        FieldSpec(name: "quantity", example: "1"),
        FieldSpec(name: "total", example: "2.49"),
        FieldSpec(name: "currency", example: "$"),
        FieldSpec(name: "store", example: "Corner shop"),
        FieldSpec(name: "category", example: "groceries"),
        FieldSpec(name: "expires", example: "2026-11-30"),
        FieldSpec(name: "used", example: "2026-11-28"),
      ]
    case .items:
      [
        FieldSpec(name: "name", example: "Oat milk", required: true),
        FieldSpec(name: "brand", example: "Oatly"),
        FieldSpec(name: "category", example: "groceries"),
        FieldSpec(name: "unit", example: "1 l"),
      ]
    case .prices:
      [
        FieldSpec(name: "item", example: "oat-milk", required: true),
        FieldSpec(name: "date", example: "2026-11-20", required: true, fallback: .today),
        FieldSpec(name: "price", example: "1.99", required: true),
        FieldSpec(name: "currency", example: "$"),
        FieldSpec(name: "store", example: "Corner shop"),
      ]
    case .shopping:
      [
        FieldSpec(name: "title", example: "Weekly groceries", required: true),
        FieldSpec(name: "budget", example: "80"),
        FieldSpec(name: "currency", example: "$"),
        FieldSpec(name: "completed", example: "false"),
      ]
    case .games:
      [
        FieldSpec(name: "name", example: "Wordle", required: true),
        FieldSpec(name: "url", example: "https://www.nytimes.com/games/wordle"),
        FieldSpec(name: "active", example: "true"),
      ]
    case .results:
      [
        FieldSpec(name: "game", example: "wordle", required: true),
        FieldSpec(
          name: "date", example: "2026-11-22", required: true, fallback: .today,
          unlessGiven: ["at"]),
        FieldSpec(name: "at", example: "2026-11-22T08:15"),
        FieldSpec(name: "completed", example: "true"),
        FieldSpec(name: "score", example: "4/6"),
      ]
    }
  }
}
