import Foundation

/// One record's template value, with what its page needs besides: its id, its title and
/// where the record is written (for a diagnostic about its page).
struct RecordValue: Sendable {
  let id: String
  let value: TemplateValue
  let title: String
  let location: SourceLocation
  /// Whether the value is the last build's in this process, taken as it was (`ValueMemory`).
  let isTaken: Bool

  init(
    _ record: some HouseholdRecord, _ value: TemplateValue, _ title: String, taken: Bool = false
  ) {
    id = record.meta.id
    self.value = value
    self.title = title
    location = record.meta.location
    isTaken = taken
  }
}

/// The values every page sees: the settings, every record (with its analysis), and the
/// dashboard's selections. Records are built once and shared by all pages.
struct SiteModel: Sendable {
  /// Global context values by name.
  let globals: [String: TemplateValue]
  /// Record values by kind and id, for the record pages.
  let records: [RecordKind: [RecordValue]]
  /// The gift and contact values made, for the next build in the process (when the model
  /// was given a memory).
  let valueMemory: ValueMemory?

  /// No values (before the model is made).
  static let empty = SiteModel(globals: [:], records: [:], valueMemory: nil)

  private init(
    globals: [String: TemplateValue],
    records: [RecordKind: [RecordValue]], valueMemory: ValueMemory?
  ) {
    self.globals = globals
    self.records = records
    self.valueMemory = valueMemory
  }

  /// The model of `v`, taking the gift and contact values `memory` holds where they are
  /// made of the same inputs (nil: keep nothing).
  init(values v: SiteValues, memory: ValueMemory? = nil) {
    var kept = memory.map { _ in
      ValueMemory(
        shared: ValueMemory.Shared(links: v.links.identity, markdown: v.markdown), refs: v.refs)
    }
    let records = SiteModel.records(v, withValues: true, memory: memory, kept: &kept)
    self.records = records.byKind
    globals = SiteModel.globals(v, records)
    valueMemory = kept
  }

  /// The records' ids, titles and places in page order, without their values or any
  /// global: what says which pages the site has (for `check`, which renders none of the
  /// built-in pages).
  init(outline v: SiteValues) {
    var none: ValueMemory?
    records = SiteModel.records(v, withValues: false, memory: nil, kept: &none).byKind
    globals = [:]
    valueMemory = nil
  }

  /// Every record's value, once.
  private struct RecordValues {
    /// By kind, in id order (budgets in their analysis' order).
    var byKind: [RecordKind: [RecordValue]] = [:]
    /// The reminders in status order (overdue first, then by next occurrence).
    var remindersByStatus: [TemplateValue] = []
  }

