import Foundation

/// Where a pantry entry stands against today.
public enum PantryStatus: String, Sendable, Hashable, CaseIterable {
  /// Expires before today.
  case expired
  /// Expires from today to today + `warn_days`, both inclusive.
  case expiring
  /// Expires after today + `warn_days`.
  case later
}

/// A purchase still in the pantry, with its expiry.
public struct PantryEntry: Hashable, Sendable {
  /// The purchase id.
  public var purchaseID: String
  /// The item id, when the purchase names one.
  public var itemID: String?
  /// The shown name (see `PurchaseMath.displayName(of:in:)`).
  public var name: String
  /// The quantity bought.
  public var quantity: Decimal
  /// The item's unit, when known.
  public var unit: String?
  /// The day it was bought.
  public var bought: LocalDate
  /// The expiry date.
  public var expires: LocalDate
  /// Days from today to the expiry (0 today, negative when expired).
  public var daysLeft: Int
  /// Expired, expiring or later.
  public var status: PantryStatus
}

/// The pantry on one day.
public struct PantryAnalysis: Hashable, Sendable {
  /// The day it is for.
  public var today: LocalDate
  /// The warning window used, in days (never negative).
  public var warnDays: Int
  /// Every purchase with `expires` and no `used`, soonest expiry first, then by name,
  /// then purchase id; except those expired more than `keepExpiredDays` ago.
  public var entries: [PantryEntry]
  /// How many days an expired batch stays in `entries`.
  public var keepExpiredDays: Int = 7
  /// The batches expired more than `keepExpiredDays` ago and never marked used: gone from
  /// the pantry, counted as expired unused. In the same order.
  public var expiredUnused: [PantryEntry] = []
  /// What became of the batches over the last 30 days.
  public var waste = PantryWaste()

  /// The entries with a status, in order.
  public func entries(_ status: PantryStatus) -> [PantryEntry] {
    entries.filter { $0.status == status }
  }
}

/// What became of the pantry's batches (purchases with `expires`) over the last
/// `PantryWaste.days` days: used up, thrown away (`wasted`), or left to expire (expired in
/// the period and never marked used), with what the thrown-away and expired ones cost.
public struct PantryWaste: Hashable, Sendable {
  /// How many days back it counts, today included.
  public static let days = 30
  /// Used up (`used:` in the period, not wasted).
  public var used = 0
  /// Thrown away (`used:` in the period with `wasted: true`).
  public var wasted = 0
  /// Left the pantry in the period expired (`keep_expired_days` after their expiry) and
  /// never marked used.
  public var expiredUnused = 0
  /// What the thrown-away and expired batches cost, in the settings currency.
  public var lostValue: Decimal = 0

  /// `(wasted + expired unused) / all * 100`, nil when nothing left the pantry.
  public var percentLost: Decimal? {
    let all = used + wasted + expiredUnused
    return all > 0 ? Decimal(wasted + expiredUnused) * 100 / Decimal(all) : nil
  }
}

/// The pantry analysis.
public enum Pantry {
  /// Purchases with an `expires` date and no `used` date (any `used` date takes it out,
  /// as the spec says), classified against today with `pantry.warn_days` (a negative
  /// setting counts as 0, so only today is "expiring"). An expired batch stays for
  /// `pantry.keep_expired_days` days after its expiry (to be thrown out), then leaves the
  /// pantry for `expiredUnused`: expired batches never pile up on the dashboard.
  public static func analyse(_ household: Household, today: LocalDate) -> PantryAnalysis {
    let warnDays = max(0, household.settings.pantry.warnDays)
    let keep = max(0, household.settings.pantry.keepExpiredDays)
    // As of today: a batch bought later is not in the pantry yet, one used later still is.
    let entries = household.purchases.compactMap { p -> PantryEntry? in
      guard let expires = p.expires, p.date <= today, p.used.map { $0 > today } ?? true else {
        return nil
      }
      let left = today.days(to: expires)
      let status: PantryStatus = left < 0 ? .expired : (left <= warnDays ? .expiring : .later)
      return PantryEntry(
        purchaseID: p.id, itemID: p.item, name: PurchaseMath.displayName(of: p, in: household),
        quantity: p.quantity, unit: household.item(p.item)?.unit, bought: p.date,
        expires: expires, daysLeft: left, status: status)
    }
    let sorted = entries.sorted {
      ($0.expires, $0.name, $0.purchaseID) < ($1.expires, $1.name, $1.purchaseID)
    }
    return PantryAnalysis(
      today: today, warnDays: warnDays, entries: sorted.filter { $0.daysLeft >= -keep },
      keepExpiredDays: keep, expiredUnused: sorted.filter { $0.daysLeft < -keep },
      waste: waste(household, today: today))
  }

  /// What became of the batches over the `PantryWaste.days` days ending today. A batch
  /// left to expire counts as expired unused once it has left the pantry
  /// (`pantry.keep_expired_days` after its expiry), on that day: while it is still there
  /// it may yet be marked used.
  public static func waste(_ household: Household, today: LocalDate) -> PantryWaste {
    let period = today.adding(days: -(PantryWaste.days - 1))...today
    let keep = max(0, household.settings.pantry.keepExpiredDays)
    let currency = household.settings.currency
    var w = PantryWaste()
    for p in household.purchases where p.expires != nil && p.date <= today {
      let lost: Bool
      if let used = p.used, used <= today {
        guard period.contains(used) else { continue }
        if p.wasted { w.wasted += 1 } else { w.used += 1 }
        lost = p.wasted
      } else if let expires = p.expires, period.contains(expires.adding(days: keep + 1)) {
        w.expiredUnused += 1
        lost = true
      } else {
        continue
      }
      if lost, Currency.same(p.currency, currency) { w.lostValue += PurchaseMath.total(of: p) }
    }
    return w
  }
}
