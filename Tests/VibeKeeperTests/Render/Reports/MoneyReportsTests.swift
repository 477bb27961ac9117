import Foundation
import Testing

@testable import VibeKeeper

@Suite struct MoneyReportsTests {
  typealias F = MoneyFixture

  static func household() -> Household {
    var h = Household()
    h.settings.currency = "EUR"
    h.items = [F.item("oat-milk", "Oat milk", category: "groceries"), F.item("coffee", "Coffee")]
    h.budgets = [
      F.budget(
        "november", "2026-11-01", "2026-11-30", amount: "300", categories: [("groceries", "40")])
    ]
    h.purchases = [
      F.purchase("m1", "2026-11-02", "1.50", item: "oat-milk", quantity: "30", store: "Aldo"),
      F.purchase("m2", "2026-11-09", "1.60", item: "oat-milk", store: "Bio", expires: "2026-11-21"),
      F.purchase("m3", "2026-11-16", "1.55", item: "oat-milk", expires: "2026-11-30"),
      F.purchase("soap", "2026-11-10", "30.00", category: "household", total: "29.00"),
      F.purchase("tea", "2026-11-15", "20.00", currency: "GBP", name: "Tea", expires: "2026-11-19"),
    ]
    var l = ShoppingList(meta: F.meta("shopping", "weekly"), title: "Weekly", currency: "EUR")
    l.budget = 10
    l.entries = [F.entry(item: "oat-milk", quantity: "2"), F.entry(name: "Eggs")]
    h.shopping = [l]
    return h
  }

  let clock = F.clock("2026-11-20")

  func lines(_ r: Report) -> [String] {
    r.json.serialized().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func budgetsReport() throws {
    let r = Reports.budgets(
      Self.household(), analysis: HouseholdAnalysis(Self.household(), clock: clock))
    #expect(r.topic == "budgets")
    let json = lines(r)
    for expected in [
      "\"spent\": 77.15,", "\"remaining\": 222.85,", "\"percent_used\": 25.72,",
      "\"total_days\": 30,", "\"days_elapsed\": 20,", "\"days_remaining\": 10,",
      "\"daily_average\": 3.86,", "\"projected_total\": 115.72,", "\"on_track\": true,",
      "\"alert\": false,", "\"over\": true", "\"currency\": \"GBP\",",
    ] {
      #expect(json.contains(expected), "\(expected)")
    }
    // The foreign-currency purchase is warned about (the disagreeing total is the loader's).
    #expect(r.diagnostics.map(\.location.file) == ["purchases/tea.yml"])
    let overview = TableFormatter.text(try #require(r.tables.first))
    #expect(
      overview.contains("300.00 EUR  77.15 EUR  222.85 EUR  25.7%         10  115.72 EUR  on track")
    )
    let categories = TableFormatter.text(r.tables[1])
    #expect(categories.contains("groceries  48.15 EUR  40.00 EUR  OVER"))
    #expect(
      categories.contains("Left out, other currencies (never converted): 20.00 GBP (1 record)"))
  }

