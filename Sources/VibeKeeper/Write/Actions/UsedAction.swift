import Foundation

/// `vibekeeper used ITEM [--wasted]`: the oldest open batch of the item in the pantry (the
/// one that expires first) is used up, or thrown away: its purchase line gets `used:` (and
/// `wasted: true`), so the pantry and the waste figure show it.
public struct UsedAction: DataAction {
  /// An item id or name, or a one-off purchase's name.
  public var item: String
  /// Thrown away rather than used.
  public var wasted = false
  /// The day (`YYYY-MM-DD`; default today).
  public var date: String?

  /// A use of `item`.
  public init(item: String) { self.item = item }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let key = ActionContext.key(item)
    // An item's batches may be in any month: every purchase and item is read.
    c.records.readAll(.purchases, .items)
    let h = c.household
    let day = try c.day(date)
    let unused = h.purchases.filter { p in
      p.used == nil
        && (p.item.map { $0 == item.lowercased() || ActionContext.key($0) == key } ?? false
          || ActionContext.key(PurchaseMath.displayName(of: p, in: h)) == key)
    }
    // A batch bought after the day was not in the pantry then.
    let open = unused.filter { $0.date <= day }
    // The pantry's batches (soonest expiry first). One that expired more than
    // `keep_expired_days` before the day has left the pantry and counts as expired unused:
    // marking it now would rewrite the waste figures after the fact.
    let shelf = Pantry.analyse(h, today: day)
    let inPantry = Set(shelf.entries.map(\.purchaseID))
    let keep = shelf.keepExpiredDays
    let tracked = open.filter { $0.expires != nil }
    let pantry = tracked.filter { inPantry.contains($0.id) }
    // Else a purchase the pantry does not track (no `expires:`): the newest, the one in
    // the cupboard (older ones of an item bought again and again were used up unmarked).
    let batch =
      pantry.min {
        ($0.expires ?? $0.date, $0.date, $0.id) < ($1.expires ?? $1.date, $1.date, $1.id)
      } ?? open.filter { $0.expires == nil }.max { ($0.date, $0.id) < ($1.date, $1.id) }
    guard let batch else {
      if let gone = tracked.compactMap(\.expires).max() {
        throw DataWriter.Problem(
          description:
            "no batch of '\(item)' is in the pantry on \(day): the last one expired \(gone) and left it \(keep) days later, counted as expired unused (give the day it was used up with --at, if it was before that)"
        )
      }
      let names = Set(
        h.purchases.filter { $0.expires != nil && $0.used == nil }.map {
          PurchaseMath.displayName(of: $0, in: h)
        })
      let hint = Suggestion.closest(to: item, in: names).map { " (did you mean '\($0)'?)" } ?? ""
      if let later = unused.map(\.date).min() {
        throw DataWriter.Problem(
          description:
            "no batch of '\(item)' was in the pantry on \(day): the first open one was bought \(later)"
        )
      }
      throw DataWriter.Problem(description: "no open batch of '\(item)' in the pantry\(hint)")
    }
    var fields: [(key: String, value: String)] = [("used", day.description)]
    if wasted { fields.append(("wasted", "true")) }
    let change = try c.editing(batch.meta, kind: .purchases, set: fields)
    let name = PurchaseMath.displayName(of: batch, in: h)
    let bought = LocalClock.dayMonthYear(batch.date)
    // The pantry's waste figures count batches with a best-before date only.
    let untracked =
      wasted && batch.expires == nil
      ? "; it has no best-before date (expires:), so the pantry's waste figures leave it out"
      : ""
    return ActionPlan(
      changes: [change],
      summary: (wasted ? "Threw away " : "Used up ") + name.lowercasedFirst
        + " (bought \(bought))\(untracked)")
  }
}
