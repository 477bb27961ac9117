import Foundation

/// One notification to send: what it says, when it goes out, and until when it still may
/// (a run that comes later, after the machine slept, sends it only while it is current).
public struct Notice: Sendable, Hashable {
  /// Names it for good: `dose/vitamin-d/2026-11-24T08:00`. Sent once per key and channel.
  public var key: String
  public var kind: NoticeKind
  /// When it goes out.
  public var moment: Date
  /// It is not sent at or after this (a later notice takes over, or it is no longer true).
  public var expires: Date
  /// Title, a line.
  public var title: String
  /// The text.
  public var message: String
  /// 1 (min) to 5 (max), as ntfy has them.
  public var priority: Int
  /// ntfy tags (emoji names: `pill`, `fire`).
  public var tags: [String]
  /// The record it is about, for its page (`reminders`, `vitamin-d`); nil when it has none.
  public var record: (kind: RecordKind, id: String)?
  /// The page of the record, relative to the site root, when it is published.
  public var page: String?
  /// A link to open instead of the page (the game's own address).
  public var opens: String?
  /// The people it names (`notify:` of the record, a result's player); nil: nobody.
  public var people: [String]?
  /// The buttons it offers (when `notify.action_url` is set).
  public var actions: [NoticeAction] = []
  /// Notices of one group that go out in one run are sent as one message (`pantry`).
  public var group: String?

  public static func == (a: Notice, b: Notice) -> Bool { a.key == b.key && a.moment == b.moment }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A button of a notice and what it writes when tapped.
public struct NoticeAction: Sendable, Hashable, Codable {
  /// The button's label: `Taken`, `Skip`, `Played`.
  public var label: String
  /// What it writes.
  public var action: LinkedAction
  /// The link stops working then.
  public var expires: Date
}

/// What an action link writes, through the same writer as `done` and `played`.
public enum LinkedAction: Sendable, Hashable, Codable {
  /// The occurrence of `reminder` due at `due` (local `YYYY-MM-DDTHH:MM`) done or skipped.
  case dose(reminder: String, due: String, skip: Bool)
  /// `game` played (by `player`).
  case played(game: String, player: String?)
}

/// Which notices are due around "now": the analyses' moments (a dose coming due, a dose
/// missed, a streak at risk, an occasion's reminder points, a budget's alert, food about
/// to expire) as notices. A pure function of the household and the clock.
public enum NotificationSchedule {
  /// How long a dose notice is still sent late when the missed follow-up is off.
  static let lateDose: TimeInterval = 2 * 3_600
  /// How long after its time a tapped dose button still records (as `done` allows).
  static let doseLinkLife: TimeInterval = 20 * 3_600

  /// Every notice not expired at the clock's now whose moment is at or before `through`,
  /// by moment, then key.
  public static func notices(in household: Household, clock: LocalClock, through: Date)
    -> [Notice]
  {
    var settings = household.settings
    // An occasion is looked at from its first reminder point on.
    settings.occasions.horizonDays = max(
      settings.occasions.horizonDays, settings.occasions.leadDays + 1)
    var widened = household
    widened.settings = settings
    let analysis = HouseholdAnalysis(widened, clock: clock)
    let links = Permalinks(PublishedView(household).household)
    var out = doses(household, clock: clock, through: through)
    out += streaks(household, analysis: analysis)
    out += occasions(analysis, settings: settings.occasions, through: through)
    out += budgets(analysis, settings: settings)
    out += pantry(analysis, settings: settings)
    out = out.filter { $0.expires > clock.now && $0.moment <= through }
    for i in out.indices {
      if let record = out[i].record { out[i].page = links.url(record.kind, record.id) }
    }
    return out.sorted { ($0.moment, $0.key) < ($1.moment, $1.key) }
  }

  // MARK: Doses

