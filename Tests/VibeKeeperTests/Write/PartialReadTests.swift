import Foundation
import Testing

@testable import VibeKeeper

/// The daily actions read only what they need (`PartialLoad`): the record they name, a
/// log's months around the day. Whatever they read, they must decide as if they had read
/// everything: the same change, the same message, the same refusal.
@Suite struct PartialReadTests {
  /// What a run gives, comparable: the changes and summary, or the refusal.
  struct Result: Equatable, CustomStringConvertible {
    var changes: [FileChange] = []
    var summary = ""
    var refusal: String?
    var description: String { refusal ?? "\(summary): \(changes.map(\.path))" }
  }

  static func run(
    _ action: some DataAction, in root: URL, now: String, everything: Bool
  ) -> Result {
    var runner = ActionRunner(root: root, displayRoot: "data")
    runner.readsEverything = everything
    do {
      let outcome = try runner.run(action, now: now, dryRun: true, commit: false)
      return Result(changes: outcome.plan.changes, summary: outcome.plan.summary)
    } catch {
      return Result(refusal: error.description)
    }
  }

  static func expectSame(
    _ action: some DataAction, in root: URL, now: String = "2026-11-22T10:00",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let partial = run(action, in: root, now: now, everything: false)
    let whole = run(action, in: root, now: now, everything: true)
    #expect(partial == whole, "\(action)", sourceLocation: sourceLocation)
  }

  @Test func everyActionDecidesAsWithTheWholeHousehold() throws {
    let folder = try CLIActionBundledTests.bundledCopy()
    defer { folder.cleanup() }
    let root = folder.url.appendingPathComponent("data")
    // Found by id, by title, by a typo (a did-you-mean), in a subfolder, in a list file.
    for reminder in ["zoe/iron-supplement", "Iron supplement", "zoe/iron-suplement", "dentist"] {
      Self.expectSame(DoneAction(reminder: reminder), in: root)
      var at = DoneAction(reminder: reminder)
      at.at = "2026-11-20T08:40"
      Self.expectSame(at, in: root)
      var due = DoneAction(reminder: reminder)
      due.due = "2026-11-21T08:00"
      Self.expectSame(due, in: root)
    }
    for (game, score) in [("wordle", "3/6"), ("Crossword", "12:30"), ("wordel", "4/6")] {
      var played = PlayedAction()
      played.game = game
      played.score = score
      Self.expectSame(played, in: root)
    }
    // A share text whose puzzle is logged already, and one that is not.
    let grid = "\n\n⬛🟨⬛⬛⬛\n⬛🟩🟩⬛🟨\n🟩🟩🟩🟩🟩"
    for share in ["Wordle 1,254 3/6" + grid, "Wordle 1,600 3/6" + grid] {
      var played = PlayedAction()
      played.share = share
      Self.expectSame(played, in: root)
    }
    for item in ["butter", "milk", "Coffee", "oat-milk", "eggs"] {
      Self.expectSame(BoughtAction(item: item), in: root)
      var priced = BoughtAction(item: item)
      priced.price = 2.49
      Self.expectSame(priced, in: root)
      var ticked = BoughtAction(item: item)
      ticked.list = "baking-for-mum"
      Self.expectSame(ticked, in: root)
      Self.expectSame(UsedAction(item: item), in: root)
    }
    for list in ["baking-for-mum", "Baking for Mum's birthday", "2026-11-14-saturday", "bakng"] {
      Self.expectSame(
        ListAction(list: list, step: .add("flour", quantity: 2, oneOff: false)), in: root)
      Self.expectSame(
        ListAction(list: list, step: .add("Icing sugar", quantity: nil, oneOff: true)), in: root)
      Self.expectSame(ListAction(list: list, step: .done), in: root)
    }
    for gift in ["pottery-course", "birthdays/moomin-mug", "Moomin mug", "olive-tre"] {
      Self.expectSame(GiftAction(gift: gift, step: .bought(price: 12)), in: root)
      Self.expectSame(GiftAction(gift: gift, step: .given(price: nil)), in: root)
    }
  }

