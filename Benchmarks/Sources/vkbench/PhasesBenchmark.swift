import Foundation
import VibeKeeper

/// `vkbench phases DATA OUTPUT`: one full build, step by step as `SiteBuild` runs it, with
/// the wall time of each step (where the time goes).
enum PhasesBenchmark {
  static func run(arguments: [String]) throws {
    guard arguments.count == 2 else { throw BenchError("usage: vkbench phases DATA OUTPUT") }
    let data = URL(fileURLWithPath: arguments[0])
    let output = URL(fileURLWithPath: arguments[1])
    let clock = ContinuousClock()
    var last = clock.now
    func lap(_ name: String) {
      let now = clock.now
      let d = now - last
      let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
      say(
        name.padding(toLength: 44, withPad: " ", startingAt: 0)
          + String(format: "%9.1f ms  peak %5d MB", ms, peakMB()))
      last = clock.now
    }
    let loaded = DataLoader(root: data, displayRoot: "data").load()
    lap("load (\(loaded.household.recordCount) records)")
    let checks = CrossRecordChecks.diagnostics(loaded.household)
    lap("checks (\(checks.count))")
    let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00 in Berlin
    let analysis = HouseholdAnalysis(
      loaded.household, clock: LocalClock(now: now, timeZone: loaded.household.settings.timeZone))
    lap("analyse")
    let library = try TemplateLibrary(userFolder: nil, displayRoot: nil)
    lap("templates")
    let renderer = SiteRenderer(
      household: loaded.household, analysis: analysis, library: library, strict: false,
      media: [:], feedStamps: FeedStamps(commits: GitCommitTimes.read(dataFolder: data)))
    lap("feed stamps")
    let site = renderer.render()
    lap("render (\(site.files.count) files)")
    let stats = try Publisher(output: output, protecting: [data]).publish(site.files)
    lap("publish (\(stats.written) written, \(stats.linked) linked, \(stats.unchanged) untouched)")
  }

  /// The peak resident memory so far (VmHWM), in MB.
  static func peakMB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
  }
}
