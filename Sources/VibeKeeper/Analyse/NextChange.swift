import Foundation

/// When what the site shows about "now" changes next, so a long-running `serve` rebuilds
/// exactly then and is never stale: the next local midnight (today moves on: streaks at
/// risk, days until, expiry), each reminder occurrence coming due (the next dose moves on)
/// and turning missed (`notify.missed_after` later), each occasion's reminder time (listed
/// while ahead), the streak reminder's time today (the feed gives today's reminder only
/// while it is ahead), and a dose or result marked for a moment still ahead.
public enum NextChange {
  /// The first moment after the analysis's "now" at which a build would show something
  /// different; never later than the next local midnight.
  public static func after(_ analysis: HouseholdAnalysis) -> Date {
    let clock = analysis.clock
    let now = clock.now
    var next = clock.startOfDay(clock.today.adding(days: 1))
    func consider(_ moment: Date) {
      if moment > now, moment < next { next = moment }
    }
    for status in analysis.reminders {
      for occurrence in status.today { consider(occurrence.due) }
      // One not marked turns missed later, yesterday's late dose after midnight too.
      for occurrence in status.history where occurrence.state == .upcoming {
        consider(ReminderHistory.missedMoment(occurrence.due, missedAfter: status.missedAfter))
      }
      if let upcoming = status.nextOccurrence { consider(upcoming) }
    }
    // An occasion's reminder times are listed only while they are ahead.
    for occasion in analysis.upcoming {
      for reminder in occasion.reminders { consider(reminder) }
    }
    // A dose or result marked ahead of "now" (or while `serve` builds an edit at the last
    // build's "now") counts from its moment.
    if let mark = analysis.firstLaterMark { consider(mark) }
    // The streak reminder only shows while a streak is at risk.
    if let streak = analysis.streakReminder, analysis.streaks.contains(where: \.atRisk) {
      consider(clock.instant(clock.today, streak.time))
    }
    return next
  }
}