  /// Every record in page order, with its value (or none, without `withValues`); gift
  /// and contact values are taken from `memory` where they are the same, and recorded in
  /// `kept` when it is not nil.
  private static func records(
    _ v: SiteValues, withValues: Bool, memory: ValueMemory?, kept: inout ValueMemory?
  ) -> RecordValues {
    let h = v.household
    let a = v.analysis
    func value(_ make: () -> TemplateValue) -> TemplateValue { withValues ? make() : .null }
    var out = RecordValues()
    // Without a memory every value is made (an empty one holds nothing to take).
    let memory = memory ?? ValueMemory()
    kept?.contacts.reserveCapacity(h.contacts.count)
    kept?.gifts.reserveCapacity(h.gifts.count)
    let sharesAll = memory.sharesAll(with: v)
    var keptContacts = ValueMemory.Finder(memory.contacts) { $0.inputs.contact.id }
    out.byKind[.contacts] = h.contacts.enumerated().map { i, c in
      guard withValues else { return RecordValue(c, .null, c.name) }
      let (value, taken) = memory.contact(
        c, known: keptContacts.find(c.id, at: i), v, sharesAll: sharesAll, into: &kept)
      return RecordValue(c, value, c.name, taken: taken)
    }
    var keptGifts = ValueMemory.Finder(memory.gifts) { $0.inputs.gift.id }
    out.byKind[.gifts] = h.gifts.enumerated().map { i, g in
      guard withValues else { return RecordValue(g, .null, g.title) }
      let (value, taken) = memory.gift(
        g, known: keptGifts.find(g.id, at: i), v, sharesAll: sharesAll, into: &kept)
      return RecordValue(g, value, g.title, taken: taken)
    }
    out.byKind[.occasions] = h.occasions.map { o in
      RecordValue(o, value { v.occasion(o) }, o.title)
    }
    // The analysis may be of the whole household (an outline for `check`): only the
    // records of this one have pages.
    let shownReminders = Set(h.reminders.map(\.meta))
    let reminders = a.reminders.filter { shownReminders.contains($0.reminder.meta) }.map { r in
      RecordValue(r.reminder, value { v.reminder(r) }, r.reminder.title)
    }
    out.remindersByStatus = reminders.map(\.value)
    out.byKind[.reminders] = reminders.sorted { $0.id < $1.id }
    let shownBudgets = Set(h.budgets.map(\.meta))
    out.byKind[.budgets] = a.budgets.summaries.filter { shownBudgets.contains($0.budget.meta) }
      .map { b in RecordValue(b.budget, value { v.budget(b) }, b.budget.title) }
    let shownLists = Set(h.shopping.map(\.meta))
    out.byKind[.shopping] = a.shopping.filter { shownLists.contains($0.list.meta) }.map { l in
      RecordValue(l.list, value { v.shopping(l) }, l.list.title)
    }
    guard withValues else {
      out.byKind[.items] = h.items.map { RecordValue($0, .null, $0.name) }
      out.byKind[.games] = h.games.map { RecordValue($0, .null, $0.name) }
      return out
    }
    var histories: [String: [ItemPriceHistory]] = [:]
    for p in a.prices { histories[p.itemID, default: []].append(p) }
    let cadence = Dictionary(a.cadence.map { ($0.itemID, $0) }, uniquingKeysWith: { x, _ in x })
    out.byKind[.items] = h.items.map {
      RecordValue(
        $0, v.item($0, histories: histories[$0.id] ?? [], cadence: cadence[$0.id]), $0.name)
    }
    var played: [String: Set<LocalDate>] = [:]
    for r in h.results where r.completed && Streaks.happened(r.when, a.clock) {
      played[r.game, default: []].insert(r.when.localDate(in: a.clock))
    }
    let streaks = Dictionary(a.streaks.map { ($0.game, $0) }, uniquingKeysWith: { x, _ in x })
    out.byKind[.games] = h.games.map {
      let value = v.game(
        $0, streak: streaks[$0.id], window: a.playWindows[$0.id], played: played[$0.id] ?? [])
      return RecordValue($0, value, $0.name)
    }
    return out
  }

