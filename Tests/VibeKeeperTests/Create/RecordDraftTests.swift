import Foundation
import Testing

@testable import VibeKeeper

@Suite struct RecordDraftTests {
  let today = LocalDate(year: 2026, month: 11, day: 22)!

  @Test(arguments: [
    ("Pottery class", "pottery-class"), ("Zoë's Café", "zoes-cafe"),
    ("Straße & Grüße", "strasse-grusse"), ("Ærø Øl", "aero-ol"),
    ("  --Board   game!! ", "board-game"), ("2026: the year", "2026-the-year"),
    ("!!!", "untitled"), ("Tomás’ gift", "tomas-gift"),
    // Other scripts in Latin letters, so their names give ids of their own.
    ("日本", "ri-ben"), ("Праздники", "prazdniki"), ("さくら's anniversary", "sakuras-anniversary"),
  ])
  func slugs(_ title: String, _ slug: String) {
    #expect(Slug.make(title) == slug)
  }

  @Test func longSlugsStopAtAWord() {
    let slug = Slug.make(String(repeating: "abcdefghij ", count: 10))
    #expect(slug.count <= Slug.maxLength)
    #expect(slug == Array(repeating: "abcdefghij", count: 5).joined(separator: "-"))
    #expect(Slug.make(String(repeating: "x", count: 80)).count == 60)
  }

  /// Decodes a draft with the loader's per-file decoder and returns the record.
  func decoded(_ draft: RecordDraft, settings: Settings = Settings()) -> LoadedRecord? {
    let file = RecordFile(kind: draft.kind, path: draft.preferredPath, displayPath: "x")
    let out = file.decode(
      Array(draft.text.utf8),
      context: DecodeContext(settings: settings, schema: .standard))
    #expect(out.diagnostics.isEmpty, "\(out.diagnostics)\n\(draft.text)")
    return out.records.first
  }

  @Test(arguments: [
    "Dinner: 7 pm", "Tickets #1 and #2", "@home spa day", "\"Quoted\" title", "'single'",
    "Line one\nline two", "null", "true", "~", "- dash first", "Tab\there", "back\\slash",
    "[not a list]", "{not: a map}", "Ends with colon:", "% percent", "Zoë’s “curly” gift",
    "emoji 🎁 gift", "? question", "a: b # c", "0123", "2026-11-22", "*star", "&anchor",
    "!tag", "|pipe", ">fold", "`tick`", "x\u{2028}y", "nbsp\u{A0}inside",
  ])
  func titlesRoundTrip(_ title: String) throws {
    let draft = try RecordDraft.make(
      kind: .gifts, title: title, fields: [("tags", "a: b, #c, plain")], settings: Settings(),
      today: today
    ).get()
    guard case .gift(let g)? = decoded(draft) else {
      Issue.record("no gift from \(draft.text)")
      return
    }
    #expect(g.title == title)
    #expect(g.tags == ["a: b", "#c", "plain"])
  }

