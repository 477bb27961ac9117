import Foundation

/// When each file of the data folder was last committed, read with one `git log` (the
/// feeds use it for their events' DTSTAMP). The only place the pipeline asks git.
public enum GitCommitTimes {
  /// The latest commit time of each file by path inside `dataFolder`; empty when git is
  /// missing or the folder is not in a repository.
  public static func read(dataFolder: URL) -> [String: Date] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "git", "-c", "core.quotePath=false", "-C", dataFolder.path, "log",
      "--format=commit %ct", "--name-only", "--relative", "--", ".",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return [:]
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else {
      return [:]
    }
    return parse(text)
  }

  /// Parses `git log --format=commit%x20%ct --name-only` output, newest commit first: each
  /// path gets the time of the first (newest) commit that lists it.
  public static func parse(_ text: String) -> [String: Date] {
    var out: [String: Date] = [:]
    var current: Date?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("commit "), let seconds = Int(line.dropFirst("commit ".count)) {
        current = Date(timeIntervalSince1970: Double(seconds))
      } else if let current, out[String(line)] == nil {
        out[String(line)] = current
      }
    }
    return out
  }
}