  static func doses(_ household: Household, clock: LocalClock, through: Date) -> [Notice] {
    let missedAfter = TimeInterval(household.settings.notify.missedAfter * 60)
    var byReminder: [String: [Dose]] = [:]
    for d in household.doses { byReminder[d.reminder, default: []].append(d) }
    var out: [Notice] = []
    for r in household.reminders where r.enabled {
      let doses = byReminder[r.id] ?? []
      let from = clock.now.addingTimeInterval(-max(missedAfter, lateDose) - 86_400)
      let due = HealthReminders.occurrences(of: r, from: from, to: through, clock: clock)
      let open = unanswered(due, of: r, doses: doses, clock: clock)
      let medication = r.category == .medication
      for d in due where open.contains(d) {
        let local = localText(d, clock)
        let time = String(clock.localTime(of: d).description.prefix(5))
        let actions = [
          NoticeAction(
            label: medication ? "Taken" : "Done",
            action: .dose(reminder: r.id, due: local, skip: false),
            expires: d.addingTimeInterval(doseLinkLife)),
          NoticeAction(
            label: "Skip", action: .dose(reminder: r.id, due: local, skip: true),
            expires: d.addingTimeInterval(doseLinkLife)),
        ]
        var notice = Notice(
          key: "dose/\(r.id)/\(local)", kind: .doses, moment: d,
          expires: d.addingTimeInterval(missedAfter > 0 ? missedAfter : lateDose),
          title: r.title, message: "Due at \(time)" + (r.note.map { ". \($0)" } ?? ""),
          priority: 4, tags: [medication ? "pill" : "alarm_clock"], record: (.reminders, r.id),
          people: r.notify)
        notice.actions = actions
        out.append(notice)
        guard missedAfter > 0 else { continue }
        let late = d.addingTimeInterval(missedAfter)
        var missed = notice
        missed.key = "missed/\(r.id)/\(local)"
        missed.kind = .missed
        missed.moment = late
        // Until the end of the day it was due, and at least two hours.
        missed.expires = max(
          clock.startOfDay(clock.localDate(of: d).adding(days: 1)), late + lateDose)
        missed.title = "Missed: \(r.title)"
        missed.message = "Due at \(time), not marked yet" + (r.note.map { ". \($0)" } ?? "")
        missed.tags = ["warning"]
        out.append(missed)
      }
    }
    return out
  }

  /// The occurrences in `due` no dose marked by now answers: a dose with `due` answers
  /// that one, one without answers the first open one of its day (a one-time reminder's
  /// one occurrence from its day on), and `done:` answers its whole day (a one-time
  /// reminder: any `done:`). A dose marked after now has not happened yet.
  static func unanswered(_ due: [Date], of r: Reminder, doses: [Dose], clock: LocalClock)
    -> Set<Date>
  {
    if case .once = r.schedule {
      // Its one occurrence, answered as its status says (`HealthReminders`).
      guard r.done.map({ $0 > clock.today }) ?? true else { return [] }
      return Set(due.filter { HealthReminders.answer(toOnce: $0, in: doses, clock: clock) == nil })
    }
    var open = Set(due)
    let doses = doses.filter { $0.at <= clock.now }
    for d in doses { if let at = d.due { open.remove(at) } }
    for d in doses where d.due == nil {
      let day = clock.localDate(of: d.at)
      if let first = due.filter({ open.contains($0) && clock.localDate(of: $0) == day }).min() {
        open.remove(first)
      }
    }
    if let done = r.done { open = open.filter { clock.localDate(of: $0) != done } }
    return open
  }

  // MARK: Streaks

