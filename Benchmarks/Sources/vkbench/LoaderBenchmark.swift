import Foundation
import VibeKeeper

/// `vkbench loader [N]`: loads a generated household of N records (default 10,000) and
/// prints the best and median wall time and records per second.
enum LoaderBenchmark {
  static func run(arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 10_000
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vkbench-loader-\(count)")
    let written = try HouseholdFixture.write(to: root, records: count)
    let loader = DataLoader(root: root, displayRoot: "data")
    // Warm the file cache and the code once.
    let first = loader.load()
    guard first.household.recordCount == written, first.diagnostics.isEmpty else {
      print("loaded \(first.household.recordCount) of \(written) records:")
      for d in first.diagnostics.prefix(5) { print(d) }
      exit(1)
    }
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<7 {
      let elapsed = clock.measure { _ = loader.load() }
      times.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    times.sort()
    let median = times[times.count / 2]
    print(
      "loader: \(written) records in \(first.household.recordCount == written ? "" : "!")\(fileCount(root)) files"
    )
    print(
      String(
        format: "  best %.1f ms, median %.1f ms, %.0f records/s (median)", times[0] * 1000,
        median * 1000, Double(written) / median))
  }

  private static func fileCount(_ root: URL) -> Int {
    FileManager.default.enumerator(atPath: root.path)?.allObjects.count ?? 0
  }
}
