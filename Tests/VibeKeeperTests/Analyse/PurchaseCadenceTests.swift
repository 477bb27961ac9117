import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PurchaseCadenceTests {
  typealias F = MoneyFixture

  func cadence(_ dates: [String], today: String = "2026-11-20") throws -> ItemCadence {
    var h = Household()
    h.items = [F.item("milk", "Milk")]
    h.purchases = dates.enumerated().map {
      F.purchase("p\($0.offset)", $0.element, "1", item: "milk")
    }
    return try #require(PurchaseCadence.analyse(h, today: F.day(today)).first)
  }

  @Test func twoDistinctDaysGiveNoCadence() throws {
    let c = try cadence(["2026-11-01", "2026-11-08"])
    #expect(!c.hasCadence)
    #expect(c.meanInterval == nil)
    #expect(c.nextExpected == nil)
    #expect(c.daysUntilNext == nil)
    #expect(c.lastPurchase == F.day("2026-11-08"))
  }

  @Test func threeDistinctDays() throws {
    let c = try cadence(["2026-11-15", "2026-11-01", "2026-11-08"])
    #expect(c.days.map(\.description) == ["2026-11-01", "2026-11-08", "2026-11-15"])
    #expect(c.meanInterval == 7)
    #expect(c.nextExpected == F.day("2026-11-22"))
    #expect(c.daysUntilNext == 2)
  }

  @Test func sameDayPurchasesCountOnce() throws {
    let c = try cadence(["2026-11-01", "2026-11-01", "2026-11-08"])
    #expect(c.purchaseCount == 3)
    #expect(c.days.count == 2)
    #expect(!c.hasCadence)
    let d = try cadence(["2026-11-01", "2026-11-01", "2026-11-04", "2026-11-08"])
    #expect(d.days.count == 3)
    // 7 days over 2 intervals: 3.5, rounded half up to 4.
    #expect(d.meanInterval == F.dec("3.5"))
    #expect(d.nextExpected == F.day("2026-11-12"))
  }

  @Test func roundingAndOverdue() throws {
    // 10 days over 3 intervals: 3.33..., next = last + 3.
    let c = try cadence(
      ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-11"], today: "2026-11-20")
    #expect(DecimalFormat.plain(c.meanInterval ?? 0, places: 1) == "3.3")
    #expect(c.nextExpected == F.day("2026-11-14"))
    #expect(c.daysUntilNext == -6)
  }

  @Test func acrossTheYearEndAndLeapDay() throws {
    let c = try cadence(["2026-12-20", "2026-12-27", "2027-01-03"], today: "2027-01-05")
    #expect(c.nextExpected == F.day("2027-01-10"))
    let l = try cadence(["2028-02-15", "2028-02-22", "2028-02-29"], today: "2028-03-01")
    #expect(l.nextExpected == F.day("2028-03-07"))
  }

  @Test func orderSoonestFirstThenWithoutCadence() {
    var h = Household()
    h.items = [F.item("a", "Apples"), F.item("b", "Bread"), F.item("c", "Cheese")]
    h.purchases = [
      F.purchase("a1", "2026-11-01", "1", item: "a"),
      F.purchase("a2", "2026-11-11", "1", item: "a"),
      F.purchase("a3", "2026-11-21", "1", item: "a"),  // next 12-01
      F.purchase("b1", "2026-11-01", "1", item: "b"),
      F.purchase("b2", "2026-11-02", "1", item: "b"),
      F.purchase("b3", "2026-11-03", "1", item: "b"),  // next 11-04
      F.purchase("c1", "2026-11-03", "1", item: "c"),
      F.purchase("n", "2026-11-03", "1", name: "No item"),
    ]
    let all = PurchaseCadence.analyse(h, today: F.day("2026-11-21"))
    #expect(all.map(\.itemID) == ["b", "a", "c"])
  }
}