  static func streaks(_ household: Household, analysis: HouseholdAnalysis) -> [Notice] {
    guard let reminder = analysis.streakReminder else { return [] }
    let clock = analysis.clock
    let smart = household.settings.streaks.smart
    let games = Dictionary(household.games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var out: [Notice] = []
    for s in analysis.streaks where s.active {
      let game = games[s.game]
      // The game's own suggested time when it has play data; else the household's.
      let time =
        (smart ? analysis.playWindows[s.game]?.best?.suggestedReminder : nil) ?? reminder.time
      let moment = clock.instant(clock.today, time)
      let risks: [(player: String?, current: Int)] =
        s.players.isEmpty
        ? (s.atRisk ? [(nil, s.current)] : [])
        : s.players.filter(\.atRisk).map { ($0.player, $0.current) }
      for (player, current) in risks {
        let who = player.map { "/\($0)" } ?? ""
        var notice = Notice(
          key: "streak/\(s.game)\(who)/\(clock.today)", kind: .streaks, moment: moment,
          expires: clock.startOfDay(clock.today.adding(days: 1)),
          title: "\(s.name): keep your \(current)-day streak" + (player.map { ", \($0)" } ?? ""),
          message: "Not played today yet; the streak ends at midnight.", priority: 3,
          tags: ["fire"], record: (.games, s.game), opens: game?.url,
          people: game?.notify ?? player.map { [$0] })
        notice.actions = [
          NoticeAction(
            label: "Played", action: .played(game: s.game, player: player),
            expires: notice.expires)
        ]
        out.append(notice)
      }
    }
    return out
  }

  // MARK: Occasions

  static func occasions(
    _ analysis: HouseholdAnalysis, settings: Settings.OccasionSettings, through: Date
  ) -> [Notice] {
    let clock = analysis.clock
    var out: [Notice] = []
    for o in analysis.upcoming {
      // Every point, not only those still ahead (`o.reminders`, what the site shows): a
      // notice stays current to the end of its day, so a run after the point still sends it.
      let points = UpcomingOccasions.reminderPoints(
        for: o.date, leadDays: settings.leadDays, time: settings.reminderTime, clock: clock)
      for point in points where point <= through {
        let day = clock.localDate(of: point)
        let days = day.days(to: o.date)
        let when =
          days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
        var lines = [LocalClock.dayMonthYear(o.date)]
        if let age = o.age { lines.append("turns \(age)") }
        if let years = o.years, o.kind != .birthday {
          lines.append("\(years) \(years == 1 ? "year" : "years")")
        }
        if o.takesGifts {
          lines.append(
            !o.bought.isEmpty
              ? "gift bought"
              : o.gifts.isEmpty
                ? "no gift ideas yet"
                : "\(o.gifts.count) gift idea\(o.gifts.count == 1 ? "" : "s")")
        }
        let birthday = o.kind == .birthday
        out.append(
          Notice(
            key: "occasion/\(o.kind.rawValue)/\(o.id)/\(o.date)/\(days)", kind: .occasions,
            moment: point, expires: clock.startOfDay(day.adding(days: 1)),
            title: "\(o.title) \(when)", message: lines.joined(separator: " · "), priority: 3,
            tags: [birthday ? "birthday" : "date"],
            record: birthday ? o.contact.map { (.contacts, $0) } : (.occasions, o.id),
            people: nil))
      }
    }
    return out
  }

  // MARK: Budgets

  static func budgets(_ analysis: HouseholdAnalysis, settings: Settings) -> [Notice] {
    let clock = analysis.clock
    let moment = clock.instant(clock.today, settings.notify.time)
    var out: [Notice] = []
    for s in analysis.budgets.summaries
    where s.state == .current && s.budget.active && !s.isSuperseded && s.alert {
      let b = s.budget
      let over = s.spent > b.amount
      // In the currency's minor unit, as the site and the report show it (JPY 0, KWD 3).
      let places = Currency.minorUnits(of: b.currency)
      let money = { (v: Decimal) in DecimalFormat.plain(v, places: places) }
      let percent = DecimalFormat.plain(s.percentUsed ?? 0, places: 0)
      let left =
        over
        ? "\(money(s.spent - b.amount)) over"
        : "\(money(s.remaining)) left for \(s.daysRemaining) day\(s.daysRemaining == 1 ? "" : "s")"
      out.append(
        Notice(
          key: "budget/\(b.id)/\(over ? "over" : "alert")", kind: .budgets, moment: moment,
          expires: clock.startOfDay(b.end.adding(days: 1)),
          title: over ? "Over budget: \(b.title)" : "\(b.title): \(percent)% used",
          message: "\(money(s.spent)) of \(money(b.amount)) \(b.currency) spent; \(left).",
          priority: over ? 4 : 3, tags: [over ? "rotating_light" : "moneybag"],
          record: (.budgets, b.id), people: nil))
    }
    return out
  }

  // MARK: Pantry

  static func pantry(_ analysis: HouseholdAnalysis, settings: Settings) -> [Notice] {
    let clock = analysis.clock
    let moment = clock.instant(clock.today, settings.notify.time)
    return analysis.pantry.entries(.expiring).map { e in
      let when =
        e.daysLeft == 0 ? "today" : e.daysLeft == 1 ? "tomorrow" : "in \(e.daysLeft) days"
      let item = e.itemID ?? Slug.make(e.name, fallback: "item")
      return Notice(
        // Named by what was bought when, not by the purchase's place in its file: a line
        // added above it (a receipt entered late) must not send the notice again. The
        // expiry first: notices of one moment go by key, the soonest first.
        key: "pantry/\(e.expires)/\(item)/\(e.bought)", kind: .pantry, moment: moment,
        expires: clock.startOfDay(e.expires.adding(days: 1)),
        title: "\(e.name) expires \(when)",
        message:
          "Bought \(LocalClock.dayMonthYear(e.bought)), use by \(LocalClock.dayMonthYear(e.expires)).",
        priority: 3, tags: ["hourglass"], record: e.itemID.map { (.items, $0) }, people: nil,
        group: "pantry")
    }
  }

  /// `2026-11-24T08:00`: a local date-time as records write it.
  static func localText(_ instant: Date, _ clock: LocalClock) -> String {
    clock.localDate(of: instant).description + "T"
      + String(clock.localTime(of: instant).description.prefix(5))
  }
}