  /// A record that gives itself another id than its file's name, a log file not named by
  /// month, a log of another month, and a reference to a record that does not exist.
  @Test func readsWhatDecides() throws {
    let folder = try TempFolder([
      "vibekeeper.yml": "currency: EUR\ntimezone: Europe/Berlin\n",
      // items/milk.yml is not milk: the item `milk` is in the list file.
      "items/milk.yml": "id: oat-milk\nname: Oat milk\n",
      "items/dairy.yml": "- {id: milk, name: Milk}\n- {id: cream, name: Cream}\n",
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "results/2026/10.yml": "- {game: wordle, at: 2026-10-30T08:00, puzzle: 1200, score: 3/6}\n",
      "results/2025/01.yml": "- {game: wordle, at: 2025-01-03T08:00, puzzle: 900, score: 3/6}\n",
      "results/old-notebook.yml": "- {game: wordle, at: 2024-05-01T08:00, puzzle: 1201}\n",
      "purchases/2024/03.yml":
        "- {item: milk, date: 2024-03-02, price: 0.99}\n- {item: cream, date: 2024-03-02, price: 1.49}\n",
      "purchases/2026/10.yml": "- {item: milk, date: 2026-10-30, price: 1.19}\n",
    ])
    defer { folder.cleanup() }
    var bought = BoughtAction(item: "milk")
    bought.price = 1.29
    let result = Self.run(bought, in: folder.url, now: "2026-11-22T10:00", everything: false)
    #expect(result.changes.first?.after.contains("item: milk") == true, "\(result)")
    Self.expectSame(bought, in: folder.url)
    Self.expectSame(BoughtAction(item: "oat-milk"), in: folder.url)

    // The last price: last month's for milk; cream's from 2024 (read when nothing nearer).
    for (item, price) in [("milk", "1.19"), ("cream", "1.49")] {
      let r = Self.run(
        BoughtAction(item: item), in: folder.url, now: "2026-11-22", everything: false)
      #expect(r.changes.first?.after.contains("price: \(price)") == true, "\(item): \(r)")
      Self.expectSame(BoughtAction(item: item), in: folder.url)
    }

    // Puzzle 1200 is in last month's file; 1201 in a file not named by month.
    for puzzle in ["1200", "1201"] {
      var played = PlayedAction()
      played.share = "Wordle \(puzzle) 3/6\n\n⬛🟨⬛⬛⬛\n⬛🟩🟩⬛🟨\n🟩🟩🟩🟩🟩"
      let r = Self.run(played, in: folder.url, now: "2026-11-22T10:00", everything: false)
      #expect(r.refusal?.contains("already logged") == true, "\(puzzle): \(r)")
      Self.expectSame(played, in: folder.url)
    }
    var loader = DataLoader(root: folder.url, displayRoot: "data")
    loader.jobs = 1
    var records = PartialLoad(loader: loader)
    let first = try #require(LocalDate(iso: "2026-10-22"))
    let last = try #require(LocalDate(iso: "2026-12-22"))
    records.read(.results, months: first, last)
    #expect(Set(records.household.results.compactMap(\.puzzle)) == [1200, 1201])
    #expect(records.household.items.isEmpty)
    records.read(.items, id: "cream")
    #expect(records.household.items.map(\.id) == ["cream", "milk", "oat-milk"])
  }

  /// The writer's check still refuses a reference to a record that does not exist, and
  /// the partial read does not leave out a record whose targets it did not read.
  @Test func referencesAreCheckedAgainstWhatExists() throws {
    let folder = try TempFolder([
      "vibekeeper.yml": "currency: EUR\n",
      "items/milk.yml": "name: Milk\n",
      "purchases/2026/11.yml": "- {item: milk, date: 2026-11-02, price: 1.19}\n",
    ])
    defer { folder.cleanup() }
    var records = PartialLoad(loader: DataLoader(root: folder.url, displayRoot: "data"))
    records.readAll(.purchases)
    #expect(records.household.purchases.count == 1)
    let change = FileChange(
      path: "purchases/2026/11.yml",
      before: "- {item: milk, date: 2026-11-02, price: 1.19}\n",
      after:
        "- {item: milk, date: 2026-11-02, price: 1.19}\n- {item: mlik, date: 2026-11-03, price: 1}\n"
    )
    records.read(targetsOf: records.addedReferences(in: [change]))
    #expect(records.household.items.map(\.id) == ["milk"])
    let writer = DataWriter(root: folder.url, displayRoot: "data")
    #expect(throws: DataWriter.Problem.self) {
      try writer.check([change], household: records.household, schema: .standard)
    }
  }
}