  private static func globals(_ v: SiteValues, _ records: RecordValues) -> [String: TemplateValue] {
    let a = v.analysis
    var g: [String: TemplateValue] = ["site": site(v.household.settings, a.clock)]
    for kind in Permalinks.pageKinds {
      g[kind.folder] = .array((records.byKind[kind] ?? []).map(\.value))
    }
    g["upcoming"] = .array(a.upcoming.map(v.upcoming))
    g["reminders"] = .array(records.remindersByStatus)
    g["pantry"] = SiteValues.map([
      ("expired", .array(a.pantry.entries(.expired).map(v.pantryEntry))),
      ("expiring", .array(a.pantry.entries(.expiring).map(v.pantryEntry))),
      ("later", .array(a.pantry.entries(.later).map(v.pantryEntry))),
      ("warn_days", .int(a.pantry.warnDays)),
      (
        "waste",
        SiteValues.map([
          ("days", .int(PantryWaste.days)), ("used", .int(a.pantry.waste.used)),
          ("wasted", .int(a.pantry.waste.wasted)),
          ("expired_unused", .int(a.pantry.waste.expiredUnused)),
          ("lost_value", .decimal(a.pantry.waste.lostValue)),
          ("percent_lost", a.pantry.waste.percentLost.map(TemplateValue.decimal) ?? .null),
        ])
      ),
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
    g["dashboard"] = dashboard(v, records)
    g["nav"] = .array(
      SiteModel.areas.map { key, title in
        SiteValues.map([
          ("key", .string(key)), ("title", .string(title)),
          ("url", .string(key == "index" ? "index.html" : "\(key)/index.html")),
        ])
      })
    return g
  }

  /// `site`: the settings and the clock.
  private static func site(_ s: Settings, _ clock: LocalClock) -> TemplateValue {
    SiteValues.map([
      ("title", .string(s.title)), ("currency", .string(s.currency)),
      // Foundation calls UTC "GMT" on Linux; calendars and people know it as UTC.
      ("timezone", .string(ICSFormat.isUTC(s.timeZone) ? "UTC" : s.timeZone.identifier)),
      ("base_url", SiteValues.text(s.baseURL)), ("today", .date(clock.today)),
      ("now", .dateTime(clock.now)),
      ("horizon_days", .int(s.occasions.horizonDays)), ("warn_days", .int(s.pantry.warnDays)),
      ("alert_percent", .decimal(s.budgets.alertPercent)),
      ("window_days", .int(s.streaks.windowDays)), ("public", .bool(s.isPublic)),
    ])
  }

  /// `dashboard`: what needs attention today.
  private static func dashboard(_ v: SiteValues, _ records: RecordValues) -> TemplateValue {
    let a = v.analysis
    let clock = a.clock
    let reminders = zip(a.reminders, records.remindersByStatus)
    // A game whose streak, or one of whose players' streaks, is at risk.
    let atRisk = Set(a.streaks.filter(\.anyoneAtRisk).map(\.game))
    return SiteValues.map([
      (
        "reminders_today",
        .array(
          // An overdue one (a one-time reminder due earlier today) is listed as overdue
          // alone, so it is counted once.
          reminders.filter { s, _ in
            s.reminder.enabled && !s.overdue
              && (s.doneToday || !s.today.isEmpty
                || s.nextOccurrence.map { clock.localDate(of: $0) == clock.today } ?? false)
          }.map(\.1))
      ),
      ("reminders_overdue", .array(reminders.filter { $0.0.overdue }.map(\.1))),
      (
        "games_at_risk",
        .array((records.byKind[.games] ?? []).filter { atRisk.contains($0.id) }.map(\.value))
      ),
      (
        "pantry_alerts",
        .array((a.pantry.entries(.expired) + a.pantry.entries(.expiring)).map(v.pantryEntry))
      ),
      (
        "budgets",
        .array(
          zip(a.budgets.summaries, records.byKind[.budgets] ?? []).filter {
            $0.0.budget.active && $0.0.state == .current && !$0.0.isSuperseded
          }.map(\.1.value))
      ),
      (
        "budget_alerts",
        .array(
          zip(a.budgets.summaries, records.byKind[.budgets] ?? []).filter {
            $0.0.budget.active && $0.0.state == .current && !$0.0.isSuperseded && $0.0.alert
          }.map(\.1.value))
      ),
      (
        "shopping",
        .array(
          zip(a.shopping, records.byKind[.shopping] ?? []).filter {
            !$0.0.list.completed.isDone
          }.map(\.1.value))
      ),
    ])
  }

  /// The areas of the site in navigation order: key and title.
  static let areas: [(String, String)] = [
    ("index", "Dashboard"), ("occasions", "Occasions"), ("contacts", "People"), ("gifts", "Gifts"),
    ("reminders", "Health"), ("budgets", "Budgets"), ("items", "Groceries"),
    ("shopping", "Shopping"),
    ("games", "Games"),
  ]
}
