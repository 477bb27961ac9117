import Foundation

extension FeedEvents {
  /// Each pantry entry (bought, with `expires`, not used) as an all-day event on its expiry
  /// date, with one alarm `warn_days` (at least 1) before at the occasions' `reminder_time`.
  public static func pantry(_ inputs: FeedInputs) -> [FeedEvent] {
    let h = inputs.household
    let purchases = Dictionary(h.purchases.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let warn = inputs.analysis.pantry.warnDays
    let time = h.settings.occasions.reminderTime
    return inputs.analysis.pantry.entries.map { entry in
      let purchase = purchases[entry.purchaseID]
      let item = h.item(entry.itemID)
      let stamp = inputs.stamps.stamp([purchase?.meta, item?.meta].compactMap { $0 })
      let summary = "\(entry.name) expires"
      let amount =
        DecimalFormat.plain(entry.quantity, places: nil) + (entry.unit.map { " " + $0 } ?? "")
      var e = FeedEvent(
        kind: .pantry, id: entry.purchaseID, uid: inputs.uid("pantry", entry.purchaseID),
        summary: summary,
        description: "\(amount) bought on \(LocalClock.dayMonthYear(entry.bought)).",
        start: .allDay(entry.expires), stamp: stamp)
      e.url = inputs.url(.items, entry.itemID)
      e.categories = ["Pantry"]
      // One alarm, before the all-day start (see `FeedEvents.alarm`): at least the day before.
      let days = max(1, warn)
      e.alarms = [
        FeedEvent.Alarm(
          trigger: ICSFormat.trigger(daysBefore: days, at: time),
          description: days == 1
            ? "\(entry.name) expires tomorrow" : "\(entry.name) expires in \(days) days")
      ]
      return e
    }
  }
}
