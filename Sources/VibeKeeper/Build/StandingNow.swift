import Foundation

/// The "now" a rebuild after an edit runs at, in `serve` and `watch`. Everything a build
/// shows about the time stays the same until its `NextChange`, so until then an edit is
/// built at the last build's "now": the pages that only show the time (the list pages'
/// "as of") are not rendered again, and only what the edit touched is. From the next
/// change on, the clock's time is used.
public struct StandingNow: Sendable {
  /// The last build's "now", and when what it shows changes next.
  public private(set) var now: Date?
  public private(set) var until: Date?

  /// No build yet: the clock's time is used.
  public init() {}

  /// Remembers a build's "now" and next change (nil when it stopped before analysing).
  public mutating func record(now: Date?, nextChange: Date?) {
    guard let now, let nextChange else { return }
    self.now = now
    until = nextChange
  }

  /// The instant a rebuild at clock time `clock` runs at: the last build's "now" while the
  /// clock is before that build's next change (and not before the build), else the clock.
  public func instant(at clock: Date) -> Date {
    guard let now, let until, clock >= now, clock < until else { return clock }
    return now
  }

  /// Whether a build at `instant` must be run again at the clock's time: the edit it
  /// built brought a change (a dose due) between `instant` and the clock.
  public static func isBehind(_ nextChange: Date?, at instant: Date, clock: Date) -> Bool {
    guard instant < clock, let nextChange else { return false }
    return nextChange <= clock
  }
}
