import Foundation

extension SiteValues {
  /// A health reminder with its schedule text, next occurrences and done state.
  func reminder(_ s: ReminderStatus) -> TemplateValue {
    let r = s.reminder
    let today = analysis.clock.today
    let dueToday = s.nextOccurrence.map { analysis.clock.localDate(of: $0) == today } ?? false
    var due: Date?
    if case .once(let date, let time) = r.schedule { due = analysis.clock.instant(date, time) }
    return SiteValues.map([
      ("id", .string(r.id)), ("title", .string(r.title)),
      ("url", SiteValues.text(links.url(.reminders, r.id))),
      ("note", SiteValues.text(r.note)), ("category", .string(r.category.rawValue)),
      ("enabled", .bool(r.enabled)), ("schedule", .string(s.scheduleText)),
      ("time", .time(r.schedule.time)),
      ("once", .bool(due != nil)), ("due", due.map(TemplateValue.dateTime)),
      ("next", s.nextOccurrence.map(TemplateValue.dateTime)),
      ("next_occurrences", .array(s.nextOccurrences.map(TemplateValue.dateTime))),
      ("due_today", .bool(dueToday)), ("done", SiteValues.date(s.lastDone)),
      ("done_today", .bool(s.doneToday)),
      ("overdue", .bool(s.overdue)), ("ended", .bool(s.ended)), ("body", html(r.body)),
      ("today", .array(s.today.map(occurrence))), ("missed_today", .bool(s.missedToday)),
      ("adherence", adherence(s)),
    ])
  }

  /// One of today's occurrences: `due`, `state` (done, skipped, missed, upcoming),
  /// `marked`, `note`.
  func occurrence(_ o: ReminderOccurrence) -> TemplateValue {
    SiteValues.map([
      ("due", .dateTime(o.due)), ("state", .string(o.state.rawValue)),
      ("marked", o.marked.map(TemplateValue.dateTime)), ("note", SiteValues.text(o.note)),
    ])
  }

  /// The last 30 days: `percent_done`, `done`, `skipped`, `missed`, `days` ({date,
  /// scheduled, done, skipped, missed}) and `chart`, a heat map of the doses done.
  func adherence(_ s: ReminderStatus) -> TemplateValue {
    let a = s.adherence
    var done: [LocalDate: Int] = [:]
    for d in a.days { done[d.date] = d.done }
    let chart: TemplateValue =
      a.days.isEmpty
      ? .null
      : .safe(
        CalendarHeatMap.svg(
          values: done, from: a.days[0].date, through: analysis.clock.today,
          title: "\(s.reminder.title): done per day, last \(ReminderHistory.windowDays) days",
          id: "reminder-\(s.reminder.id)-adherence"))
    return SiteValues.map([
      ("percent_done", a.percentDone.map(TemplateValue.decimal) ?? .null),
      ("done", .int(a.done)), ("skipped", .int(a.skipped)), ("missed", .int(a.missed)),
      (
        "days",
        .array(
          a.days.map {
            SiteValues.map([
              ("date", .date($0.date)), ("scheduled", .int($0.scheduled)), ("done", .int($0.done)),
              ("skipped", .int($0.skipped)), ("missed", .int($0.missed)),
            ])
          })
      ),
      ("chart", chart),
    ])
  }

  /// A game with its streaks, milestones, play window and recent days played.
  func game(_ g: Game, streak: GameStreak?, window: PlayWindow?, played: Set<LocalDate>)
    -> TemplateValue
  {
    let today = analysis.clock.today
    let calendarStart = today.adding(days: -(7 * 16 - 1))
    let scores = GameScoring.scores(of: g.id, in: household.results, clock: analysis.clock)
    let lost = scores?.failedDays ?? []
    let recent = (0..<(7 * 16)).map { calendarStart.adding(days: $0) }.map { d in
      SiteValues.map([
        ("date", .date(d)), ("played", .bool(played.contains(d))),
        ("failed", .bool(lost.contains(d))),
      ])
    }
    return SiteValues.map([
      ("id", .string(g.id)), ("name", .string(g.name)),
      ("url", SiteValues.text(links.url(.games, g.id))),
      ("link", SiteValues.text(g.url)), ("active", .bool(g.active)), ("notes", html(g.notes)),
      ("current", .int(streak?.current ?? 0)), ("longest", .int(streak?.longest ?? 0)),
      ("played_today", .bool(streak?.playedToday ?? false)),
      ("at_risk", .bool(streak?.atRisk ?? false)),
      ("players_at_risk", SiteValues.texts(streak?.playersAtRisk.map(\.player) ?? [])),
      ("last_played", SiteValues.date(streak?.lastPlayed)),
      (
        "milestones",
        .array(
          (streak?.milestones ?? []).map {
            SiteValues.map([("days", .int($0.days)), ("reached", .date($0.reached))])
          })
      ),
      ("next_milestone", streak?.nextMilestone.map(TemplateValue.int)),
      ("play_window", window.map(playWindow)), ("recent_days", .array(recent)),
      (
        "histogram",
        window.map {
          hourChart(
            $0, title: "When \(g.name) is played", id: SiteValues.chartID("game", g.id, "hours"))
        }
      ),
      ("heatmap", heatMap(played, lost: lost, game: g, from: calendarStart, through: today)),
      ("days_played", .int(played.count)),
      ("scores", scores.map(self.scores) ?? .null),
      (
        "players",
        .array(
          (streak?.players ?? []).map {
            SiteValues.map([
              ("player", .string($0.player)), ("current", .int($0.current)),
              ("longest", .int($0.longest)), ("played_today", .bool($0.playedToday)),
              ("at_risk", .bool($0.atRisk)),
            ])
          })
      ),
    ])
  }

  /// A scored game's guesses: `out_of`, `distribution` ({guesses, count}), `failed`,
  /// `mean`, `most` (the largest count, for bar widths).
  func scores(_ s: GameScores) -> TemplateValue {
    SiteValues.map([
      ("out_of", .int(s.outOf)),
      (
        "distribution",
        .array(
          s.distribution.enumerated().map {
            SiteValues.map([("guesses", .int($0.offset + 1)), ("count", .int($0.element))])
          })
      ),
      ("failed", .int(s.failed)), ("mean", s.mean.map(TemplateValue.decimal) ?? .null),
      ("most", .int(max(1, (s.distribution + [s.failed]).max() ?? 1))),
    ])
  }

  /// A play window: histogram, best window and suggested reminder.
  func playWindow(_ w: PlayWindow) -> TemplateValue {
    SiteValues.map([
      ("from", .date(w.from)), ("through", .date(w.through)),
      ("histogram", .array(w.histogram.map(TemplateValue.int))),
      ("total", .int(w.total)), ("window_start", w.best.map { .int($0.start) }),
      ("window_end", w.best.map { .int($0.end) }),
      ("count", w.best.map { .int($0.count) }), ("coverage", w.best.map { .int($0.coverage) }),
      ("suggested_reminder", w.best.map { .time($0.suggestedReminder) }),
    ])
  }
}
