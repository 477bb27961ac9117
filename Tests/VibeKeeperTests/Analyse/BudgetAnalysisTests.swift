import Foundation
import Testing

@testable import VibeKeeper

@Suite struct BudgetAnalysisTests {
  typealias F = MoneyFixture

  /// November 2026 (30 days), 300 EUR, one 30.00 purchase on the first day.
  func november(_ purchases: [Purchase]) -> Household {
    var h = Household()
    h.budgets = [F.budget("november", "2026-11-01", "2026-11-30", amount: "300")]
    h.purchases = purchases
    return h
  }

  func only(_ h: Household, today: String) throws -> BudgetSummary {
    let a = BudgetAnalysis.analyse(h, today: F.day(today))
    return try #require(a.summaries.first)
  }

  @Test func firstDay() throws {
    let s = try only(november([F.purchase("p", "2026-11-01", "30.00")]), today: "2026-11-01")
    #expect(s.state == .current)
    #expect((s.totalDays, s.daysElapsed, s.daysRemaining) == (30, 1, 29))
    #expect(s.spent == 30)
    #expect(s.remaining == 270)
    #expect(s.percentUsed == 10)
    #expect(s.dailyAverage == 30)
    // One day of thirty says nothing of the end: no projection before a quarter (8 days).
    #expect(s.projectedTotal == nil)
    #expect(s.projectionDays == 8)
    #expect(s.projectionBasis == "too early: it needs 8 of the 30 days")
    #expect(s.onTrack)  // not over yet
    #expect(!s.alert)
  }

  @Test func lastDay() throws {
    let s = try only(november([F.purchase("p", "2026-11-01", "30.00")]), today: "2026-11-30")
    #expect(s.state == .current)
    #expect((s.daysElapsed, s.daysRemaining) == (30, 0))
    #expect(s.dailyAverage == 1)
    #expect(s.projectedTotal == 30)
    #expect(s.onTrack)
  }

  @Test func afterTheEndClampsToTheWholePeriod() throws {
    let s = try only(november([F.purchase("p", "2026-11-01", "30.00")]), today: "2027-01-15")
    #expect(s.state == .ended)
    #expect((s.daysElapsed, s.daysRemaining) == (30, 0))
    #expect(s.projectedTotal == 30)
  }

  @Test func beforeTheStartClampsToOneDay() throws {
    // As of today: a purchase dated after it (entered ahead) is not spent yet.
    let s = try only(november([F.purchase("p", "2026-11-01", "30.00")]), today: "2026-10-20")
    #expect(s.state == .upcoming)
    #expect((s.daysElapsed, s.daysRemaining) == (1, 29))
    #expect(s.spent == 0)
    #expect(s.dailyAverage == 0)
  }

  /// A report at a `--now` in the past counts what had happened by then only.
  @Test func spendingAfterTodayIsNotCounted() throws {
    let s = try only(
      november([
        F.purchase("early", "2026-11-02", "10.00"), F.purchase("later", "2026-11-25", "50.00"),
      ]), today: "2026-11-10")
    #expect(s.spent == 10)
    #expect(s.count == 1)
    #expect(s.projectedTotal == 30)
  }

  @Test func noPurchasesAtAll() throws {
    let s = try only(november([]), today: "2026-11-10")
    #expect(s.spent == 0)
    #expect(s.remaining == 300)
    #expect(s.percentUsed == 0)
    #expect(s.dailyAverage == 0)
    #expect(s.projectedTotal == 0)
    #expect(s.onTrack)
    #expect(!s.alert)
    #expect(s.count == 0)
    #expect(s.categories.isEmpty)
    #expect(s.excluded.isEmpty)
  }

