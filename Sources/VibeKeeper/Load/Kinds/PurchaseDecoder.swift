import Foundation

/// Decodes `purchases/` records.
enum PurchaseDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let date = f.date("date")
    let price = f.decimal("price")
    let item = f.reference("item", to: .items)
    let name = f.string("name")
    if item == nil, name == nil, !f.has("item"), !f.has("name") {
      f.report(
        .error, at: f.recordLocation, "a purchase needs 'item' (an item id) or 'name'",
        hint: "add e.g. `item: oat-milk` or `name: Birthday candles`")
    }
    var quantity = f.decimal("quantity")
    if let q = quantity, q == 0 {
      f.error("quantity", "'quantity' must be greater than zero")
      quantity = nil
    }
    let total = f.decimal("total")
    let store = f.string("store")
    let category = f.string("category")
    let currency = CurrencyField.read(&f, default: context.settings.currency)
    let expires = f.date("expires")
    let used = f.date("used")
    let wasted = f.bool("wasted")
    guard let date, let price, item != nil || name != nil else { return nil }
    var p = Purchase(meta: meta, date: date, price: price, currency: currency)
    p.item = item
    p.name = name
    p.quantity = quantity ?? 1
    p.store = store
    p.category = category?.lowercased()
    p.expires = expires
    p.used = used
    if let used, used < date {
      f.report(
        .warning, at: f.location(of: "used"),
        "'used' \(used) is before the purchase's 'date' \(date): the batch was not bought yet",
        hint: "correct whichever date is a typo; the pantry and the waste figures count it as used")
    }
    p.wasted = wasted ?? false
    p.notes = body
    if let total {
      p.givenTotal = total
      if p.givenTotalDisagrees {
        f.report(
          .warning, at: f.location(of: "total"),
          "'total' \(total) differs from quantity × price = \(p.computedTotal)",
          hint: "the given total is used; correct the price, quantity or total if it is a typo")
      }
    }
    return .purchase(p)
  }
}
