import Foundation

extension FeedEvents {
  /// Each active budget as an all-day event on its last day, with its state: spent of the
  /// amount, percent used, what is left.
  public static func budgets(_ inputs: FeedInputs) -> [FeedEvent] {
    inputs.analysis.budgets.summaries.filter(\.budget.active).map { s in
      let b = s.budget
      let code = b.currency
      let used = s.percentUsed.map { " (" + DecimalFormat.plain($0, places: 0) + "%)" } ?? ""
      let spent = Currency.format(s.spent, code: code)
      let amount = Currency.format(b.amount, code: code)
      var lines = [
        "State: \(s.state.rawValue).", "Spent \(spent) of \(amount)\(used).",
        "Left: \(Currency.format(s.remaining, code: code)).",
      ]
      if s.alert { lines.append("Alert: at or above the alert threshold.") }
      var e = FeedEvent(
        kind: .budget, id: b.id, uid: inputs.uid("budget", b.id),
        summary: "\(b.title) ends: \(spent) of \(amount) spent",
        description: lines.joined(separator: "\n"), start: .allDay(b.end),
        stamp: inputs.stamps.stamp(b.meta))
      e.url = inputs.url(.budgets, b.id)
      e.categories = ["Budget"]
      return e
    }
  }
}
