import Foundation
import Testing

@testable import VibeKeeper

@Suite struct ShoppingAnalysisTests {
  typealias F = MoneyFixture

  func list(_ entries: [ShoppingEntry], budget: String? = nil) -> ShoppingList {
    var l = ShoppingList(meta: F.meta("shopping", "weekly"), title: "Weekly", currency: "EUR")
    l.entries = entries
    l.budget = budget.map(F.dec)
    return l
  }

  @Test func totalsWithLatestPriceEstimates() throws {
    var h = Household()
    h.items = [F.item("oat-milk", "Oat milk")]
    h.purchases = [
      F.purchase("old", "2026-10-01", "1.79", item: "oat-milk"),
      F.purchase("new", "2026-11-01", "1.99", item: "oat-milk"),
    ]
    // Newer, but in dollars: never used for a euro list.
    h.prices = [F.price("us", item: "oat-milk", "2026-11-10", "2.50", currency: "USD")]
    h.shopping = [
      list(
        [
          F.entry(item: "oat-milk", quantity: "2"),
          F.entry(
            name: "Bread", estimate: "3.00", purchased: .on(F.day("2026-11-20")), actual: "3.20"),
          F.entry(name: "Eggs"),
        ], budget: "10")
    ]
    let summaries = ShoppingAnalysis.analyse(h, today: F.day("2026-11-20"))
    let s = try #require(summaries.first)
    #expect(s.lines.map(\.name) == ["Oat milk", "Bread", "Eggs"])
    #expect(s.lines.map(\.estimateSource) == [.latestPrice, .given, .missing])
    #expect(s.lines[0].estimate == F.dec("1.99"))
    #expect(s.estimatedTotal == F.dec("6.98"))
    #expect(s.missingEstimates == 1)
    #expect(s.spent == F.dec("3.20"))
    #expect(s.unpricedPurchases == 0)
    #expect(s.remaining.map(\.name) == ["Oat milk", "Eggs"])
    #expect(s.remainingEstimate == F.dec("3.98"))
    #expect(!s.overBudget)
    // What was paid (3.20) and the estimates of the rest (3.98), not the bread's estimate.
    #expect(s.expectedTotal == F.dec("7.18"))
    #expect(s.budgetLeft == F.dec("2.82"))
  }

  /// A line bought keeps the plan: its estimate is the price known the day before, not
  /// the price it was bought at (its own purchase, dated that day).
  /// A list done by today was done without its lines not bought: nothing is left to buy,
  /// and the budget counts what was paid (the cake left off the list is not "over budget").
  /// One done on a later day is still open today.
  @Test func aDoneListCountsOnlyWhatWasBought() throws {
    var h = Household()
    var done = list(
      [
        F.entry(name: "Flour", estimate: "3.00", purchased: .on(F.day("2026-11-20"))),
        F.entry(name: "Cake", estimate: "5.00"),
      ], budget: "4")
    done.completed = .on(F.day("2026-11-20"))
    h.shopping = [done]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-21")).first)
    #expect(s.isDone)
    #expect(s.remaining.isEmpty && s.remainingEstimate == 0)
    #expect(s.unbought.map(\.name) == ["Cake"])
    #expect(s.expectedTotal == F.dec("3.00"))
    #expect(!s.overBudget)
    #expect(s.budgetLeft == F.dec("1.00"))
    #expect(s.estimatedTotal == F.dec("8.00"))
    // The day before it was done, the cake was still to buy.
    let open = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-19")).first)
    #expect(!open.isDone)
    #expect(open.remaining.map(\.name) == ["Flour", "Cake"])
    #expect(open.expectedTotal == F.dec("8.00"))
    #expect(open.overBudget)
  }

  @Test func aBoughtLineKeepsItsPlannedEstimate() throws {
    var h = Household()
    h.prices = [F.price("p", item: "coffee", "2026-11-01", "9.29")]
    h.purchases = [F.purchase("paid", "2026-11-02", "12.00", item: "coffee")]
    h.shopping = [
      list(
        [F.entry(item: "coffee", purchased: .on(F.day("2026-11-02")), actual: "12.00")],
        budget: "10")
    ]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-03")).first)
    #expect(s.lines[0].estimate == F.dec("9.29"))
    #expect(s.estimatedTotal == F.dec("9.29"))
    #expect(s.spent == F.dec("12.00"))
  }

