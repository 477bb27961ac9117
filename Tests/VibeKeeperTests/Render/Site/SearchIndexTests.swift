import Foundation
import Testing

@testable import VibeKeeper

/// The search index is written a share of records per core; the bytes are those of the
/// whole document written at once.
@Suite struct SearchIndexTests {
  @Test(arguments: [0, 1, 255, 256, 257, 1_000])
  func writtenInSharesItIsTheWholeDocument(_ gifts: Int) {
    var household = Household()
    household.contacts = [
      Contact(
        meta: RecordMeta(id: "mom", location: .init(file: "c", line: 1, column: 1), path: "c"),
        name: "Mom <&> \"Ä\"")
    ]
    for n in 0..<gifts {
      var gift = Gift(
        meta: RecordMeta(id: "g\(n)", location: .init(file: "g", line: 1, column: 1), path: "g"),
        title: n % 3 == 0 ? "Crème brûlée \(n)" : "Lamp </script> \(n)\u{2028}", currency: "EUR")
      gift.recipient = n % 2 == 0 ? "mom" : nil
      gift.tags = n % 5 == 0 ? ["a\tb", ""] : []
      gift.description = "Line\none & two"
      household.gifts.append(gift)
    }
    // Items and contacts, with fields empty, folded away or needing escapes.
    for n in 0..<(gifts % 7) {
      var item = Item(
        meta: RecordMeta(id: "i\(n)", location: .init(file: "i", line: 1, column: 1), path: "i"),
        name: "Ünïcode  Item\\\(n)")
      item.brand = n % 2 == 0 ? "  " : "Brand \"B\""
      item.notes = "Straße\u{1}"
      household.items.append(item)
      var contact = Contact(
        meta: RecordMeta(id: "c\(n)", location: .init(file: "c", line: 1, column: 1), path: "c"),
        name: "Zoë \(n)")
      contact.tags = ["ß", "\u{2029}"]
      household.contacts.append(contact)
    }
    let links = Permalinks(household)
    let whole = SearchIndex.json(household, links: links).serialized(pretty: false)
    for jobs in [1, 2, 3] {
      #expect(SearchIndex.text(household, links: links, jobs: jobs) == whole)
    }
  }
}
