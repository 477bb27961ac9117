import Foundation

/// When records last changed, for the DTSTAMP and LAST-MODIFIED of their events: the commit
/// time of the record's file when the data folder is in a git repository, else the record's
/// `updated:` date, else a fixed stamp. Never the build time, so an unchanged event comes
/// out byte-identical in tomorrow's build.
public struct FeedStamps: Sendable, Equatable {
  /// The commit times of each file, by path inside the data folder.
  public var commits: CommitTimes

  /// The stamp of records with neither a commit nor `updated:`: 2000-01-01T00:00:00Z.
  public static let fixed = Date(timeIntervalSince1970: 946_684_800)

  /// Stamps from commit times by path (empty: `updated:` and the fixed stamp only).
  public init(commits: CommitTimes = CommitTimes()) {
    self.commits = commits
  }

  /// When a record's file first appeared in the history, when it has one.
  public func firstCommit(_ meta: RecordMeta) -> Date? {
    commits.first[meta.path]
  }

  /// The stamp of one record.
  public func stamp(_ meta: RecordMeta) -> Date {
    if let commit = commits[meta.path] { return commit }
    if let updated = meta.updated {
      return Date(timeIntervalSince1970: Double(updated.dayNumber) * 86_400)
    }
    return FeedStamps.fixed
  }

  /// The latest stamp of several records (the fixed stamp for none).
  public func stamp(_ metas: [RecordMeta]) -> Date {
    metas.map(stamp).max() ?? FeedStamps.fixed
  }

  /// The latest stamp of a record and the gifts listed with it (no record's metadata is
  /// copied: an event can list a thousand gifts).
  func stamp(_ meta: RecordMeta, gifts: [Gift]...) -> Date {
    var latest = stamp(meta)
    for list in gifts {
      for gift in list { latest = max(latest, stamp(gift.meta)) }
    }
    return latest
  }
}