  @Test func latestPriceKnownOnTheDay() throws {
    var h = Household()
    h.purchases = [F.purchase("old", "2026-11-01", "1.79", item: "milk")]
    h.prices = [F.price("later", item: "milk", "2026-11-25", "1.99")]
    h.shopping = [list([F.entry(item: "milk", quantity: "2")])]
    let now = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(now.estimatedTotal == F.dec("3.58"))
    let after = try #require(
      ShoppingAnalysis.analyse(h, today: F.day("2026-11-25")).first)
    #expect(after.estimatedTotal == F.dec("3.98"))
    let before = try #require(
      ShoppingAnalysis.analyse(h, today: F.day("2026-10-31")).first)
    #expect(before.estimatedTotal == nil)
  }

  @Test func everyEstimateMissing() throws {
    var h = Household()
    h.shopping = [
      list([F.entry(name: "Eggs"), F.entry(item: "flour", purchased: .yes)], budget: "5")
    ]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(s.estimatedTotal == nil)
    #expect(s.missingEstimates == 2)
    #expect(s.spent == 0)
    #expect(s.unpricedPurchases == 1)
    #expect(!s.overBudget)
    #expect(s.budgetLeft == nil)
    #expect(s.remainingEstimate == 0)
  }

  @Test func overBudgetAndEmptyList() throws {
    var h = Household()
    h.shopping = [list([F.entry(name: "Wine", quantity: "2", estimate: "3.00")], budget: "5")]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(s.estimatedTotal == 6)
    #expect(s.overBudget)
    #expect(s.budgetLeft == -1)
    h.shopping = [list([], budget: "5")]
    let e = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(e.estimatedTotal == 0)
    #expect(!e.overBudget)
  }

  @Test func purchasedWithoutActualUsesTheEstimate() throws {
    var h = Household()
    h.shopping = [list([F.entry(name: "Rice", quantity: "2", estimate: "1.25", purchased: .yes)])]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(s.spent == F.dec("2.50"))
    #expect(s.remaining.isEmpty)
  }

  /// The loader merges lines listed twice (once, with its warning: LoaderKindsTests); the
  /// analysis takes the entries as they are.
  @Test func duplicatesAreMergedByTheModelsRule() throws {
    let (merged, duplicates) = ShoppingEntry.merged([
      F.entry(item: "milk", quantity: "1", estimate: "1.10", line: 3),
      F.entry(name: "Eggs", line: 4),
      F.entry(item: "milk", quantity: "2", estimate: "1.10", line: 5),
      F.entry(name: "eggs", quantity: "6", line: 6),
      // Another estimate: merged, one of the two would be lost from the total.
      F.entry(item: "milk", quantity: "1", estimate: "1.50", line: 7),
      // No estimate: it takes the first line's, as the spec's merge does.
      F.entry(item: "milk", quantity: "1", line: 8),
    ])
    // Bought lines keep their own estimates (one may be what was paid).
    let bought = Completion.on(F.day("2026-11-20"))
    let paid = ShoppingEntry.merged([
      F.entry(item: "eggs", quantity: "1", purchased: bought, line: 3),
      F.entry(item: "eggs", quantity: "1", estimate: "4.50", purchased: bought, line: 4),
    ])
    #expect(paid.entries.count == 2 && paid.duplicates.isEmpty)
    #expect(merged.map(\.quantity) == [4, 7, 1])
    #expect(merged[0].estimate == F.dec("1.10"))
    #expect(merged.map(\.location.line) == [3, 4, 7])
    #expect(duplicates.map(\.0.location.line) == [5, 6, 8])
    #expect(duplicates.map(\.1.location.line) == [3, 4, 3])
  }

  /// Lines in different states stay apart: a bought line and one still to buy, or two
  /// bought at different prices; what was paid is each line's price times its quantity.
  @Test func linesInAnotherStateAreNotMerged() throws {
    let bought = Completion.on(F.day("2026-11-10"))
    let (merged, duplicates) = ShoppingEntry.merged([
      F.entry(item: "coffee", quantity: "1", purchased: bought, actual: "1.00", line: 3),
      F.entry(item: "coffee", quantity: "2", line: 4),
      F.entry(item: "milk", quantity: "1", purchased: bought, actual: "1.00", line: 5),
      F.entry(
        item: "milk", quantity: "2", purchased: .on(F.day("2026-11-12")), actual: "2.00", line: 6),
      F.entry(
        item: "milk", quantity: "3", purchased: .on(F.day("2026-11-12")), actual: "1.00", line: 7),
    ])
    // Bought on another day stays apart (line 7 from line 5): a merge never moves a
    // purchase to another day.
    #expect(merged.map(\.quantity) == [1, 2, 1, 2, 3])
    #expect(merged.map(\.location.line) == [3, 4, 5, 6, 7])
    #expect(merged[2].purchased == bought)
    #expect(duplicates.isEmpty)
    var h = Household()
    h.items = [F.item("coffee", "Coffee"), F.item("milk", "Milk")]
    h.purchases = [F.purchase("c", "2026-11-01", "8.00", item: "coffee")]
    var l = list(merged)
    l.budget = 5
    h.shopping = [l]
    let s = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).first)
    #expect(s.spent == F.dec("9.00"))  // 1 + 1 × 1 + 2 × 2 + 3 × 1
    // As of 11 November, only what was bought by then counts.
    let early = try #require(ShoppingAnalysis.analyse(h, today: F.day("2026-11-11")).first)
    #expect(early.spent == F.dec("2.00"))
  }

  @Test func openListsFirst() {
    var h = Household()
    var done = ShoppingList(meta: F.meta("shopping", "a-done"), title: "Done", currency: "EUR")
    done.completed = .on(F.day("2026-11-01"))
    h.shopping = [
      done, ShoppingList(meta: F.meta("shopping", "b-open"), title: "Open", currency: "EUR"),
    ]
    #expect(
      ShoppingAnalysis.analyse(h, today: F.day("2026-11-20")).map(\.list.id) == [
        "b-open", "a-done",
      ])
  }
}