  @Test func giftSkeleton() throws {
    var settings = Settings()
    settings.currency = "EUR"
    let draft = try RecordDraft.make(
      kind: .gift, title: "Pottery class", fields: [("for", "family/mom"), ("price", "80")],
      settings: settings, today: today
    ).get()
    #expect(
      draft.text == """
        ---
        title: Pottery class
        for: family/mom
        # occasion: birthday
        price: 80
        # currency: EUR
        # status: idea
        # purchased: 2026-12-01
        # given: 2026-12-24
        # url: https://shop.example/item
        # photo: gifts/pottery-class.jpg
        # tags: [experience]
        created: 2026-11-22
        ---

        """)
    #expect(draft.preferredPath == "gifts/pottery-class.md")
  }

  @Test(arguments: RecordKind.allCases)
  func everyKindDraftsAndLoads(_ kind: RecordKind) throws {
    let needs: [RecordKind: [(String, String)]] = [
      .budgets: [("amount", "300")], .purchases: [("price", "2.49")], .prices: [("price", "1.99")],
    ]
    let draft = try RecordDraft.make(
      kind: kind, title: "Oat milk", fields: needs[kind] ?? [], settings: Settings(), today: today
    ).get()
    #expect(decoded(draft) != nil, "\(draft.text)")
    #expect(draft.text.hasPrefix("---\n"))
    #expect(draft.text.contains("\n# "))  // commented optional fields
  }

  @Test func defaultsFillRequiredDates() throws {
    let budget = try RecordDraft.make(
      kind: .budgets, title: "Groceries", fields: [("amount", "450")], settings: Settings(),
      today: LocalDate(year: 2028, month: 2, day: 10)!
    ).get()
    #expect(budget.values["start"] == "2028-02-01")
    #expect(budget.values["end"] == "2028-02-29")
    let occasion = try RecordDraft.make(
      kind: .occasions, title: "Party", fields: [], settings: Settings(), today: today
    ).get()
    #expect(occasion.values["date"] == "2026-11-22")
    let oneTime = try RecordDraft.make(
      kind: .reminders, title: "Dentist", fields: [("at", "2026-12-03T14:15")],
      settings: Settings(), today: today
    ).get()
    #expect(oneTime.values["time"] == nil)
    #expect(oneTime.text.contains("\n# schedule:\n#   time: 08:30\n"))
    guard case .reminder(let r)? = decoded(oneTime) else {
      Issue.record("no reminder")
      return
    }
    #expect(r.title == "Dentist")
  }

  @Test func usageProblems() {
    func problem(_ kind: RecordKind, _ fields: [(String, String)]) -> NewRecordProblem? {
      if case .failure(let p) = RecordDraft.make(
        kind: kind, title: "X", fields: fields, settings: Settings(), today: today)
      {
        return p
      }
      return nil
    }
    #expect(
      problem(.gifts, [("prise", "3")])
        == .unknownField(
          "prise", kind: .gifts, suggestion: "price",
          known: RecordSchema.standard[.gifts].fields.acceptedNames))
    #expect(problem(.gifts, [("title", "Y")]) == .titleAsOption("title"))
    #expect(problem(.gifts, [("idea", "Y")]) == .titleAsOption("idea"))
    #expect(problem(.gifts, [("price", "1"), ("price", "2")]) == .duplicateField("price"))
    #expect(problem(.budgets, []) == .missingRequired("amount", kind: .budgets, example: "1200"))
    #expect(problem(.gifts, [("recipient", "mom")]) == nil)
    if case .failure(let p) = RecordDraft.make(
      kind: .gifts, title: "  ", fields: [], settings: Settings(), today: today)
    {
      #expect(p == .emptyTitle)
    }
  }

  @Test func kindWords() {
    #expect(RecordKind(word: "gift") == .gifts)
    #expect(RecordKind(word: "Contacts") == .contacts)
    #expect(RecordKind(word: "shopping-list") == .shopping)
    #expect(RecordKind(word: "price") == .prices)
    #expect(RecordKind(word: "gft") == nil)
  }

  @Test func badValuesAreLoaderErrors() throws {
    let h = try CaptureFixture.household()
    let draft = try RecordDraft.make(
      kind: .gifts, title: "Lamp", fields: [("price", "abc"), ("for", "mum")],
      settings: h.settings, today: today
    ).get()
    let problems = draft.problems(in: h, displayRoot: "data").map {
      "\($0.location): \($0.message) | \($0.hint ?? "")"
    }
    #expect(
      problems == [
        "data/gifts/lamp.md:3:6: 'for' names no contact 'mum' | did you mean 'family/mom'?",
        "data/gifts/lamp.md:5:8: 'price' must be a number, not 'abc' | write a plain number such as 12.50 (no currency sign)",
      ])
  }
}

extension RecordKind {
  /// The singular spelling for tests (`.gift` reads like the command line).
  static var gift: RecordKind { .gifts }
}
