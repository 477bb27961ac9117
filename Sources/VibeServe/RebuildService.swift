import Foundation
import ServiceLifecycle
import VibeKeeper

/// What one rebuild came to.
public struct Rebuilt: Sendable {
  /// Whether a new site was published (else the last good one is still served).
  public var published: Bool
  /// When what the site shows about "now" changes next (`NextChange`).
  public var nextChange: Date?
  /// The "now" the build ran at (nil when it stopped before analysing).
  public var now: Date?
  /// What the build leaves to be freed (the last build's memory, this build's records):
  /// let go of only once the reload event is on its way to the browsers, since freeing
  /// 10,000 records' values takes milliseconds a reload need not wait for.
  public var leftovers: (any Sendable)?

  /// An outcome.
  public init(
    published: Bool, nextChange: Date?, now: Date? = nil, leftovers: (any Sendable)? = nil
  ) {
    self.published = published
    self.nextChange = nextChange
    self.now = now
    self.leftovers = leftovers
  }
}

/// One rebuild at a "now", for a cause: it calls `whenLive` the moment its new site is in
/// the output (the browsers are told to reload then, not after the build's bookkeeping).
public typealias Rebuild =
  @Sendable (
    _ at: Date, _ cause: RebuildCause, _ whenLive: @escaping @Sendable () -> Void
  ) -> Rebuilt

/// Why a rebuild runs.
public struct RebuildCause: Sendable {
  /// Whether files changed (an edit), or only the time.
  public var edited: Bool
  /// The files changed since the last rebuild's load began, when the watcher vouches that
  /// no other file changed (`SiteBuild.changedFiles`); nil: not known.
  public var changedFiles: [String]?

  /// A cause.
  public init(edited: Bool, changedFiles: [String]? = nil) {
    self.edited = edited
    self.changedFiles = changedFiles
  }
}

/// Rebuilds while the server runs: when the data or templates change (`FolderWatcher`:
/// the kernel's events on Linux, a look every quarter second elsewhere; a burst of changes
/// is one rebuild), and at each moment the build said "now" changes next (a
/// dose coming due, local midnight), so neither the pages nor the feeds are ever stale.
/// After each published rebuild, the browsers are told to reload. Stops on the server's
/// graceful shutdown and then ends the browsers' event streams.
struct RebuildService: Service {
  /// What tells of changes to the folders that trigger a rebuild (made before the server
  /// runs, so no save after "Serving at" is missed).
  let watcher: FolderWatcher
  /// The output folder served: built again when it is gone (removed by hand).
  let output: URL
  /// "Now" (the wall clock, or one started at `--now` that runs on).
  let clock: @Sendable () -> Date
  /// One build at the given "now"; the cause says whether files changed (an edit), or only
  /// the time (then a record's error left unfixed no longer holds the site back: the
  /// record is left out and the rest moves on with the clock, as `build` does).
  let rebuild: Rebuild
  /// What the first build came to.
  let first: Rebuilt
  /// The browsers to tell.
  let hub: ReloadHub
  /// Says what happened (`--verbose`).
  let log: @Sendable (String) -> Void

  func run() async throws {
    await cancelWhenGracefulShutdown {
      // An editor's save is a burst of events within a few milliseconds (a write and a
      // close, or a temporary file renamed over the old one); polling needs longer. A save
      // slower than that is two rebuilds, the first of a half-written file: its error is
      // held back (the served site stays) until the second.
      let quiet = watcher.usesKernelEvents ? 0.02 : 0.15
      var next = first.nextChange
      // When a build that published nothing is tried again (a passing problem: a full disk
      // at midnight, or an edit with an error not fixed yet).
      var retry: Date?
      var standing = StandingNow()
      standing.record(now: first.now, nextChange: first.nextChange)
      while !Task.isCancelled {
        // At most a quarter second per wait, to notice the shutdown and "now" moving on.
        let changed = await Self.offThread { watcher.changes(timeout: 0.25, quiet: quiet) }
        if Task.isCancelled { break }
        var why: String?
        // An edit, or a try again, is held to the served site's errors; what the site shows
        // about "now" changing is not: a record left with an error is left out then, and the
        // rest of the site moves on with the clock (pages, feeds, "missed" doses).
        var edited = true
        if !changed.isEmpty {
          why = "changed: " + changed.joined(separator: ", ")
        } else if let due = next, clock() >= due {
          why = "the time shown changed"
          edited = false
        } else if let due = retry, clock() >= due {
          why = "trying again"
        } else if retry == nil, !FileManager.default.fileExists(atPath: output.path) {
          why = "the output folder is gone"
        }
        guard let why else { continue }
        log("Rebuilding (\(why))")
        // An edit is built at the last build's "now" while what that shows still holds.
        let at = changed.isEmpty ? clock() : standing.instant(at: clock())
        // Changes seen after the load began are named by the next wait, so a rebuild
        // never misses one for long.
        let cause = RebuildCause(edited: edited, changedFiles: watcher.vouched(changed))
        // The browsers reload the moment the new site is live.
        var told = Told(hub)
        var outcome = await Self.offThread { [told] in rebuild(at, cause, told.tell) }
        if StandingNow.isBehind(outcome.nextChange, at: at, clock: clock()) {
          // The edit brought a change before the clock's time (a dose already due).
          let now = clock()
          let again = RebuildCause(edited: edited)
          told = Told(hub)
          outcome = await Self.offThread { [told] in rebuild(now, again, told.tell) }
        }
        standing.record(now: outcome.now, nextChange: outcome.nextChange)
        // A build that stopped before its analysis keeps the last "next change".
        next = outcome.nextChange ?? next
        retry = nil
        if outcome.published {
          if !told.told { await hub.broadcast("rebuilt") }
          outcome.leftovers = nil
        } else {
          // A failed rebuild is tried again within a minute, so a passing problem never
          // leaves the site behind for long (and a change time already past is not tried
          // again at once, over and over).
          retry = clock().addingTimeInterval(60)
          if let due = next, due <= clock() { next = nil }
        }
      }
    }
    await hub.finish()
  }

  /// Tells the browsers to reload from the rebuild's thread, once, and remembers it did.
  final class Told: @unchecked Sendable {
    private let hub: ReloadHub
    private let lock = NSLock()
    private var done = false

    init(_ hub: ReloadHub) { self.hub = hub }

    /// Whether the browsers were told.
    var told: Bool { lock.withLock { done } }

    /// Tells the browsers (the first time only).
    @Sendable func tell() {
      let first = lock.withLock {
        defer { done = true }
        return !done
      }
      guard first else { return }
      Task { [hub] in await hub.broadcast("rebuilt") }
    }
  }

  /// Runs `work` on a thread of its own, so a long build never holds up the threads that
  /// answer requests.
  static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }
}
