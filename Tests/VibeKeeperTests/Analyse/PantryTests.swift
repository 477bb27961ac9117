import Foundation
import Testing

@testable import VibeKeeper

@Suite struct PantryTests {
  typealias F = MoneyFixture

  func household() -> Household {
    var h = Household()
    h.items = [F.item("yoghurt", "Yoghurt")]
    h.purchases = [
      F.purchase("yesterday", "2026-11-10", "1", name: "Milk", expires: "2026-11-19"),
      F.purchase("today", "2026-11-10", "1", item: "yoghurt", expires: "2026-11-20"),
      F.purchase("edge", "2026-11-10", "1", name: "Cheese", quantity: "0.5", expires: "2026-11-22"),
      F.purchase("after", "2026-11-10", "1", name: "Butter", expires: "2026-11-23"),
      F.purchase(
        "eaten", "2026-11-10", "1", name: "Ham", expires: "2026-11-19", used: "2026-11-18"),
      F.purchase("soap", "2026-11-10", "1", name: "Soap"),
    ]
    return h
  }

  @Test func boundariesAreInclusive() {
    let p = Pantry.analyse(household(), today: F.day("2026-11-20"))
    #expect(p.warnDays == 2)
    #expect(p.entries.map(\.purchaseID) == ["yesterday", "today", "edge", "after"])
    #expect(p.entries.map(\.daysLeft) == [-1, 0, 2, 3])
    #expect(p.entries(.expired).map(\.name) == ["Milk"])
    #expect(p.entries(.expiring).map(\.name) == ["Yoghurt", "Cheese"])
    #expect(p.entries(.later).map(\.name) == ["Butter"])
  }

  @Test func warnDaysSetting() {
    var h = household()
    h.settings.pantry.warnDays = 0
    let p = Pantry.analyse(h, today: F.day("2026-11-20"))
    #expect(p.entries(.expiring).map(\.purchaseID) == ["today"])
    h.settings.pantry.warnDays = -3
    let q = Pantry.analyse(h, today: F.day("2026-11-20"))
    #expect(q.warnDays == 0)
    #expect(q.entries(.expiring).map(\.purchaseID) == ["today"])
  }

  @Test func emptyPantry() {
    let p = Pantry.analyse(Household(), today: F.day("2026-11-20"))
    #expect(p.entries.isEmpty)
  }
}
