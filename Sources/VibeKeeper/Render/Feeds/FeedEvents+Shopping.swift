import Foundation

extension FeedEvents {
  /// Each item with a purchase cadence as an all-day event on its next expected purchase
  /// date ("Oat milk: you usually buy it every 9 days"; the interval rounded to whole
  /// days, halves up, as the cadence rounds the next date).
  public static func shopping(_ inputs: FeedInputs) -> [FeedEvent] {
    let h = inputs.household
    var bought: [String: [RecordMeta]] = [:]
    for p in h.purchases {
      if let item = p.item { bought[item, default: []].append(p.meta) }
    }
    return inputs.analysis.cadence.compactMap { c in
      guard let next = c.nextExpected, let mean = c.meanInterval else { return nil }
      var rounded = Decimal()
      var exact = mean
      NSDecimalRound(&rounded, &exact, 0, .plain)
      let days = NSDecimalNumber(decimal: rounded).intValue
      let every = days <= 1 ? "every day" : "every \(days) days"
      let metas =
        [h.item(c.itemID)?.meta].compactMap { $0 }
        + (bought[c.itemID] ?? [])
      var e = FeedEvent(
        kind: .shopping, id: c.itemID, uid: inputs.uid("shopping", c.itemID),
        summary: "\(c.name): you usually buy it \(every)",
        description: "Last bought on "
          + (c.lastPurchase.map(LocalClock.dayMonthYear) ?? "–")
          + "; bought on \(c.days.count) different days.",
        start: .allDay(next), stamp: inputs.stamps.stamp(metas))
      e.url = inputs.url(.items, c.itemID)
      e.categories = ["Shopping"]
      return e
    }
  }
}
