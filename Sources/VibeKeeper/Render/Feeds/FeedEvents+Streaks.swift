import Foundation

extension FeedEvents {
  /// Today's streak reminder: when streak reminders are on and an active game's streak is
  /// at risk, one timed event today at the reminder time naming the games at risk and their
  /// streaks, with an alarm at the time (`HouseholdAnalysis.streakReminder`: with
  /// `streaks.smart`, learnt from the games at risk). It is only ever in the future:
  /// once today's time has passed there is none (a reminder in the past reminds no one).
  /// Nothing otherwise (a smart suggestion never turns reminders on).
  public static func streaks(_ inputs: FeedInputs) -> [FeedEvent] {
    guard let reminder = inputs.analysis.streakReminder else { return [] }
    let atRisk = inputs.analysis.streaks.filter { $0.active && $0.anyoneAtRisk }
    guard !atRisk.isEmpty else { return [] }
    let h = inputs.household
    let today = inputs.clock.today
    guard inputs.clock.instant(today, reminder.time) > inputs.clock.now else { return [] }
    let names = atRisk.map { s in
      let days = s.atRisk ? s.current : s.playersAtRisk.map(\.current).max() ?? 0
      return "\(s.name) (\(days) \(days == 1 ? "day" : "days"))"
    }
    let ids = Set(atRisk.map(\.game))
    let metas =
      h.games.filter { ids.contains($0.id) }.map(\.meta)
      + h.results.filter { ids.contains($0.game) }.map(\.meta)
    let lines = atRisk.flatMap { s in
      (s.atRisk ? ["\(s.name): \(s.current)-day streak, not played today."] : [])
        + s.playersAtRisk.map {
          "\(s.name): \($0.player)'s \($0.current)-day streak, not played today."
        }
    }
    let source =
      reminder.source == .smart
      ? "Reminder time learnt from when you usually play." : "Reminder time from the settings."
    var e = FeedEvent(
      kind: .streak, id: today.description, uid: inputs.uid("streak", today.description),
      summary: "Keep your streaks: " + names.joined(separator: ", "),
      description: (lines + [source]).joined(separator: "\n"),
      start: .timed(today, reminder.time), stamp: inputs.stamps.stamp(metas))
    e.url = atRisk.count == 1 ? inputs.url(.games, atRisk[0].game) : nil
    e.categories = ["Streaks"]
    e.alarms = [FeedEvent.Alarm(trigger: ICSFormat.triggerAtStart, description: e.summary)]
    return [e]
  }
}
