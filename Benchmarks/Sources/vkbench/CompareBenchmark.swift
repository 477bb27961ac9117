import Foundation

/// `vkbench compare`: builds the same gifts with VibeKeeper and Hugo (1,000 and 10,000
/// pages) and a household of 100,000 records, on a RAM disk and on the normal disk, and
/// prints wall time, CPU time and peak memory of each, the ratio VibeKeeper / Hugo, a
/// plain `cp -r` of the input as the floor, and a rebuild after one record changed (also
/// committed, in a repository of `--history` commits); for the household also `check`.
enum CompareBenchmark {
  struct Options {
    var runs = 3
    var householdRuns = 1
    var gifts = [1_000, 10_000]
    var household = 100_000
    /// Commits of history the gifts' data folder gets for the git cases (0: none).
    var history = 3_000
    var vibekeeper: String
    var hugo = "/usr/bin/hugo"
    var locations: [(name: String, path: String)] = [
      ("tmpfs", "/dev/shm/vkbench"), ("disk", "/var/tmp/vkbench"),
    ]
  }

  static func run(arguments: [String]) throws {
    var o = Options(vibekeeper: defaultVibekeeper())
    var args = arguments[...]
    while let arg = args.popFirst() {
      switch arg {
      case "--quick": (o.gifts, o.household, o.runs) = ([1_000], 10_000, 1)
      case "--runs": o.runs = args.popFirst().flatMap(Int.init) ?? o.runs
      case "--household-runs": o.householdRuns = args.popFirst().flatMap(Int.init) ?? 1
      case "--household": o.household = args.popFirst().flatMap(Int.init) ?? o.household
      case "--gifts":
        o.gifts = (args.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
      case "--vibekeeper": o.vibekeeper = args.popFirst() ?? o.vibekeeper
      case "--hugo": o.hugo = args.popFirst() ?? o.hugo
      case "--tmpfs-only": o.locations.removeLast()
      case "--history": o.history = args.popFirst().flatMap(Int.init) ?? o.history
      default: throw BenchError("unknown option \(arg)")
      }
    }
    say("vibekeeper: \(o.vibekeeper)")
    say("hugo: \(o.hugo) (\(version(o.hugo)))")
    say(
      "\(ProcessInfo.processInfo.activeProcessorCount) cores; median of \(o.runs) runs "
        + "(household: \(o.householdRuns))")
    say("")
    say(header)
    for location in o.locations {
      let base = URL(fileURLWithPath: location.path)
      for n in o.gifts {
        try giftCase(n, at: base.appendingPathComponent("gifts-\(n)"), location.name, o)
      }
      if o.household > 0 {
        try householdCase(
          o.household, at: base.appendingPathComponent("household-\(o.household)"),
          location.name, o)
      }
      try? FileManager.default.removeItem(at: base)
    }
  }

  static let header =
    "where  case                        tool              wall     CPU        peak   VK/Hugo wall  VK/Hugo peak"

  static func giftCase(_ n: Int, at root: URL, _ place: String, _ o: Options) throws {
    try GiftFixture.write(to: root, gifts: n)
    let label = "gifts \(n)"
    let data = root.appendingPathComponent("data").path
    let out = root.appendingPathComponent("site").path
    let copy = root.appendingPathComponent("copy").path
    let hugoSite = root.appendingPathComponent("hugo")
    let hugoOut = root.appendingPathComponent("public").path
    let cp = try Measurement.median(o.runs, prepare: { remove(copy) }, ["cp", "-r", data, copy])
    row(place, label, "cp -r (floor)", cp)
    let vk = try Measurement.median(
      o.runs, prepare: { remove(out) }, build(o, data: data, output: out))
    row(place, label, "vibekeeper", vk)
    let hugo = try Measurement.median(
      o.runs, prepare: { remove(hugoOut) },
      [o.hugo, "--quiet", "--source", hugoSite.path, "--destination", hugoOut])
    row(place, label, "hugo", hugo, against: vk)
    // One record changes; the previous site (and its cache) is there.
    var edit = 0
    let incremental = try Measurement.median(
      o.runs,
      prepare: {
        edit += 1
        try touchGift(root.appendingPathComponent("data/gifts/gift-5.md"), edit)
      }, build(o, data: data, output: out))
    row(place, label, "vibekeeper 1 change", incremental)
    let hugoAgain = try Measurement.median(
      o.runs, prepare: {},
      [o.hugo, "--quiet", "--source", hugoSite.path, "--destination", hugoOut])
    row(place, label, "hugo again", hugoAgain, against: incremental)
    if o.history > 0 {
      // The folder as a repository with a long history: the first build reads it whole
      // (`git log`), later ones only the commits since.
      let folder = root.appendingPathComponent("data")
      try GitHistoryFixture.write(data: folder, commits: o.history)
      let first = try Measurement.median(1, prepare: {}, build(o, data: data, output: out))
      row(place, label, "vk git \(o.history) read", first)
      let committed = try Measurement.median(
        o.runs,
        prepare: {
          edit += 1
          try touchGift(root.appendingPathComponent("data/gifts/gift-5.md"), edit)
          try GitHistoryFixture.commitAll(folder, "Edit \(edit)")
        }, build(o, data: data, output: out))
      row(place, label, "vk git 1 commit", committed)
    }
    try? FileManager.default.removeItem(at: root)
  }

  static func householdCase(_ n: Int, at root: URL, _ place: String, _ o: Options) throws {
    let data = root.appendingPathComponent("data")
    let written = try HouseholdFixture.write(to: data, records: n)
    let label = "household \(written)"
    let out = root.appendingPathComponent("site").path
    let copy = root.appendingPathComponent("copy").path
    let cp = try Measurement.median(
      o.householdRuns, prepare: { remove(copy) }, ["cp", "-r", data.path, copy])
    row(place, label, "cp -r (floor)", cp)
    let vk = try Measurement.median(
      o.householdRuns, prepare: { remove(out) }, build(o, data: data.path, output: out))
    row(place, label, "vibekeeper", vk)
    let check = try Measurement.median(
      o.householdRuns, prepare: {},
      [o.vibekeeper, "check", "--quiet", "--data", data.path, "--now", "2026-11-22T10:00"])
    row(place, label, "vibekeeper check", check)
    var edit = 0
    let incremental = try Measurement.median(
      o.householdRuns,
      prepare: {
        edit += 1
        try touchGift(data.appendingPathComponent("gifts/gift-5.md"), edit)
      }, build(o, data: data.path, output: out))
    row(place, label, "vibekeeper 1 change", incremental)
    try? FileManager.default.removeItem(at: root)
  }

  static func build(_ o: Options, data: String, output: String) -> [String] {
    [
      o.vibekeeper, "build", "--quiet", "--data", data, "--output", output, "--now",
      "2026-11-22T10:00",
    ]
  }

  /// Changes the body of a gift (a new line of notes each time).
  static func touchGift(_ url: URL, _ edit: Int) throws {
    var text = try String(contentsOf: url, encoding: .utf8)
    text += "Edit \(edit).\n"
    try Data(text.utf8).write(to: url)
  }

  static func row(
    _ place: String, _ label: String, _ tool: String, _ m: Measurement,
    against vk: Measurement? = nil
  ) {
    var line =
      place.padding(toLength: 7, withPad: " ", startingAt: 0)
      + label.padding(toLength: 28, withPad: " ", startingAt: 0)
      + tool.padding(toLength: 20, withPad: " ", startingAt: 0) + m.text
    if let vk {
      line += String(
        format: "  %10.2f  %12.2f", vk.wall / m.wall, Double(vk.peakKB) / Double(m.peakKB))
    }
    say(line)
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `vibekeeper` beside this executable (both built by `swift build -c release`).
  static func defaultVibekeeper() -> String {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent("vibekeeper").path
  }

  static func version(_ tool: String) -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = ["version"]
    let pipe = Pipe()
    p.standardOutput = pipe
    guard (try? p.run()) != nil else { return "not found" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Prints a line at once (unbuffered, so progress shows when piped).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
