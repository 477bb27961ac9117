import Foundation

/// The best two-hour play window of a histogram.
public struct BestPlayWindow: Hashable, Sendable {
  /// The window's first hour h (0-23).
  public var start: Int
  /// Its last hour, (h + 1) mod 24: 22 gives 23, 23 gives 0.
  public var end: Int
  /// Results in hours h and h + 1.
  public var count: Int
  /// `count` as a whole percent of all counted results, rounded to nearest with .5 up.
  public var coverage: Int
  /// ((h - 1 + 24) mod 24):30, clamped: an hour below 6 gives 06:00, above 22 gives 22:00.
  public var suggestedReminder: TimeOfDay
}

/// When completed results with a time of day were played, by local hour.
public struct PlayWindow: Hashable, Sendable {
  /// The first local date counted.
  public var from: LocalDate
  /// The last local date counted (today).
  public var through: LocalDate
  /// Counts of results by local hour, 24 entries (index = hour).
  public var histogram: [Int]
  /// All counted results.
  public var total: Int
  /// The best two-hour window; nil when nothing was counted (no data, no suggestion).
  public var best: BestPlayWindow?
}

/// The play-window analysis of the spec, and the effective daily streak reminder.
public enum PlayWindows {
  /// The play window of `results` (pass one game's results, or all of them).
  ///
  /// "The last `window_days` days" are the local dates `today - window_days + 1` through
  /// `today` in the settings zone (today and the `window_days - 1` days before it; none
  /// when `window_days <= 0`). Only completed results with a time of day (`at:`) count;
  /// each counts in its local hour. Results after now on today's date still count.
  public static func window(of results: [GameResult], windowDays: Int, clock: LocalClock)
    -> PlayWindow
  {
    let today = clock.today
    let from = today.adding(days: -(max(windowDays, 0) - 1))
    var histogram = [Int](repeating: 0, count: 24)
    for result in results where result.completed {
      guard case .instant(let instant) = result.when else { continue }
      let day = clock.localDate(of: instant)
      guard windowDays > 0, from <= day, day <= today else { continue }
      histogram[clock.localTime(of: instant).hour] += 1
    }
    return PlayWindow(
      from: from, through: today, histogram: histogram, total: histogram.reduce(0, +),
      best: best(of: histogram))
  }

  /// The best two-hour window of a 24-hour histogram: the start h with the largest
  /// count(h) + count((h + 1) mod 24), ties to the earliest h; nil when it is all zero.
  public static func best(of histogram: [Int]) -> BestPlayWindow? {
    guard histogram.count == 24 else { return nil }
    let total = histogram.reduce(0, +)
    guard total > 0 else { return nil }
    var start = 0
    var count = -1
    for h in 0..<24 where histogram[h] + histogram[(h + 1) % 24] > count {
      start = h
      count = histogram[h] + histogram[(h + 1) % 24]
    }
    return BestPlayWindow(
      start: start, end: (start + 1) % 24, count: count,
      coverage: (200 * count + total) / (2 * total), suggestedReminder: suggestion(start))
  }

  /// The suggested reminder for a window starting at hour h: half past the hour before,
  /// clamped to 06:00 (an hour below 6) and 22:00 (an hour above 22).
  public static func suggestion(_ start: Int) -> TimeOfDay {
    let hour = ((start % 24) - 1 + 24) % 24
    if hour < 6 { return TimeOfDay(hour: 6, minute: 0)! }
    if hour > 22 { return TimeOfDay(hour: 22, minute: 0)! }
    return TimeOfDay(hour: hour, minute: 30)!
  }
}
