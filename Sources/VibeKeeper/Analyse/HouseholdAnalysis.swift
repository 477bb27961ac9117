import Foundation

/// Every analysis of a household as seen at one "now", run once and shared by the site,
/// the calendar feeds and the summary report.
public struct HouseholdAnalysis: Sendable {
  /// The clock the analyses used.
  public let clock: LocalClock
  /// The household's gifts by recipient and by occasion, made once for the analyses, the
  /// site and the feeds of this household.
  public let gifts: OccasionGifts.Index
  /// Occasions and birthdays within the horizon.
  public let upcoming: [UpcomingOccasion]
  /// Every health reminder's state.
  public let reminders: [ReminderStatus]
  /// Streaks per game.
  public let streaks: [GameStreak]
  /// The play window of each game, by game id.
  public let playWindows: [String: PlayWindow]
  /// The play window over all games.
  public let overallPlayWindow: PlayWindow
  /// The daily streak reminder, or nil when reminders are off; its smart time is learnt
  /// from the games at risk.
  public let streakReminder: StreakReminder?
  /// Budgets and their summaries.
  public let budgets: BudgetAnalysis
  /// Price history per item (and currency).
  public let prices: [ItemPriceHistory]
  /// Purchase cadence per item.
  public let cadence: [ItemCadence]
  /// What is in the pantry and when it expires.
  public let pantry: PantryAnalysis
  /// Shopping list summaries.
  public let shopping: [ShoppingListSummary]
  /// Warnings the analyses found across records (overlapping budgets, other currencies, a
  /// gift for an unknown birthday), in a stable order.
  public let diagnostics: [Diagnostic]
  /// The first dose or game result marked after "now": the analyses leave it out until
  /// then (it has not happened yet), so what they show changes at that moment.
  public let firstLaterMark: Date?

  /// Runs every analysis.
  public init(_ household: Household, clock: LocalClock) {
    self.clock = clock
    let settings = household.settings
    let gifts = OccasionGifts.Index(household.gifts)
    self.gifts = gifts
    // The money analyses run on a second thread while the occasions, reminders, streaks and
    // cross-record checks run on this one (they share only the household, a value).
    let (early, money) = Parallel.pair(
      {
        (
          UpcomingOccasions.upcoming(in: household, clock: clock, gifts: gifts),
          HealthReminders.statuses(in: household, clock: clock),
          Streaks.streaks(in: household, clock: clock), CrossRecordChecks.diagnostics(household)
        )
      },
      { MoneyAnalyses(household, today: clock.today) })
    let checks: [Diagnostic]
    (upcoming, reminders, streaks, checks) = early
    // When games are played is learnt from what was played by now.
    let results = household.results.filter { Streaks.happened($0.when, clock) }
    var byGame: [String: [GameResult]] = [:]
    for r in results { byGame[r.game, default: []].append(r) }
    var windows: [String: PlayWindow] = [:]
    for game in household.games {
      windows[game.id] = PlayWindows.window(
        of: byGame[game.id] ?? [], windowDays: settings.streaks.windowDays, clock: clock)
    }
    playWindows = windows
    overallPlayWindow = PlayWindows.window(
      of: results, windowDays: settings.streaks.windowDays, clock: clock)
    // The smart time comes from when the games at risk are played (all games when those
    // have no play times in the window).
    let atRisk = Set(streaks.filter { $0.active && $0.anyoneAtRisk }.map(\.game))
    let riskWindow =
      atRisk.isEmpty
      ? nil
      : PlayWindows.window(
        of: results.filter { atRisk.contains($0.game) },
        windowDays: settings.streaks.windowDays, clock: clock)
    streakReminder = StreakReminder.effective(
      settings.streaks, window: riskWindow?.best != nil ? riskWindow : overallPlayWindow)
    (budgets, prices, cadence, pantry, shopping) =
      (money.budgets, money.prices, money.cadence, money.pantry, money.shopping)
    diagnostics =
      budgets.diagnostics + checks + ReminderTimeChecks.diagnostics(household, clock: clock)
      + UpcomingOccasions.futureBirthdays(household, today: clock.today)
    let doseTimes = household.doses.lazy.map(\.at).filter { $0 > clock.now }
    let playTimes = household.results.lazy.compactMap { r -> Date? in
      if case .instant(let at) = r.when, at > clock.now { return at }
      return nil
    }
    firstLaterMark = [doseTimes.min(), playTimes.min()].compactMap { $0 }.min()
  }
}

/// The analyses of money and things bought, run together on one worker.
private struct MoneyAnalyses: Sendable {
  let budgets: BudgetAnalysis
  let prices: [ItemPriceHistory]
  let cadence: [ItemCadence]
  let pantry: PantryAnalysis
  let shopping: [ShoppingListSummary]

  init(_ household: Household, today: LocalDate) {
    budgets = BudgetAnalysis.analyse(household, today: today)
    prices = PriceHistory.analyse(household, through: today)
    cadence = PurchaseCadence.analyse(household, today: today)
    pantry = Pantry.analyse(household, today: today)
    shopping = ShoppingAnalysis.analyse(household, today: today)
  }
}
