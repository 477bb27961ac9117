import Foundation
import Testing

@testable import VibeKeeper

/// The bundled example household gives sensible money reports (a smoke test: the exact
/// figures are covered by the hand-computed tests of each analysis).
@Suite struct BundledMoneyReportsTests {
  let household = DataLoader(
    root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
  ).load().household

  var clock: LocalClock {
    LocalClock(now: utc("2026-11-22T10:00"), timeZone: household.settings.timeZone)
  }

  /// The report's JSON parsed back by Foundation, as an object.
  func parsed(_ report: Report) throws -> [String: Any] {
    let data = Data(report.json.serialized().utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func budgets() throws {
    let r = Reports.budgets(household, analysis: HouseholdAnalysis(household, clock: clock))
    let budgets = try #require(try parsed(r)["budgets"] as? [[String: Any]])
    #expect(!budgets.isEmpty)
    for b in budgets {
      for key in [
        "spent", "remaining", "percent_used", "total_days", "days_elapsed", "days_remaining",
        "daily_average", "projected_total", "on_track", "alert", "categories",
      ] {
        #expect(b[key] != nil, "\(key)")
      }
    }
    #expect(!r.json.serialized().contains("NaN"))
  }

  @Test func pricesPantryAndShopping() throws {
    let prices = try parsed(
      Reports.prices(household, analysis: HouseholdAnalysis(household, clock: clock)))
    #expect((prices["items"] as? [Any])?.isEmpty == false)
    #expect((prices["cadence"] as? [Any])?.isEmpty == false)
    let pantry = Reports.pantry(household, analysis: HouseholdAnalysis(household, clock: clock))
    #expect(pantry.tables.first?.rows.isEmpty == false)
    let p = try parsed(pantry)
    #expect(p["expired"] is [Any] && p["expiring"] is [Any] && p["later"] is [Any])
    let shopping = try parsed(
      Reports.shopping(household, analysis: HouseholdAnalysis(household, clock: clock)))
    #expect((shopping["lists"] as? [Any])?.isEmpty == false)
  }

  @Test func searchFindsTheDiacriticName() throws {
    let hits = Search.run("zoe", in: household)
    #expect(hits.first?.kind == .contact)
    #expect(hits.first.map { Search.fold($0.name).hasPrefix("zoe") } == true)
  }
}
