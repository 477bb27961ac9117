import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PriceHistoryTests {
  typealias F = MoneyFixture

  @Test func statisticsNewestFirstAndOutliers() throws {
    var h = Household()
    h.items = [F.item("coffee", "Coffee beans")]
    h.purchases = [
      F.purchase("p1", "2026-11-01", "10.00", item: "coffee", quantity: "2", store: "Aldo"),
      F.purchase("p2", "2026-11-08", "11.00", item: "coffee", store: "Bio"),
      F.purchase("bread", "2026-11-08", "3.00", name: "Bread"),
    ]
    h.prices = [
      F.price("o1", item: "coffee", "2026-11-15", "12.00", store: "Aldo"),
      F.price("o2", item: "coffee", "2026-11-20", "30.00", store: "Corner"),
    ]
    let all = PriceHistory.analyse(h)
    #expect(all.count == 1)
    let c = try #require(all.first)
    #expect(c.name == "Coffee beans")
    #expect(c.currency == "EUR")
    #expect(c.points.map(\.recordID) == ["o2", "o1", "p2", "p1"])
    #expect(c.count == 4)
    #expect(c.latest?.price == 30)
    #expect(c.previous?.price == 12)
    #expect(c.change == 18)
    #expect(c.changePercent == 150)
    #expect(c.min == 10)
    #expect(c.max == 30)
    #expect(c.mean == F.dec("15.75"))
    #expect(c.median == F.dec("11.5"))
    // Aldo means 11.00, Bio 11.00: the tie goes to the name.
    #expect(c.cheapestStore == "Aldo")
    // |30 - 11.5| = 18.5 > 5.75; |10 - 11.5| = 1.5 is not.
    #expect(c.outliers.map(\.recordID) == ["o2"])
  }

  /// Two purchases of an item on one day: the line written last is the latest price
  /// (by its number in the file, not as text: #12 after #3).
  @Test func theLastLineOfADayIsTheLatestPrice() throws {
    var h = Household()
    h.items = [F.item("coffee", "Coffee beans")]
    h.purchases = [
      F.purchase("2026/11#3", "2026-11-08", "10.00", item: "coffee"),
      F.purchase("2026/11#12", "2026-11-08", "11.00", item: "coffee"),
    ]
    let c = try #require(PriceHistory.analyse(h).first)
    #expect(c.points.map(\.recordID) == ["2026/11#12", "2026/11#3"])
    #expect(c.latest?.price == 11)
    #expect(PriceIndex(h).latestPrice(of: "coffee", currency: "EUR", asOf: nil) == 11)
  }

  @Test func singlePrice() throws {
    var h = Household()
    h.purchases = [F.purchase("p", "2026-11-01", "4.20", item: "tea")]
    let t = try #require(PriceHistory.analyse(h).first)
    #expect(t.name == "tea")
    #expect(t.count == 1)
    #expect(t.latest?.price == F.dec("4.20"))
    #expect(t.previous == nil)
    #expect(t.change == nil)
    #expect(t.changePercent == nil)
    #expect(t.min == t.max)
    #expect(t.mean == F.dec("4.20"))
    #expect(t.outliers.isEmpty)
    #expect(t.cheapestStore == nil)
  }

  @Test func equalPricesHaveNoOutliers() throws {
    var h = Household()
    h.prices = (1...3).map { F.price("o\($0)", item: "eggs", "2026-11-0\($0)", "2.50") }
    let e = try #require(PriceHistory.analyse(h).first)
    #expect(e.outliers.isEmpty)
    #expect(e.change == 0)
    #expect(e.changePercent == 0)
  }

  @Test func changePercentFromZeroIsUndefined() throws {
    var h = Household()
    h.prices = [
      F.price("free", item: "sample", "2026-11-01", "0"),
      F.price("paid", item: "sample", "2026-11-02", "2.00"),
    ]
    let s = try #require(PriceHistory.analyse(h).first)
    #expect(s.change == 2)
    #expect(s.changePercent == nil)
  }

  @Test func outlierBoundaryIsStrictlyMoreThanHalf() throws {
    // Median 10: 15 is exactly 50% away (not flagged); 15.01 is more.
    var h = Household()
    h.prices = [
      F.price("a", item: "x", "2026-11-01", "10"), F.price("b", item: "x", "2026-11-02", "10"),
      F.price("c", item: "x", "2026-11-03", "15"), F.price("d", item: "x", "2026-11-04", "5"),
      F.price("e", item: "x", "2026-11-05", "10"),
    ]
    #expect(try #require(PriceHistory.analyse(h).first).outliers.isEmpty)
    h.prices[2].price = F.dec("15.01")
    #expect(try #require(PriceHistory.analyse(h).first).outliers.map(\.recordID) == ["c"])
  }

  @Test func currenciesAreNeverMixed() {
    var h = Household()
    h.items = [F.item("tea", "Tea")]
    h.prices = [
      F.price("eur", item: "tea", "2026-11-01", "3.00"),
      F.price("gbp", item: "tea", "2026-11-02", "2.50", currency: "GBP"),
    ]
    let all = PriceHistory.analyse(h)
    #expect(all.map(\.currency) == ["EUR", "GBP"])
    #expect(all.map(\.count) == [1, 1])
    #expect(PriceHistory.latestPrice(of: "tea", currency: "EUR", in: h) == 3)
    #expect(PriceHistory.latestPrice(of: "tea", currency: "gbp", in: h) == F.dec("2.50"))
    #expect(PriceHistory.latestPrice(of: "tea", currency: "USD", in: h) == nil)
  }

  @Test func sameDayPurchaseComesBeforeObservation() throws {
    var h = Household()
    h.purchases = [F.purchase("bought", "2026-11-01", "2.00", item: "milk")]
    h.prices = [F.price("seen", item: "milk", "2026-11-01", "1.80")]
    let m = try #require(PriceHistory.analyse(h).first)
    #expect(m.points.map(\.recordID) == ["bought", "seen"])
    #expect(PriceHistory.latestPrice(of: "milk", currency: "EUR", in: h) == 2)
  }
}
