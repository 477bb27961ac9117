import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PurchaseMathTests {
  typealias F = MoneyFixture

  @Test func totalIsQuantityTimesUnitPriceUnlessGiven() {
    let p = F.purchase("a", "2026-11-01", "2.99", quantity: "0.5")
    #expect(PurchaseMath.total(of: p) == F.dec("1.495"))
    let q = F.purchase("b", "2026-11-01", "2.00", quantity: "3", total: "5.50")
    #expect(PurchaseMath.total(of: q) == F.dec("5.50"))
  }

  @Test func totalRoundedEitherWayIsNotADisagreement() {
    #expect(
      F.purchase("wrong", "2026-11-01", "2.00", quantity: "2", total: "5.00").givenTotalDisagrees)
    #expect(!F.purchase("none", "2026-11-01", "2.00").givenTotalDisagrees)
    // 0.5 x 2.99 = 1.495: the till may say 1.49 or 1.50; 1.48 is off by 0.015.
    for (given, warns) in [("1.50", false), ("1.49", false), ("1.495", false), ("1.48", true)] {
      let p = F.purchase("p", "2026-11-01", "2.99", quantity: "0.5", total: given)
      #expect(p.givenTotalDisagrees == warns, "total \(given)")
    }
    // Yen have no minor unit: 3 x 100 given as 301 is off.
    let yen = F.purchase("y", "2026-11-01", "100", currency: "JPY", quantity: "3", total: "301")
    #expect(yen.givenTotalDisagrees)
  }

  @Test func sumNeverAddsAnotherCurrency() {
    let (total, excluded) = PurchaseMath.sum(
      [
        MoneyAmount(F.dec("10.10"), "EUR"), MoneyAmount(F.dec("5"), "GBP"),
        MoneyAmount(F.dec("0.90"), "eur"), MoneyAmount(F.dec("2"), "USD"),
        MoneyAmount(F.dec("1"), "GBP"),
      ], in: "EUR")
    #expect(total == 11)
    #expect(
      excluded == [
        ExcludedMoney(currency: "GBP", total: 6, count: 2),
        ExcludedMoney(currency: "USD", total: 2, count: 1),
      ])
  }

  @Test func displayNamePrefersTheItem() {
    var h = Household()
    h.items = [F.item("oat-milk", "Oat milk", category: "groceries")]
    #expect(
      PurchaseMath.displayName(of: F.purchase("a", "2026-11-01", "1", item: "oat-milk"), in: h)
        == "Oat milk")
    #expect(
      PurchaseMath.displayName(of: F.purchase("b", "2026-11-01", "1", name: "Bread"), in: h)
        == "Bread")
    #expect(
      PurchaseMath.displayName(of: F.purchase("c", "2026-11-01", "1", item: "gone"), in: h)
        == "gone")
    #expect(h.category(of: F.purchase("a", "2026-11-01", "1", item: "oat-milk")) == "groceries")
    #expect(h.category(of: F.purchase("b", "2026-11-01", "1", name: "Bread")) == "uncategorized")
  }
}
