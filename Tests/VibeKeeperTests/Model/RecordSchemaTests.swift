import Foundation
import Testing

@testable import VibeKeeper

/// One description per kind: the loader, `new` and the docs all read `RecordSchema`.
@Suite struct RecordSchemaTests {
  static let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0)

  /// A data folder of `files`, loaded with `schema`.
  func load(_ files: [String: String], schema: RecordSchema) throws -> DataLoader.Result {
    let folder = try TempFolder(files)
    defer { folder.cleanup() }
    var loader = DataLoader(root: folder.url, displayRoot: "data")
    loader.schema = schema
    return loader.load()
  }

  /// What the issue asked for: one edit to a kind's description reaches the loader (the
  /// field is accepted and checked by its type), `new` (it can be given and is written) and
  /// the docs' field table.
  @Test func aFieldAddedToOneKindsDescriptionReachesTheLoaderNewAndTheDocs() throws {
    var schema = RecordSchema.standard
    schema[.gifts].fields.append(
      FieldSchema(
        "wrapping", .choice(["paper", "bag"]), example: "paper", meaning: "how it is wrapped"))
    let files = [
      "gifts/a.md": "---\ntitle: A\nwrapping: paper\n---\n",
      "gifts/b.md": "---\ntitle: B\nwrapping: box\n---\n",
    ]
    // The loader: accepted, and checked as a choice.
    let described = try load(files, schema: schema)
    #expect(
      described.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/gifts/b.md:3:11: 'wrapping' must be one of paper, bag, not 'box'"
      ])
    #expect(described.household.gifts.map(\.id) == ["a"])  // b has an error: left out
    // Without the edit it is an unknown field.
    let standard = try load(files, schema: .standard)
    #expect(standard.diagnostics.map(\.message).allSatisfy { $0.contains("unknown field") })
    #expect(standard.diagnostics.count == 2)
    // `new`: the field can be given, and the skeleton shows it.
    let draft = try RecordDraft.make(
      kind: .gifts, title: "Scarf", fields: [("wrapping", "bag")], settings: Settings(),
      today: Self.today, schema: schema
    ).get()
    #expect(draft.text.contains("\nwrapping: bag\n"))
    #expect(draft.problems(in: Household(), displayRoot: "data").isEmpty)
    let plain = try RecordDraft.make(
      kind: .gifts, title: "Scarf", fields: [], settings: Settings(), today: Self.today,
      schema: schema
    ).get()
    #expect(plain.text.contains("\n# wrapping: paper\n"))
    guard
      case .failure(.unknownField) = RecordDraft.make(
        kind: .gifts, title: "Scarf", fields: [("wrapping", "bag")], settings: Settings(),
        today: Self.today)
    else {
      Issue.record("the standard schema has no 'wrapping'")
      return
    }
    // The docs' table.
    #expect(FieldTables.table(schema[.gifts]).contains("| `wrapping` | how it is wrapped |"))
    let docs = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/data-format.md"), encoding: .utf8)
    #expect(FieldTables.update(docs, schema: schema).contains("| `wrapping` | how it is wrapped |"))
    #expect(!docs.contains("`wrapping`"))
  }

  /// A required field added to a description is required by the loader and by `new`.
  @Test func aRequiredFieldIsRequiredEverywhere() throws {
    var schema = RecordSchema.standard
    schema[.items].fields.append(
      FieldSchema("aisle", .number, .required, example: "3", meaning: "where it is"))
    let r = try load(["items/milk.md": "---\nname: Milk\n---\n"], schema: schema)
    #expect(r.diagnostics.map(\.message) == ["missing required field 'aisle'"])
    #expect(r.diagnostics.first?.hint == "add a line such as `aisle: 3`")
    #expect(r.diagnostics.first?.location.line == 2)
    let bad = try load(["items/milk.md": "---\nname: Milk\naisle: left\n---\n"], schema: schema)
    #expect(bad.diagnostics.map(\.message) == ["'aisle' must be a number, not 'left'"])
    #expect(
      RecordDraft.make(
        kind: .items, title: "Milk", fields: [], settings: Settings(), today: Self.today,
        schema: schema
      ).failure == .missingRequired("aisle", kind: .items, example: "3"))
    #expect(FieldTables.table(schema[.items]).contains("| **`aisle`** | where it is |"))
  }

  /// The list-file form comes from the description too.
  @Test func aKindWithoutListsRefusesAListFile() throws {
    let files = [
      "budgets/2026.yml":
        "- {title: A, amount: 1, start: 2026-01-01, end: 2026-01-31}\n- {title: B, amount: 1, start: 2026-02-01, end: 2026-02-28}\n"
    ]
    #expect(try load(files, schema: .standard).household.budgets.count == 2)
    var schema = RecordSchema.standard
    schema[.budgets].lists = false
    let r = try load(files, schema: schema)
    #expect(r.household.budgets.isEmpty)
    #expect(
      r.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/budgets/2026.yml:1:1: a budgets file holds one budget, not a list of 2"
      ])
  }

  /// A reference added to a description is checked against the ids that exist.
  @Test func anAddedReferenceIsChecked() throws {
    var schema = RecordSchema.standard
    schema[.reminders].fields.append(
      FieldSchema("for", .reference(.contacts), example: "family/mom", meaning: "whose it is"))
    let r = try load(
      [
        "contacts/ana.md": "---\nname: Ana\n---\n",
        "reminders/a.md": "---\ntitle: A\nat: 2026-12-01T08:00\nfor: ana\n---\n",
        "reminders/b.md": "---\ntitle: B\nat: 2026-12-01T08:00\nfor: anna\n---\n",
      ], schema: schema)
    #expect(r.diagnostics.map(\.location.file) == ["data/reminders/b.md"])
    #expect(r.diagnostics.first?.hint == "did you mean 'ana'?")
  }

  /// `new` accepts every field its own skeleton shows (it refused `--categories` and
  /// `--items` before), and what it writes loads without a problem.
  @Test(arguments: RecordKind.allCases)
  func newAcceptsEveryFieldOfTheKind(_ kind: RecordKind) throws {
    let described = RecordSchema.standard[kind]
    // Required fields without a default, with their examples.
    let needed = described.fields.filter {
      $0.requirement == .required && $0.fallback == nil && $0.name != described.titleField
    }.map { ($0.name, $0.example) }
    for field in described.fields where field.name != described.titleField {
      if case .mapping = field.type { continue }
      if needed.contains(where: { $0.0 == field.name }) { continue }
      // `occasion: birthday` needs the recipient; `until` a yearly occasion.
      let also =
        field.name == "occasion"
        ? [("for", "family/mom")] : field.name == "until" ? [("recurring", "yearly")] : []
      let value = field.example.replacingOccurrences(of: "$", with: "EUR")
        .replacingOccurrences(of: "%", with: "x")
      let result = RecordDraft.make(
        kind: kind, title: "X", fields: needed + also + [(field.name, value)], settings: Settings(),
        today: Self.today)
      let draft = try result.get()
      let file = RecordFile(kind: kind, path: draft.preferredPath, displayPath: "x")
      let out = file.decode(
        Array(draft.text.utf8), context: DecodeContext(settings: Settings(), schema: .standard))
      #expect(out.diagnostics.isEmpty, "\(kind) --\(field.name) \(value): \(out.diagnostics)")
    }
  }

  @Test func categoriesAndItemsAreWritten() throws {
    let budget = try RecordDraft.make(
      kind: .budgets, title: "December",
      fields: [
        ("amount", "450"), ("categories", "groceries: 300, household=150"),
      ], settings: Settings(), today: Self.today
    ).get()
    #expect(budget.text.contains("\ncategories: {groceries: 300, household: 150}\n"))
    let list = try RecordDraft.make(
      kind: .shopping, title: "Weekly", fields: [("items", "Flour, Oat milk, \"Eggs: 6\"")],
      settings: Settings(), today: Self.today
    ).get()
    #expect(list.text.contains("\nitems:\n  - name: Flour\n  - name: Oat milk\n"))
    // The same thing named twice is one line of two.
    let twice = try RecordDraft.make(
      kind: .shopping, title: "Party", fields: [("items", "Oat milk, Candles, oat milk")],
      settings: Settings(), today: Self.today
    ).get()
    #expect(
      twice.text.contains(
        "\nitems:\n  - name: Oat milk\n    quantity: 2\n  - name: Candles\n---"), "\(twice.text)")
    for draft in [budget, list, twice] {
      #expect(draft.problems(in: Household(), displayRoot: "data").isEmpty, "\(draft.text)")
    }
  }

  /// docs/data-format.md's field tables are the schema's (regenerate with
  /// `VIBEKEEPER_UPDATE_DOCS=1 swift test --filter docsFieldTablesAreCurrent`).
  @Test func docsFieldTablesAreCurrent() throws {
    let url = repositoryRoot.appendingPathComponent("docs/data-format.md")
    let docs = try String(contentsOf: url, encoding: .utf8)
    let current = FieldTables.update(docs, schema: .standard)
    if ProcessInfo.processInfo.environment["VIBEKEEPER_UPDATE_DOCS"] != nil, current != docs {
      try current.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(current == docs, "run VIBEKEEPER_UPDATE_DOCS=1 swift test --filter docsFieldTables")
    for kind in RecordKind.allCases {
      #expect(docs.contains("<!-- fields: \(kind.folder) -->"), "\(kind)")
    }
  }

  /// Each kind has its description, its model type and its list, once each.
  @Test func everyKindHasItsDescriptionTypeAndList() {
    struct Kinds: RecordListVisitor {
      var seen: [RecordKind] = []
      mutating func visit<R: HouseholdRecord>(_ records: inout [R]) { seen.append(R.kind) }
    }
    var household = Household()
    var visitor = Kinds()
    household.visitLists(&visitor)
    #expect(visitor.seen == RecordKind.allCases)
    #expect(RecordSchema.standard.kinds.map(\.kind) == RecordKind.allCases)
    for kind in RecordKind.allCases { #expect(kind.recordType.kind == kind) }
  }

  @Test func kindWordsComeFromTheSchema() {
    #expect(RecordKind(word: "list") == .shopping)
    #expect(RecordKind(word: "shopping-list") == .shopping)
    #expect(RecordKind(word: "Price") == .prices)
    #expect(RecordKind.shopping.singular == "shopping list")
  }
}

extension Result {
  /// The error, when there is one.
  fileprivate var failure: Failure? {
    if case .failure(let e) = self { return e }
    return nil
  }
}

/// A shopping line's name is the same without regard to case, accents or runs of spaces;
/// every other character counts.
@Suite struct ShoppingNameKeyTests {
  @Test func namesDifferByWhatTheySay() {
    #expect(ShoppingEntry.nameKey("Crème  fraîche") == ShoppingEntry.nameKey("creme fraiche"))
    #expect(ShoppingEntry.nameKey("1.5 l water") != ShoppingEntry.nameKey("15 l water"))
    #expect(ShoppingEntry.nameKey("C++ book") != ShoppingEntry.nameKey("C book"))
    #expect(ShoppingEntry.nameKey("🍞") != ShoppingEntry.nameKey("🥐"))
  }
}
