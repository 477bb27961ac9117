import Foundation
import Testing

@testable import VibeKeeper

/// Limits fit real data (issue 14, item 11): a decade of purchases in one list file loads,
/// and an alias bomb is still refused with a message that names the real limit.
@Suite struct RealSizeTests {
  @Test func aDecadeOfPurchasesInOneFileLoads() throws {
    var text = ""
    for i in 0..<40_000 {
      let day = LocalDate(dayNumber: 20_000 + i / 11)
      text +=
        "- {date: \(day), item: milk, price: 1.\(10 + i % 80), quantity: 2, store: Corner shop}\n"
    }
    #expect(text.utf8.count > 2_000_000)
    let r = try load(["items/milk.md": "---\nname: Milk\n---\n", "purchases/all.yml": text])
    #expect(r.diagnostics.isEmpty, "\(r.diagnostics.prefix(2))")
    #expect(r.household.purchases.count == 40_000)
  }

  /// A YAML document of `levels` anchors, each a list of ten aliases of the one before:
  /// 10^(levels + 1) values from a few hundred bytes.
  static func aliasBomb(levels: Int) -> String {
    var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...levels {
      let previous = Character(UnicodeScalar(UInt8(96 + level)))
      let name = Character(UnicodeScalar(UInt8(97 + level)))
      yaml +=
        "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
        + "]\n"
    }
    return yaml
  }

  @Test func anAliasBombIsStillRefused() throws {
    let r = try load(["games/bomb.yml": Self.aliasBomb(levels: 7)])
    #expect(r.diagnostics.count == 1)
    #expect(
      r.diagnostics.first?.message
        == "the YAML expands to more than 200000 values, the limit for a file of its size")
  }
}
