import Foundation

/// `vkbench actions [RECORDS]`: every daily action on a generated household of RECORDS
/// records (100,000 by default), as a child process, the way a phone's tap or a shell runs
/// it. Each is run five times with `--dry-run` (it reads, plans and checks, and writes
/// nothing, so every run does the same work) and the median printed, then once for real.
/// Wall time is measured here to a tenth of a millisecond, peak memory from `wait4`.
enum ActionBenchmark {
  static func run(arguments: [String]) throws {
    let records = arguments.first.flatMap { Int($0) } ?? 100_000
    let tool = CompareBenchmark.defaultVibekeeper()
    let shm = URL(fileURLWithPath: "/dev/shm")
    let base =
      (FileManager.default.fileExists(atPath: shm.path)
      ? shm
      : FileManager.default
        .temporaryDirectory).appendingPathComponent("vkbench-actions-\(getpid())")
    defer { try? FileManager.default.removeItem(at: base) }
    let data = base.appendingPathComponent("data")
    let written = try HouseholdFixture.write(to: data, records: records)
    say("daily actions on a household of \(written) records (\(tool)), median of 5 dry runs")
    say("action".padding(toLength: 44, withPad: " ", startingAt: 0) + "     wall    peak")
    // Wednesday 25 November 2026, 06:40: reminder r0 (06:30 Mon/Wed/Fri) is due.
    let now = ["--data", data.path, "--now", "2026-11-25T06:40", "--quiet"]
    let cases: [(String, [String])] = [
      ("done r0", ["done", "r0"]),
      ("played game-0 3/6", ["played", "game-0", "3/6"]),
      ("bought item-0 1.89", ["bought", "item-0", "1.89"]),
      ("bought item-0 1.89 --list list-0", ["bought", "item-0", "1.89", "--list", "list-0"]),
      ("bought item-0 (no price: its last one)", ["bought", "item-0"]),
      ("list list-0 add item-1", ["list", "list-0", "add", "item-1"]),
      ("gift gift-0 --bought", ["gift", "gift-0", "--bought"]),
      ("gift 'Gift idea 0' --bought (by title: every gift)", ["gift", "Gift idea 0", "--bought"]),
      ("used item-400 (its batches: every purchase)", ["used", "item-400"]),
    ]
    for (name, args) in cases {
      var runs: [(Double, Int)] = []
      for _ in 0..<5 { runs.append(try timed([tool] + args + now + ["--dry-run"])) }
      runs.sort { $0.0 < $1.0 }
      row(name, runs[2])
    }
    row("bought item-0 1.89, written", try timed([tool, "bought", "item-0", "1.89"] + now))
    row("done r0, written", try timed([tool, "done", "r0"] + now))
  }

  /// The wall time in milliseconds and the peak memory in KB of one run of `arguments`
  /// (program first), started with `posix_spawn` and reaped with `wait4` (Foundation's
  /// `Process` and `/usr/bin/time` add tens of milliseconds of their own).
  static func timed(_ arguments: [String]) throws -> (Double, Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vkbench-actions-\(getpid()).err"
    ).path
    posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { unlink(errorsPath) }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
      throw BenchError("cannot start \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    guard status == 0 else {
      let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
      throw BenchError("\(arguments.joined(separator: " ")) failed:\n\(errors)")
    }
    return (wall, usage.ru_maxrss)
  }

  static func row(_ name: String, _ run: (Double, Int)) {
    say(
      name.padding(toLength: 44, withPad: " ", startingAt: 0)
        + String(format: " %6.1f ms %5.0f MB", run.0, Double(run.1) / 1024))
  }
}
