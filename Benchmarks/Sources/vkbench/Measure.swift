import Foundation

/// One measured run of a command: wall time, CPU time (user + system) and peak resident
/// memory, as Debian's `/usr/bin/time` reports them for the child.
struct Measurement {
  var wall: Double
  var cpu: Double
  var peakKB: Int

  /// Runs `arguments` (program first) under `/usr/bin/time`, in `directory`; throws when
  /// the command fails.
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Measurement {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vkbench-time-\(getpid())")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %U %S %M", "-o", report.path] + arguments
    if let directory { process.currentDirectoryURL = directory }
    let sink = FileHandle(forWritingAtPath: "/dev/null")
    process.standardOutput = sink
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(arguments.joined(separator: " ")) failed:\n\(String(decoding: stderr, as: UTF8.self))")
    }
    let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
    let fields = text.split(whereSeparator: \.isWhitespace).suffix(4).map(String.init)
    guard fields.count == 4, let wall = Double(fields[0]), let user = Double(fields[1]),
      let sys = Double(fields[2]), let peak = Int(fields[3])
    else { throw BenchError("cannot read /usr/bin/time's report: \(text)") }
    return Measurement(wall: wall, cpu: user + sys, peakKB: peak)
  }

  /// The run with the median wall time of `count` runs, each after `prepare`.
  static func median(
    _ count: Int, prepare: () throws -> Void, _ arguments: [String], in directory: URL? = nil
  ) throws -> Measurement {
    var runs: [Measurement] = []
    for _ in 0..<max(1, count) {
      try prepare()
      runs.append(try run(arguments, in: directory))
    }
    runs.sort { $0.wall < $1.wall }
    return runs[runs.count / 2]
  }

  /// `0.52 s  0.98 s CPU  85 MB`.
  var text: String {
    String(format: "%7.2f s %7.2f s %7.0f MB", wall, cpu, Double(peakKB) / 1024)
  }
}

/// A benchmark failure with its message.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
