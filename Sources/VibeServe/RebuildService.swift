import Foundation
import ServiceLifecycle
import VibeKeeper

/// What one rebuild came to.
public struct Rebuilt: Sendable {
  /// Whether a new site was published (else the last good one is still served).
  public var published: Bool
  /// When what the site shows about "now" changes next (`NextChange`).
  public var nextChange: Date?

  /// An outcome.
  public init(published: Bool, nextChange: Date?) {
    self.published = published
    self.nextChange = nextChange
  }
}

/// Rebuilds while the server runs: when the data or templates change (looked at every
/// quarter second, debounced), and at each moment the build said "now" changes next (a
/// dose coming due, local midnight), so neither the pages nor the feeds are ever stale.
/// After each published rebuild, the browsers are told to reload. Stops on the server's
/// graceful shutdown and then ends the browsers' event streams.
struct RebuildService: Service {
  /// The folders whose changes trigger a rebuild.
  let folders: [URL]
  /// "Now" (the wall clock, or one started at `--now` that runs on).
  let clock: @Sendable () -> Date
  /// One build at the given "now".
  let rebuild: @Sendable (Date) -> Rebuilt
  /// The moment the first build said "now" changes next.
  let firstChange: Date?
  /// The browsers to tell.
  let hub: ReloadHub
  /// Says what happened (`--verbose`).
  let log: @Sendable (String) -> Void

  func run() async throws {
    await cancelWhenGracefulShutdown {
      var seen = FolderSnapshot(folders)
      var next = firstChange
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        if Task.isCancelled { break }
        var now = FolderSnapshot(folders)
        var why: String?
        if !now.changes(since: seen).isEmpty {
          // Debounce: wait until the folders stay the same for a moment.
          // (At most 3 s: a file rewritten without a pause must not hold up every rebuild.)
          var settled = now
          let waited = ContinuousClock.now
          repeat {
            now = settled
            try? await Task.sleep(for: .milliseconds(150))
            settled = FolderSnapshot(folders)
          } while settled != now && !Task.isCancelled && ContinuousClock.now - waited < .seconds(3)
          why = "changed: " + settled.changes(since: seen).joined(separator: ", ")
          seen = settled
        } else if let due = next, clock() >= due {
          why = "the time shown changed"
        }
        guard let why else { continue }
        log("Rebuilding (\(why))")
        let at = clock()
        let outcome = await Self.offThread { rebuild(at) }
        next = outcome.nextChange
        if outcome.published {
          await hub.broadcast("rebuilt")
        } else {
          // A failed rebuild is tried again within a minute, so a passing problem (a full
          // disk at midnight) never leaves the site a day behind.
          let retry = clock().addingTimeInterval(60)
          next = min(next ?? retry, retry)
        }
      }
    }
    await hub.finish()
  }

  /// Runs `work` on a thread of its own, so a long build never holds up the threads that
  /// answer requests.
  static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }
}
