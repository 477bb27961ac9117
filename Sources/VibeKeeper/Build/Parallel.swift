import Dispatch
import Foundation

/// Runs independent pieces of work on several threads and gives their results in the
/// original order, so output stays deterministic however the work was scheduled.
enum Parallel {
  /// The default number of workers: the processors this process may use.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// `(0..<count).map(transform)` with up to `jobs` workers taking the next index as they
  /// finish one (so uneven pieces still share out well).
  static func map<R>(
    _ count: Int, jobs: Int = defaultJobs, _ transform: @Sendable (Int) -> R
  ) -> [R] {
    let workers = min(max(1, jobs), count)
    guard workers > 1 else { return (0..<count).map(transform) }
    let slots = Slots<R>(count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let i = slots.next() { slots.store(transform(i), at: i) }
    }
    return slots.results()
  }

  /// `(a(), b())`, the two run at the same time: `b` on a thread of its own (it may wait
  /// on another process without taking a worker from `a`), `a` on this one.
  static func pair<A, B>(_ a: () -> A, _ b: @escaping @Sendable () -> B) -> (A, B) {
    let second = Slots<B>(1)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      second.store(b(), at: 0)
      done.signal()
    }
    thread.start()
    let first = a()
    done.wait()
    // The slot is filled before the semaphore is signalled.
    return (first, second.results()[0])
  }

  /// Result slots, each written by exactly one worker, and the next index to take.
  private final class Slots<R>: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0
    private let count: Int
    private let buffer: UnsafeMutablePointer<R?>

    init(_ count: Int) {
      self.count = count
      buffer = .allocate(capacity: count)
      buffer.initialize(repeating: nil, count: count)
    }

    deinit {
      buffer.deinitialize(count: count)
      buffer.deallocate()
    }

    func next() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard taken < count else { return nil }
      taken += 1
      return taken - 1
    }

    func store(_ value: R, at i: Int) { buffer[i] = value }

    /// Every result, in index order (call after all workers finished).
    func results() -> [R] {
      (0..<count).compactMap { buffer[$0] }
    }
  }
}
