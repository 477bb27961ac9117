extension Reports {
  /// The `streaks` report: per game the current and longest streak, played today, at
  /// risk, milestones, its play window with the effective streak reminder, each player's
  /// streaks and the guess distribution of a scored game; then the play window over all
  /// games and the household's streak reminder.
  public static func streaks(_ household: Household, analysis shared: HouseholdAnalysis) -> Report {
    let clock = shared.clock
    let settings = household.settings.streaks
    let streaks = shared.streaks
    let windows = streaks.map { s in
      shared.playWindows[s.game]
        ?? PlayWindows.window(of: [], windowDays: settings.windowDays, clock: clock)
    }
    let overall = shared.overallPlayWindow
    let reminder = shared.streakReminder

    let streakTable = ReportTable(
      title: "Streaks (today \(clock.today))",
      headers: ["Game", "Current", "Longest", "Today", "Milestones", "Play window"],
      alignments: [.left, .right, .right, .left, .left, .left],
      rows: zip(streaks, windows).map { s, w in
        [
          s.active ? s.name : "\(s.name) (inactive)", String(s.current), String(s.longest),
          todayText(s),
          s.milestones.map { String($0.days) }.joined(separator: ", "), windowText(w),
        ]
      })
    let histogram = ReportTable(
      title: "Play window, all games (\(overall.from) to \(overall.through))",
      headers: ["Hour", "Results"], alignments: [.right, .right],
      rows: overall.histogram.enumerated().filter { $0.element > 0 }.map {
        [twoDigits($0.offset), String($0.element)]
      },
      footer: [
        "Best window: \(windowText(overall))",
        "Streak reminder: "
          + (reminder.map { "\($0.time) (\($0.source.rawValue))" } ?? "off"),
      ])
    let json = JSONValue.object([
      JSONField("today", .string(clock.today.description)),
      JSONField("window_days", .int(settings.windowDays)),
      JSONField(
        "games",
        .array(
          zip(streaks, windows).map { s, w in
            streakJSON(
              s, window: w, reminder: StreakReminder.effective(settings, window: w),
              scores: GameScoring.scores(of: s.game, in: household.results, clock: clock))
          })),
      JSONField("play_window", windowJSON(overall)),
      JSONField("streak_reminder", reminderJSON(reminder)),
    ])
    return Report(topic: "streaks", tables: [streakTable, histogram], json: json)
  }

  private static func streakJSON(
    _ s: GameStreak, window: PlayWindow, reminder: StreakReminder?, scores: GameScores?
  ) -> JSONValue {
    .object([
      JSONField("id", .string(s.game)),
      JSONField("name", .string(s.name)),
      JSONField("active", .bool(s.active)),
      JSONField("current", .int(s.current)),
      JSONField("longest", .int(s.longest)),
      JSONField("played_today", .bool(s.playedToday)),
      JSONField("at_risk", .bool(s.atRisk)),
      JSONField("last_played", .optional(s.lastPlayed.map { .string($0.description) })),
      JSONField(
        "milestones",
        .array(
          s.milestones.map {
            .object([
              JSONField("days", .int($0.days)),
              JSONField("reached", .string($0.reached.description)),
            ])
          })),
      JSONField("next_milestone", .optional(s.nextMilestone.map(JSONValue.int))),
      JSONField("play_window", windowJSON(window)),
      JSONField("streak_reminder", reminderJSON(reminder)),
      JSONField(
        "players",
        .array(
          s.players.map {
            .object([
              JSONField("player", .string($0.player)), JSONField("current", .int($0.current)),
              JSONField("longest", .int($0.longest)),
              JSONField("played_today", .bool($0.playedToday)),
              JSONField("at_risk", .bool($0.atRisk)),
            ])
          })),
      JSONField(
        "scores",
        .optional(
          scores.map { g in
            .object([
              JSONField("out_of", .int(g.outOf)),
              JSONField("distribution", .array(g.distribution.map(JSONValue.int))),
              JSONField("failed", .int(g.failed)),
              JSONField("mean", .optional(g.mean.map { .number($0, places: 2) })),
            ])
          })),
    ])
  }

  private static func windowJSON(_ w: PlayWindow) -> JSONValue {
    .object([
      JSONField("from", .string(w.from.description)),
      JSONField("through", .string(w.through.description)),
      JSONField("results", .int(w.total)),
      JSONField("histogram", .array(w.histogram.map(JSONValue.int))),
      JSONField("window_start", .optional(w.best.map { .int($0.start) })),
      JSONField("window_end", .optional(w.best.map { .int($0.end) })),
      JSONField("window_count", .optional(w.best.map { .int($0.count) })),
      JSONField("coverage", .optional(w.best.map { .int($0.coverage) })),
      JSONField(
        "suggested_reminder", .optional(w.best.map { .string($0.suggestedReminder.description) })),
    ])
  }

  private static func reminderJSON(_ r: StreakReminder?) -> JSONValue {
    guard let r else { return .null }
    return .object([
      JSONField("time", .string(r.time.description)),
      JSONField("source", .string(r.source.rawValue)),
    ])
  }

  /// `22-23 (60%), remind 21:30`, or `-` with no data.
  private static func windowText(_ w: PlayWindow) -> String {
    guard let b = w.best else { return "-" }
    return
      "\(twoDigits(b.start))-\(twoDigits(b.end)) (\(b.coverage)%), remind \(b.suggestedReminder)"
  }

  private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

  /// Today's column: `played`, `at risk`, and the players at risk when the game itself is
  /// not (`played; at risk: Zoë`).
  private static func todayText(_ s: GameStreak) -> String {
    let game = s.playedToday ? "played" : s.atRisk ? "at risk" : "-"
    let players = s.playersAtRisk.map(\.player)
    guard !players.isEmpty, !s.atRisk else { return game }
    return (game == "-" ? "" : game + "; ") + "at risk: " + players.joined(separator: ", ")
  }
}
