import Foundation

/// The values every page sees: the settings, every record (with its analysis), and the
/// dashboard's selections. Records are built once and shared by all pages.
struct SiteModel: Sendable {
  /// Global context values by name.
  let globals: [String: TemplateValue]
  /// Record values by kind and id, for the record pages.
  let records: [RecordKind: [(id: String, value: TemplateValue, title: String)]]

  init(values v: SiteValues) {
    let h = v.household
    let a = v.analysis
    let clock = a.clock
    var records: [RecordKind: [(id: String, value: TemplateValue, title: String)]] = [:]
    records[.contacts] = h.contacts.map { ($0.id, v.contact($0), $0.name) }
    records[.gifts] = h.gifts.map { ($0.id, v.gift($0), $0.title) }
    records[.occasions] = h.occasions.map { ($0.id, v.occasion($0), $0.title) }
    let reminders = a.reminders.map { ($0.reminder.id, v.reminder($0), $0.reminder.title) }
    records[.reminders] = reminders.sorted { $0.0 < $1.0 }
    let budgets = a.budgets.summaries.map { ($0.budget.id, v.budget($0), $0.budget.title) }
    records[.budgets] = budgets
    var histories: [String: [ItemPriceHistory]] = [:]
    for p in a.prices { histories[p.itemID, default: []].append(p) }
    let cadence = Dictionary(a.cadence.map { ($0.itemID, $0) }, uniquingKeysWith: { x, _ in x })
    records[.items] = h.items.map {
      ($0.id, v.item($0, histories: histories[$0.id] ?? [], cadence: cadence[$0.id]), $0.name)
    }
    records[.shopping] = a.shopping.map { ($0.list.id, v.shopping($0), $0.list.title) }
    var played: [String: Set<LocalDate>] = [:]
    for r in h.results where r.completed {
      played[r.game, default: []].insert(r.when.localDate(in: clock))
    }
    let streaks = Dictionary(a.streaks.map { ($0.game, $0) }, uniquingKeysWith: { x, _ in x })
    records[.games] = h.games.map {
      (
        $0.id,
        v.game(
          $0, streak: streaks[$0.id], window: a.playWindows[$0.id], played: played[$0.id] ?? []),
        $0.name
      )
    }
    self.records = records

    var g: [String: TemplateValue] = [:]
    let s = h.settings
    g["site"] = SiteValues.map([
      ("title", .string(s.title)), ("currency", .string(s.currency)),
      ("timezone", .string(s.timeZone.identifier)),
      ("base_url", SiteValues.text(s.baseURL)), ("today", .date(clock.today)),
      ("now", .dateTime(clock.now)),
      ("horizon_days", .int(s.occasions.horizonDays)), ("warn_days", .int(s.pantry.warnDays)),
      ("alert_percent", .decimal(s.budgets.alertPercent)),
      ("window_days", .int(s.streaks.windowDays)),
    ])
    for kind in Permalinks.pageKinds { g[kind.folder] = .array((records[kind] ?? []).map(\.value)) }
    g["upcoming"] = .array(a.upcoming.map(v.upcoming))
    g["reminders"] = .array(reminders.map(\.1))  // in status order: overdue, then by next
    g["pantry"] = SiteValues.map([
      ("expired", .array(a.pantry.entries(.expired).map(v.pantryEntry))),
      ("expiring", .array(a.pantry.entries(.expiring).map(v.pantryEntry))),
      ("later", .array(a.pantry.entries(.later).map(v.pantryEntry))),
      ("warn_days", .int(a.pantry.warnDays)),
    ])
    var overall = v.playWindow(a.overallPlayWindow)
    if case .dictionary(var d) = overall {
      d["chart"] = v.hourChart(
        a.overallPlayWindow, title: "When games are played", id: "all-games-hours")
      overall = .dictionary(d)
    }
    g["play_window"] = overall
    g["streak_reminder"] =
      a.streakReminder.map {
        SiteValues.map([("time", .time($0.time)), ("source", .string($0.source.rawValue))])
      } ?? .null
    let reminderStates = a.reminders
    g["dashboard"] = SiteValues.map([
      (
        "reminders_today",
        .array(
          zip(reminderStates, reminders).filter { s, _ in
            s.reminder.enabled
              && (s.doneToday
                || s.nextOccurrence.map { clock.localDate(of: $0) == clock.today } ?? false)
          }.map { $0.1.1 })
      ),
      (
        "reminders_overdue",
        .array(zip(reminderStates, reminders).filter { $0.0.overdue }.map { $0.1.1 })
      ),
      (
        "games_at_risk",
        .array(
          h.games.indices.filter { streaks[h.games[$0].id]?.atRisk == true }.compactMap {
            records[.games]?[$0].value
          })
      ),
      (
        "pantry_alerts",
        .array((a.pantry.entries(.expired) + a.pantry.entries(.expiring)).map(v.pantryEntry))
      ),
      (
        "budgets",
        .array(
          zip(a.budgets.summaries, budgets).filter {
            $0.0.budget.active && $0.0.state == .current && !$0.0.isSuperseded
          }.map { $0.1.1 })
      ),
      (
        "shopping",
        .array(
          zip(a.shopping, records[.shopping] ?? []).filter { !$0.0.list.completed.isDone }.map {
            $0.1.value
          })
      ),
    ])
    g["nav"] = .array(
      SiteModel.areas.map { key, title in
        SiteValues.map([
          ("key", .string(key)), ("title", .string(title)),
          ("url", .string(key == "index" ? "index.html" : "\(key)/index.html")),
        ])
      })
    globals = g
  }

  /// The areas of the site in navigation order: key and title.
  static let areas: [(String, String)] = [
    ("index", "Dashboard"), ("occasions", "Occasions"), ("contacts", "People"), ("gifts", "Gifts"),
    ("reminders", "Health"), ("budgets", "Budgets"), ("items", "Groceries"),
    ("shopping", "Shopping"),
    ("games", "Games"),
  ]
}
