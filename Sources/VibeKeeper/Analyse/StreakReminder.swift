/// The daily streak reminder that applies, and why.
public struct StreakReminder: Hashable, Sendable {
  /// Where the time comes from.
  public enum Source: String, Hashable, Sendable {
    /// The play window's suggestion (`streaks.smart` with play data).
    case smart
    /// `streaks.reminder_time` (smart off, or no play data).
    case fixed
  }

  /// The local time of day it fires at.
  public var time: TimeOfDay
  /// Smart suggestion or the fixed setting.
  public var source: Source

  /// The effective reminder: nil when `streaks.reminders` is false (a smart suggestion
  /// never turns reminders on); the window's suggestion when `streaks.smart` is on and the
  /// window has data; else `streaks.reminder_time`.
  public static func effective(_ settings: Settings.StreakSettings, window: PlayWindow?)
    -> StreakReminder?
  {
    guard settings.reminders else { return nil }
    if settings.smart, let best = window?.best {
      return StreakReminder(time: best.suggestedReminder, source: .smart)
    }
    return StreakReminder(time: settings.reminderTime, source: .fixed)
  }
}
