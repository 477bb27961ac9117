extension ReminderSchedule {
  /// The schedule in words: `Every Mon, Wed, Fri at 08:30` (days Monday first),
  /// `Every day at 18:00` when all seven days are listed, plus ` until 30 Apr 2027` when
  /// `until` is set; `Once on 23 Nov 2026 at 08:30` for a one-time reminder; `Never` for a
  /// weekly schedule without days. `starts` is not part of the text.
  public var text: String {
    switch self {
    case .once(let date, let time):
      return "Once on \(LocalClock.dayMonthYear(date)) at \(time)"
    case .weekly(let weekly):
      guard !weekly.days.isEmpty else { return "Never" }
      let days =
        weekly.isDaily ? "day" : weekly.days.sorted().map(\.shortName).joined(separator: ", ")
      var text = "Every \(days) at \(weekly.time)"
      if let until = weekly.until { text += " until \(LocalClock.dayMonthYear(until))" }
      return text
    }
  }
}