  @Test func spendingInThePeriodScopeAndCurrencyOnly() throws {
    var h = november([
      F.purchase("milk", "2026-11-02", "1.50", item: "oat-milk", quantity: "30"),  // 45.00
      F.purchase("soap", "2026-11-10", "30.00", category: "household"),
      F.purchase("october", "2026-10-31", "100"),
      F.purchase("december", "2026-12-01", "100"),
      F.purchase("london", "2026-11-05", "20.00", currency: "GBP", name: "Tea"),
    ])
    h.items = [F.item("oat-milk", "Oat milk", category: "groceries")]
    let a = BudgetAnalysis.analyse(h, today: F.day("2026-11-10"))
    let s = try #require(a.summaries.first)
    #expect((s.totalDays, s.daysElapsed, s.daysRemaining) == (30, 10, 20))
    #expect(s.spent == 75)
    #expect(s.count == 2)
    #expect(s.percentUsed == 25)
    #expect(s.dailyAverage == F.dec("7.5"))
    #expect(s.projectedTotal == 225)
    #expect(s.onTrack)
    #expect(s.excluded == [ExcludedMoney(currency: "GBP", total: 20, count: 1)])
    #expect(
      s.categories == [
        CategorySpending(category: "groceries", spent: 45, budget: nil, over: false),
        CategorySpending(category: "household", spent: 30, budget: nil, over: false),
      ])
    let warning = try #require(a.diagnostics.first)
    #expect(a.diagnostics.count == 1)
    #expect(warning.location.file == "purchases/london.yml")
    #expect(warning.related?.file == "budgets/november.yml")
    #expect(warning.message.contains("20.00 GBP"))
    #expect(warning.message.contains("never converted"))
  }

  @Test func categoryOverItsOwnBudget() throws {
    var h = Household()
    h.budgets = [
      F.budget(
        "november", "2026-11-01", "2026-11-30", amount: "300",
        categories: [("Groceries", "40"), ("household", "50"), ("pets", "10")])
    ]
    h.purchases = [
      F.purchase("a", "2026-11-02", "45.00", category: "groceries"),
      F.purchase("b", "2026-11-03", "30.00", category: "household"),
      F.purchase("c", "2026-11-04", "5.00", category: "books"),
    ]
    let s = try only(h, today: "2026-11-10")
    #expect(
      s.categories == [
        CategorySpending(category: "Groceries", spent: 45, budget: 40, over: true),
        CategorySpending(category: "household", spent: 30, budget: 50, over: false),
        CategorySpending(category: "books", spent: 5, budget: nil, over: false),
        CategorySpending(category: "pets", spent: 0, budget: 10, over: false),
      ])
  }

  @Test func alertAtOrAboveThePercent() throws {
    var h = november([F.purchase("p", "2026-11-05", "240.00")])
    #expect(try only(h, today: "2026-11-10").alert)  // exactly 80%
    h.purchases = [F.purchase("p", "2026-11-05", "239.99")]
    #expect(try !only(h, today: "2026-11-10").alert)
    h.settings.budgets.alertPercent = 50
    #expect(try only(h, today: "2026-11-10").alert)
  }

  @Test func onTrackIsDecidedExactly() throws {
    // 60 spent in 9 of 30 days projects exactly 200: on track for a 200 budget, although
    // 60 / 9 has no exact decimal.
    var h = november([F.purchase("p", "2026-11-02", "60")])
    h.budgets[0].amount = 200
    let s = try only(h, today: "2026-11-09")
    #expect(s.onTrack)
    #expect(DecimalFormat.plain(s.projectedTotal ?? 0, places: 2) == "200.00")
    #expect(s.projectionBasis == "the pace of the 9 days so far (of 30)")
    h.budgets[0].amount = F.dec("199.99")
    #expect(try !only(h, today: "2026-11-09").onTrack)
  }

  @Test func categoryAndGiftScopes() throws {
    var h = Household()
    h.items = [F.item("oat-milk", "Oat milk", category: "groceries")]
    h.budgets = [
      F.budget("food", "2026-11-01", "2026-11-30", amount: "100", scope: .category("Groceries")),
      F.budget("gifts", "2026-11-01", "2026-11-30", amount: "100", scope: .gifts),
    ]
    h.purchases = [
      F.purchase("milk", "2026-11-02", "2", item: "oat-milk"),
      F.purchase("soap", "2026-11-02", "3", category: "household"),
    ]
    func gift(_ id: String, _ purchased: String?, _ price: String?) -> Gift {
      var g = Gift(meta: F.meta("gifts", id), title: id, currency: "EUR")
      g.purchased = purchased.map(F.day)
      // As the loader reads it: a `purchased:` date without a status is purchased.
      if purchased != nil { g.status = .purchased }
      g.price = price.map(F.dec)
      return g
    }
    h.gifts = [
      gift("lamp", "2026-11-05", "25"), gift("idea", nil, "40"), gift("free", "2026-11-05", nil),
      gift("old", "2026-10-01", "60"),
    ]
    let a = BudgetAnalysis.analyse(h, today: F.day("2026-11-10"))
    #expect(a.summaries.map(\.budget.id) == ["food", "gifts"])
    #expect(a.summaries.map(\.spent) == [2, 25])
    #expect(a.summaries[1].categories.map(\.category) == ["gifts"])
    #expect(a.diagnostics.isEmpty)
  }

  /// A later budget supersedes an earlier one only while it runs (before it starts the
  /// earlier one stands, and alerts), and only in the same currency (budgets in two
  /// currencies count different money).
  @Test func aBudgetIsSupersededOnlyWhileTheLaterOneRuns() throws {
    var h = Household()
    h.budgets = [
      F.budget("year", "2026-01-01", "2026-12-31", amount: "3000"),
      F.budget("december", "2026-12-01", "2026-12-31", amount: "300"),
      F.budget("usd", "2026-12-01", "2026-12-31", amount: "300", currency: "USD"),
    ]
    func superseded(_ day: String) -> [String] {
      BudgetAnalysis.analyse(h, today: F.day(day)).summaries.first { $0.budget.id == "year" }?
        .supersededBy ?? ["?"]
    }
    #expect(superseded("2026-11-22") == [])
    #expect(superseded("2026-12-05") == ["december"])
    let a = BudgetAnalysis.analyse(h, today: F.day("2026-11-22"))
    #expect(a.diagnostics.count == 1)  // the EUR overlap, said ahead of time; not the USD one
    #expect(a.diagnostics.first?.message.contains("'december'") == true)
  }

  @Test func overlappingBudgetsLaterStartWins() throws {
    var h = Household()
    h.budgets = [
      F.budget("autumn", "2026-11-01", "2026-11-30", amount: "300"),
      F.budget("winter", "2026-11-15", "2026-12-15", amount: "300"),
      F.budget("presents", "2026-11-01", "2026-11-30", amount: "100", scope: .gifts),
      F.budget("old", "2026-11-01", "2026-11-30", amount: "100", active: false),
      F.budget("spring", "2027-03-01", "2027-05-31", amount: "300"),
    ]
    let a = BudgetAnalysis.analyse(h, today: F.day("2026-11-20"))
    let byID = Dictionary(uniqueKeysWithValues: a.summaries.map { ($0.budget.id, $0) })
    #expect(byID["autumn"]?.supersededBy == ["winter"])
    #expect(byID["winter"]?.isSuperseded == false)
    #expect(byID["presents"]?.isSuperseded == false)
    #expect(byID["old"]?.isSuperseded == false)
    #expect(byID["spring"]?.isSuperseded == false)
    let w = try #require(a.diagnostics.first)
    #expect(a.diagnostics.count == 1)
    #expect(w.location.file == "budgets/autumn.yml")
    #expect(w.related?.file == "budgets/winter.yml")
    #expect(w.message.contains("budgets/autumn.yml"))
    #expect(w.message.contains("budgets/winter.yml"))
    #expect(w.message.contains("2026-11-15 to 2026-11-30"))
  }

  @Test func sameStartTheLaterIDWins() {
    var h = Household()
    h.budgets = [
      F.budget("b", "2026-11-01", "2026-11-30", amount: "1", scope: .category("Food")),
      F.budget("a", "2026-11-01", "2026-11-10", amount: "1", scope: .category("food")),
    ]
    let a = BudgetAnalysis.analyse(h, today: F.day("2026-11-05"))
    #expect(a.summaries.map(\.budget.id) == ["a", "b"])
    #expect(a.summaries.map(\.supersededBy) == [["b"], []])
  }

  @Test func invalidValuesNeverCrash() throws {
    var h = november([F.purchase("p", "2026-11-02", "5")])
    h.budgets[0].amount = 0
    let s = try only(h, today: "2026-11-10")
    #expect(s.percentUsed == nil)
    #expect(s.alert)
    #expect(!s.onTrack)
    h.budgets[0] = F.budget("backwards", "2026-11-30", "2026-11-01", amount: "10")
    let b = try only(h, today: "2026-11-10")
    #expect((b.totalDays, b.daysElapsed, b.daysRemaining) == (1, 1, 0))
    #expect(b.spent == 0)
  }
}