  /// JSON money is written in its currency's minor unit, as the table writes it: a
  /// three-decimal KWD budget keeps its third decimal, a JPY one has none.
  @Test func budgetJSONInTheCurrencysMinorUnit() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Asia/Tokyo\ncurrency: JPY\n",
      "budgets/trip.md":
        "---\ntitle: Trip\namount: 100.500\ncurrency: KWD\nstart: 2028-02-01\nend: 2028-02-29\ncategories: {food: 50}\n---\n",
      "budgets/home.md":
        "---\ntitle: Home\namount: 23000\nstart: 2028-02-01\nend: 2028-02-29\n---\n",
      "purchases/2028/02.yml": """
      - {date: 2028-02-02, name: Souk, price: 12.345, currency: KWD, category: food}
      - {date: 2028-02-03, name: Hotel, price: 23233.5}
      """,
    ]).household
    let clock = LocalClock(
      now: NowOption.parse("2028-02-29T10:00", timeZone: TimeZone(identifier: "Asia/Tokyo")!)!,
      timeZone: TimeZone(identifier: "Asia/Tokyo")!)
    let json = lines(Reports.budgets(h, analysis: HouseholdAnalysis(h, clock: clock)))
    for expected in [
      "\"amount\": 100.500,", "\"spent\": 12.345,", "\"remaining\": 88.155,",
      "\"amount\": 23000,", "\"spent\": 23234,", "\"remaining\": -234,",
    ] {
      #expect(json.contains(expected), "\(expected)")
    }
  }

  @Test func pricesReport() {
    let r = Reports.prices(
      Self.household(), analysis: HouseholdAnalysis(Self.household(), clock: clock))
    let json = lines(r)
    for expected in [
      "\"change\": -0.05,", "\"change_percent\": -3.12,", "\"cheapest_store\": \"Aldo\",",
      "\"mean_interval\": 7.0,", "\"next_expected\": \"2026-11-23\",", "\"days_until_next\": 3",
    ] {
      #expect(json.contains(expected), "\(expected)")
    }
    #expect(r.tables.map(\.rows.count) == [1, 1])
  }

  /// A unit price written with more places than the currency's minor unit (fuel at
  /// 1.799 a litre) keeps them in the table and the JSON: rounded to 1.80 the change of
  /// 0.004 would read as none.
  @Test func unitPricesKeepTheirPlaces() throws {
    let h = try load([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "items/diesel.md": "---\nname: Diesel\n---\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-01, item: diesel, price: 1.799, quantity: 40}
      - {date: 2026-11-08, item: diesel, price: 1.795, quantity: 40}
      """,
    ]).household
    let r = Reports.prices(h, analysis: HouseholdAnalysis(h, clock: clock))
    let row = try #require(r.tables.first?.rows.first)
    #expect(Array(row.prefix(4)) == ["Diesel", "1.795 EUR", "1.799 EUR", "-0.004 EUR"])
    let json = lines(r)
    #expect(json.contains("\"change\": -0.004,"), "\(json)")
    #expect(json.contains("\"price\": 1.795,"))
    #expect(Currency.unitPlaces([1.5, 2], code: "JPY") == 1)
    #expect(Currency.unitPlaces([Decimal(string: "1.1234567")!], code: "EUR") == 6)
    #expect(Currency.unitPlaces([2], code: "KWD") == 3)
  }

  @Test func pantryReportIsExact() {
    let r = Reports.pantry(
      Self.household(), analysis: HouseholdAnalysis(Self.household(), clock: clock))
    #expect(
      r.tables.first?.rows == [
        ["Tea", "1", "2026-11-15", "2026-11-19", "-1", "expired"],
        ["Oat milk", "1", "2026-11-09", "2026-11-21", "1", "expiring"],
        ["Oat milk", "1", "2026-11-16", "2026-11-30", "10", "later"],
      ])
    // The expired tea is still in the pantry (for keep_expired_days): not lost yet.
    #expect(
      r.tables.first?.footer == [
        "1 expired, 1 expiring, 1 later",
        "Last 30 days: 0 used up, 0 thrown away, 0 expired unused",
      ])
    // Once it has left, it is; it cost pounds: counted, but not in the euro value lost.
    let later = HouseholdAnalysis(Self.household(), clock: F.clock("2026-11-27"))
    #expect(
      Reports.pantry(Self.household(), analysis: later).tables.first?.footer.last
        == "Last 30 days: 0 used up, 0 thrown away, 1 expired unused (100% lost, 0.00 EUR)")
    let compact = r.json.serialized(pretty: false)
    #expect(
      compact.hasPrefix(#"{"today":"2026-11-20","warn_days":2,"expired":[{"purchase":"tea","#))
    #expect(compact.contains(#""expiring":[{"purchase":"m2","item":"oat-milk","name":"Oat milk","#))
  }

  @Test func shoppingReport() {
    let r = Reports.shopping(
      Self.household(), analysis: HouseholdAnalysis(Self.household(), clock: clock))
    #expect(
      r.tables.first?.rows == [
        ["Weekly", "2", "2", ">= 3.10 EUR", "0.00 EUR", "10.00 EUR", "", "open"]
      ])
    let json = lines(r)
    for expected in [
      "\"estimated_total\": 3.10,", "\"missing_estimates\": 1,", "\"remaining_items\": 2,",
      "\"over_budget\": false,", "\"estimate_source\": \"latest_price\",",
    ] {
      #expect(json.contains(expected), "\(expected)")
    }
  }

  @Test func shoppingReportWithEveryEstimateMissing() {
    var h = Household()
    var l = ShoppingList(meta: F.meta("shopping", "x"), title: "X", currency: "EUR")
    l.entries = [F.entry(name: "Eggs"), F.entry(name: "Flour")]
    h.shopping = [l]
    let r = Reports.shopping(h, analysis: HouseholdAnalysis(h, clock: clock))
    #expect(lines(r).contains("\"estimated_total\": null,"))
    #expect(r.tables.first?.rows.first?[3] == "-")
  }

  @Test func searchReport() {
    let r = Reports.search(Self.household(), query: "MILK")
    #expect(r.tables.first?.rows == [["25", "item", "Oat milk", "oat-milk", "name"]])
    #expect(lines(r).contains("\"score\": 25,"))
  }

  /// Every CSV field is RFC 4180 and guarded against formulas, the block titles too.
  @Test func csvTitlesAreFieldsLikeTheRest() {
    var h = Self.household()
    h.shopping[0].title = "Weekly, big\n=HYPERLINK(\"http://evil\";\"x\")"
    let csv = ReportFormat.csv.render(
      Reports.shopping(h, analysis: HouseholdAnalysis(h, clock: clock)))
    #expect(csv.contains("\"# Weekly, big\n=HYPERLINK(\"\"http://evil\"\";\"\"x\"\")"))
    #expect(!csv.contains("\r\n=") && !csv.contains("\n=H\r"))
    #expect(TableFormatter.csvField("=1+2") == "'=1+2")
    #expect(TableFormatter.csvField("-5") == "-5")
    #expect(TableFormatter.csvField("-") == "-")
    #expect(TableFormatter.csvField("a \"b\"") == "\"a \"\"b\"\"\"")
    // An escape sequence, a bell or a carriage return from data is written out.
    #expect(
      TableFormatter.csvField("I1 \u{1B}[31mRED\u{7}\r\u{9B}")
        == "I1 \\u{1B}[31mRED\\u{7}\\u{D}\\u{9B}")
  }

  @Test func emptyHouseholdGivesEmptyReports() {
    for r in [
      Reports.budgets(Household(), analysis: HouseholdAnalysis(Household(), clock: clock)),
      Reports.prices(Household(), analysis: HouseholdAnalysis(Household(), clock: clock)),
      Reports.pantry(Household(), analysis: HouseholdAnalysis(Household(), clock: clock)),
      Reports.shopping(Household(), analysis: HouseholdAnalysis(Household(), clock: clock)),
      Reports.search(Household(), query: "x"),
    ] {
      #expect(r.tables.allSatisfy { $0.rows.isEmpty })
      #expect(r.diagnostics.isEmpty)
    }
  }

  @Test func sameInputSameBytes() {
    let h = Self.household()
    let a = Reports.budgets(h, analysis: HouseholdAnalysis(h, clock: clock)).json.serialized()
    let b = Reports.budgets(h, analysis: HouseholdAnalysis(h, clock: clock)).json.serialized()
    #expect(a == b)
    let p = Reports.prices(h, analysis: HouseholdAnalysis(h, clock: clock))
    #expect(
      p.tables.map(TableFormatter.text)
        == Reports.prices(h, analysis: HouseholdAnalysis(h, clock: clock)).tables.map(
          TableFormatter.text))
  }
}
