import Foundation
import Testing

@testable import VibeKeeper

@Suite struct SearchTests {
  typealias F = MoneyFixture

  func household() -> Household {
    var h = Household()
    var zoe = Contact(meta: F.meta("contacts", "zoe"), name: "Zoë")
    zoe.notes = "Loves coffee."
    h.contacts = [zoe, Contact(meta: F.meta("contacts", "max"), name: "Max Straße")]
    var coffee = F.item("coffee", "Coffee")
    coffee.notes = "Fair-trade coffee from the market"
    h.items = [coffee, F.item("oat", "Oat milk"), F.item("almond", "Almond milk")]
    var grinder = Gift(meta: F.meta("gifts", "grinder"), title: "Coffee grinder", currency: "EUR")
    grinder.description = "For fresh coffee beans"
    grinder.recipient = "zoe"
    h.gifts = [grinder]
    return h
  }

  func scores(_ query: String) -> [String] {
    Search.run(query, in: household()).map { "\($0.kind.rawValue):\($0.id)=\($0.score)" }
  }

  @Test func scoringPerSpec() {
    // Item: exact name 100 + notes 10; gift: prefix 50 + description 10; contact: notes 10.
    #expect(scores("coffee") == ["item:coffee=110", "gift:grinder=60", "contact:zoe=10"])
    #expect(scores("COFFEE") == scores("coffee"))
    // Contains 25.
    #expect(scores("grinder") == ["gift:grinder=25"])
  }

  @Test func tiesByName() {
    #expect(scores("milk") == ["item:almond=25", "item:oat=25"])
  }

  @Test func diacriticsAndCaseAreFolded() {
    // Zoë's name is an exact match; the gift for her matches through `for`.
    #expect(scores("zoe") == ["contact:zoe=100", "gift:grinder=10"])
    #expect(scores("ZOË") == scores("zoe"))
    #expect(scores("strasse") == ["contact:max=25"])
    #expect(Search.fold("  Crème\tBrûlée ") == "creme brulee")
  }

  @Test func matchedFieldsAndEmptyQuery() throws {
    let hit = try #require(Search.run("coffee", in: household()).first)
    #expect(hit.matchedFields == ["name", "notes"])
    #expect(Search.run("   ", in: household()).isEmpty)
    #expect(Search.run("nothing like this", in: household()).isEmpty)
  }
}
