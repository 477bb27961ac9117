import Foundation
import VibeKeeper

/// `vkbench rebuilds DATA OUTPUT [N] [FILE]`: what `serve` and `watch` do after a save, in
/// one process and without the HTTP server around it: one build, then N rebuilds, each
/// after a line is added to FILE's body (default `gifts/gift-5.md`), told which file
/// changed as the kernel's events tell them (50 ms after the last rebuild ended). Prints
/// the least and the median of each step's wall time, of the time until the new site is
/// live (before what the exchange left is cleared), and of the process's CPU time per
/// rebuild: on a shared machine the least is the steadiest figure to compare two binaries
/// by.
enum RebuildBenchmark {
  static func run(arguments: [String]) throws {
    guard (2...4).contains(arguments.count) else {
      throw BenchError("usage: vkbench rebuilds DATA OUTPUT [N] [FILE]")
    }
    let data = URL(fileURLWithPath: arguments[0])
    let output = URL(fileURLWithPath: arguments[1])
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
    let file = data.appendingPathComponent(arguments.count > 3 ? arguments[3] : "gifts/gift-5.md")
    let original = try Data(contentsOf: file)
    defer { try? original.write(to: file) }
    let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00 in Berlin
    var kept = SiteBuild.Kept()
    var changed: [String]? = nil
    var walls: [String: [Double]] = [:]
    var order: [String] = []
    var cpus: [Double] = []
    for run in 0...runs {
      var build = SiteBuild(
        data: data, dataDisplay: "data", templates: nil, templatesDisplay: nil, output: output)
      build.codeIdentity = "vkbench"
      build.keep(kept)
      build.changedFiles = changed
      let cpu = cpuSeconds()
      let outcome = build.run(clock: { LocalClock(now: now, timeZone: $0.timeZone) })
      let used = cpuSeconds() - cpu
      kept.update(from: outcome)
      if let failure = outcome.failure { throw BenchError("build failed: \(failure)") }
      if run > 0 {
        cpus.append(used)
        var total = 0.0
        for step in outcome.steps.steps {
          if walls[step.name] == nil { order.append(step.name) }
          walls[step.name, default: []].append(step.seconds)
          total += step.seconds
          for part in outcome.steps.parts[step.name]?.steps ?? [] {
            let name = "  " + part.name
            if walls[name] == nil { order.append(name) }
            walls[name, default: []].append(part.seconds)
          }
        }
        if walls["total"] == nil { order += ["total", "live"] }
        walls["total", default: []].append(total)
        // Until the new site is in the output (what `serve`'s reload waits for).
        let after = outcome.steps.steps.first { $0.name == "after" }?.seconds ?? 0
        walls["live", default: []].append(total - after)
      }
      // The next rebuild follows a save, as an editor makes it, a moment later (no save
      // comes faster than the watcher's quiet): what a rebuild leaves to threads of its
      // own, listing the tree it published, is done by then, as in `serve`.
      Thread.sleep(forTimeInterval: 0.05)
      let handle = try FileHandle(forWritingTo: file)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("\nrun \(run)\n".utf8))
      try handle.close()
      changed = [file.path]
    }
    say("\(runs) rebuilds after one changed file (least / median, ms):")
    for name in order {
      let values = walls[name] ?? []
      say(name.padding(toLength: 14, withPad: " ", startingAt: 0) + figures(values))
    }
    say("cpu".padding(toLength: 14, withPad: " ", startingAt: 0) + figures(cpus))
  }

  /// `least / median` in milliseconds.
  static func figures(_ seconds: [Double]) -> String {
    let sorted = seconds.sorted()
    guard let least = sorted.first else { return "-" }
    let median = sorted[sorted.count / 2]
    return String(format: "%8.1f / %8.1f", least * 1000, median * 1000)
  }

  /// The process's CPU time so far (user and system), in seconds.
  static func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
}
