import Foundation
import VibeKeeper

/// `vkbench loader [RECORDS | DIR] [--runs N]`: loads a generated household of RECORDS
/// records (default 10,000), or the data folder DIR, and prints the best and median wall
/// time, the CPU time and records per second.
enum LoaderBenchmark {
  static func run(arguments: [String]) throws {
    var runs = 7
    var positional: [String] = []
    var rest = arguments[...]
    while let a = rest.popFirst() {
      if a == "--runs", let n = rest.popFirst().flatMap(Int.init) {
        runs = max(1, n)
      } else {
        positional.append(a)
      }
    }
    let root: URL
    if let arg = positional.first, Int(arg) == nil {
      root = URL(fileURLWithPath: arg)
    } else {
      let count = positional.first.flatMap(Int.init) ?? 10_000
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "vkbench-loader-\(count)")
      _ = try HouseholdFixture.write(to: root, records: count)
    }
    let loader = DataLoader(root: root, displayRoot: "data")
    // Warm the file cache and the code once.
    let first = loader.load()
    guard first.diagnostics.isEmpty else {
      print("loaded \(first.household.recordCount) records with diagnostics:")
      for d in first.diagnostics.prefix(5) { print(d) }
      exit(1)
    }
    let records = first.household.recordCount
    var times: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<runs {
      let (wall, cpu) = measure { _ = loader.load() }
      times.append(wall)
      cpus.append(cpu)
    }
    times.sort()
    cpus.sort()
    let median = times[times.count / 2]
    print("loader: \(records) records in \(fileCount(root)) files (\(root.path))")
    print(
      String(
        format: "  best %.1f ms, median %.1f ms (CPU %.1f ms), %.0f records/s (median)",
        times[0] * 1000, median * 1000, cpus[cpus.count / 2] * 1000, Double(records) / median))
    try reuse(loader, root: root, runs: runs)
  }

  /// A second load reusing the first load's cache: unchanged, and after one record file
  /// changed (appends a comment line to the first record file, then restores it).
  static func reuse(_ loader: DataLoader, root: URL, runs: Int) throws {
    var (_, cache) = loader.load(reusing: nil)
    var unchanged: [Double] = []
    for _ in 0..<runs {
      let (wall, _) = measure { (_, cache) = loader.load(reusing: cache) }
      unchanged.append(wall)
    }
    guard let file = firstRecordFile(root) else { return }
    let original = try Data(contentsOf: file)
    defer { try? original.write(to: file) }
    var changed: [Double] = []
    var decoded = 0
    for i in 0..<runs {
      try (original + Data("\n# edit \(i)\n".utf8)).write(to: file)
      let (wall, _) = measure {
        let (result, next) = loader.load(reusing: cache)
        decoded = result.decodedFiles
        cache = next
      }
      changed.append(wall)
    }
    unchanged.sort()
    changed.sort()
    print(
      String(
        format:
          "  reusing the cache: median %.1f ms unchanged, %.1f ms with one file changed (%d decoded)",
        unchanged[unchanged.count / 2] * 1000, changed[changed.count / 2] * 1000, decoded))
  }

  /// The first record file (sorted) in the data folder's gifts, or any kind folder.
  static func firstRecordFile(_ root: URL) -> URL? {
    let fm = FileManager.default
    for kind in ["gifts", "contacts", "purchases"] {
      let folder = root.appendingPathComponent(kind)
      guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { continue }
      if let name = names.filter({ $0.hasSuffix(".md") || $0.hasSuffix(".yml") }).sorted().first {
        return folder.appendingPathComponent(name)
      }
    }
    return nil
  }

  /// Wall and CPU (user + system, whole process) seconds of `body`.
  static func measure(_ body: () -> Void) -> (Double, Double) {
    let clock = ContinuousClock()
    let cpu0 = cpuSeconds()
    let elapsed = clock.measure(body)
    let cpu = cpuSeconds() - cpu0
    return (
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, cpu
    )
  }

  /// The process's user + system CPU time so far.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  private static func fileCount(_ root: URL) -> Int {
    FileManager.default.enumerator(atPath: root.path)?.allObjects.count ?? 0
  }
}
