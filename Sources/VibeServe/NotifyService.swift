import Foundation
import ServiceLifecycle
import VibeKeeper

/// `vibekeeper notify` inside `serve`: sends what is due, then sleeps until the next
/// notice comes due (at most a minute, so a change in the data is seen soon). It shares
/// the state file, and its lock, with any `notify` cron runs: nothing goes out twice.
struct NotifyService: Service {
  let run: NotifyRun
  /// "Now" (the wall clock, or one started at `--now` that runs on).
  let clock: @Sendable () -> Date
  let log: @Sendable (String) -> Void

  func run() async throws {
    await cancelWhenGracefulShutdown {
      // Said once while it lasts, not every minute.
      var refused: String?
      while !Task.isCancelled {
        let now = clock()
        let notify = run
        let outcome = await RebuildService.offThread {
          () -> Result<NotifyRun.Outcome, NotifyProblem> in
          do { return .success(try notify.run(now: now)) } catch {
            return .failure(NotifyProblem("\(error)"))
          }
        }
        var wait: TimeInterval = 60
        switch outcome {
        case .success(let done):
          if done.refusal != refused, let refusal = done.refusal { log("Notify: \(refusal)") }
          refused = done.refusal
          for d in done.deliveries {
            log(
              d.problem.map { "Notify: \(d.channel): \(d.title) failed: \($0)" }
                ?? "Notify: sent to \(d.channel): \(d.title)")
          }
          if let next = done.nextDue { wait = min(wait, max(1, next.timeIntervalSince(clock()))) }
        case .failure(let problem):
          log("Notify: \(problem)")
        }
        try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
      }
    }
  }
}
