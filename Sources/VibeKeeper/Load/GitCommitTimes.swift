import Foundation

/// When each file of the data folder was last committed, read with one `git log` (the
/// feeds use it for their events' DTSTAMP). The only place the pipeline asks git.
public enum GitCommitTimes {
  /// The latest and first commit time of each file by path inside `dataFolder`; empty when
  /// git is missing or the folder is not in a repository.
  public static func read(dataFolder: URL) -> CommitTimes {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git"] + safeOptions + [
        "-C", dataFolder.path, "log", "--no-show-signature", "--no-textconv", "--no-ext-diff",
        "--format=commit %ct", "--name-only", "--relative", "--", ".",
      ]
    process.environment = safeEnvironment(ProcessInfo.processInfo.environment)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return CommitTimes()
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else {
      return CommitTimes()
    }
    return parse(text)
  }

  /// Settings that override whatever the data repository's `.git/config` says, so reading
  /// its history never runs a program it names (a signature check's `gpg.program`, a file
  /// system monitor, a pager, a diff or text conversion driver).
  static let safeOptions = [
    "--no-pager", "-c", "core.quotePath=false", "-c", "log.showSignature=false",
    "-c", "gpg.program=false", "-c", "core.fsmonitor=false", "-c", "core.pager=cat",
    "-c", "diff.external=", "-c", "core.hooksPath=/dev/null", "-c", "log.follow=false",
  ]

  /// The environment git runs in: no system or user configuration, no prompts, and none
  /// of the caller's `GIT_*` settings (a hook's `GIT_DIR` would point elsewhere).
  static func safeEnvironment(_ inherited: [String: String]) -> [String: String] {
    var environment = inherited.filter { !$0.key.hasPrefix("GIT_") }
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    return environment
  }

  /// Parses `git log --format=commit%x20%ct --name-only` output, newest commit first: each
  /// path gets the time of the newest commit that lists it (`latest`) and of the oldest
  /// (`first`).
  public static func parse(_ text: String) -> CommitTimes {
    var out = CommitTimes()
    var current: Date?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("commit "), let seconds = Int(line.dropFirst("commit ".count)) {
        current = Date(timeIntervalSince1970: Double(seconds))
      } else if let current {
        let path = String(line)
        if out.latest[path] == nil { out.latest[path] = current }
        out.first[path] = current
      }
    }
    return out
  }
}

/// When each file of the data folder was committed, by path inside it.
public struct CommitTimes: Sendable, Equatable {
  /// The newest commit of each file: when it last changed.
  public var latest: [String: Date] = [:]
  /// The oldest commit of each file: when it first appeared.
  public var first: [String: Date] = [:]

  /// No history.
  public init() {}

  /// The latest commit time of a path.
  public subscript(path: String) -> Date? { latest[path] }

  /// How many files have a commit.
  public var count: Int { latest.count }

  /// Whether there is no history at all.
  public var isEmpty: Bool { latest.isEmpty }
}
