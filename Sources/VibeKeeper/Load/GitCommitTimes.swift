import Foundation

/// When each file of the data folder was last committed, read with one `git log` (the
/// feeds use it for their events' DTSTAMP). The only place the pipeline asks git.
public enum GitCommitTimes {
  /// The latest and first commit time of each file by path inside `dataFolder`; empty when
  /// git is missing or the folder is not in a repository.
  public static func read(dataFolder: URL) -> CommitTimes {
    read(dataFolder: dataFolder, after: nil)?.times ?? CommitTimes()
  }

  /// The history of `dataFolder` at the commit HEAD names now; nil when git is missing, the
  /// folder is not in a repository or it has no commit yet. With `known` (what an earlier
  /// read gave), git is asked only for the commits since, when they simply extend it: a
  /// chain of commits with one parent each down to `known.head`, in the same place of the
  /// repository. Anything else (a commit amended, a rebase, a merge, a reset, the folder
  /// moved) reads the whole history again, so the result is always the one a whole read
  /// gives.
  public static func read(dataFolder: URL, after known: GitHistory?) -> GitHistory? {
    guard
      let said = git(
        ["rev-parse", "--show-prefix", "--is-shallow-repository", "HEAD"], in: dataFolder)
    else {
      return nil
    }
    let lines = said.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 3, isCommitName(lines[2]) else { return nil }
    let (prefix, shallow, head) = (lines[0], lines[1] == "true", lines[2])
    // A shallow clone's history ends early, and deepening it keeps HEAD: what was read of
    // one is never reused, and a read of one is never the start of another.
    if let known, known.prefix == prefix, !known.shallow, !shallow {
      if known.head == head { return known }
      if extendsLinearly(from: known.head, to: head, in: dataFolder),
        let newer = log(known.head + ".." + head, in: dataFolder)
      {
        return GitHistory(head: head, prefix: prefix, times: known.times.followed(by: newer))
      }
    }
    guard let times = log(head, in: dataFolder) else { return nil }
    var history = GitHistory(head: head, prefix: prefix, times: times)
    history.shallow = shallow
    return history
  }

  /// The commit times `git log` gives for `revisions` (a commit, or a range `a..b`).
  private static func log(_ revisions: String, in dataFolder: URL) -> CommitTimes? {
    git(
      [
        "log", "--no-show-signature", "--no-textconv", "--no-ext-diff", "--format=commit %ct",
        "--name-only", "--relative", revisions, "--", ".",
      ], in: dataFolder
    ).map(parse)
  }

  /// Whether the commits from `old` (excluded) to `new` are one chain, each with one
  /// parent, ending on `old`: then the history at `new` is the chain's commits, newest
  /// first, followed by the history at `old`.
  static func extendsLinearly(from old: String, to new: String, in dataFolder: URL) -> Bool {
    guard let listed = git(["rev-list", "--parents", old + ".." + new], in: dataFolder) else {
      return false
    }
    var parent: [String: String] = [:]
    for line in listed.split(separator: "\n") {
      let names = line.split(separator: " ").map(String.init)
      guard names.count == 2 else { return false }
      parent[names[0]] = names[1]
    }
    var at = new
    for _ in 0..<parent.count {
      guard let next = parent[at] else { return false }
      at = next
    }
    return !parent.isEmpty && at == old
  }

  /// Whether `text` is a full commit name (40 or 64 hexadecimal digits).
  private static func isCommitName(_ text: String) -> Bool {
    (text.utf8.count == 40 || text.utf8.count == 64) && [UInt8](hexString: text) != nil
  }

  /// What git prints for `arguments`, run in `dataFolder` with `safeOptions` and
  /// `safeEnvironment`; nil when it cannot run or fails.
  private static func git(_ arguments: [String], in dataFolder: URL) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + safeOptions + ["-C", dataFolder.path] + arguments
    process.environment = safeEnvironment(ProcessInfo.processInfo.environment)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    // Waited for with a limit: when the process runs out of file descriptors (a flood of
    // connections to `serve`), Foundation can miss the child's exit, and an unbounded wait
    // would hold every later rebuild, and the shutdown, for good.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    guard exited.wait(timeout: .now() + .seconds(30)) == .success,
      process.terminationStatus == 0
    else { return nil }
    return String(data: data, encoding: .utf8)
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

  /// The times of a history made of `newer`'s commits (all later than these) followed by
  /// this history's: a path's latest commit is among the newer ones when they list it, its
  /// first one among these when they list it.
  func followed(by newer: CommitTimes) -> CommitTimes {
    var out = self
    out.latest.merge(newer.latest) { _, new in new }
    out.first.merge(newer.first) { old, _ in old }
    return out
  }
}

/// What git said about a data folder's history at one commit, kept so the next read asks
/// only for the commits since (`GitCommitTimes.read(dataFolder:after:)`): by `watch` and
/// `serve` in memory, by `build` beside the output (`GitHistoryFile`).
public struct GitHistory: Sendable, Equatable {
  /// The commit HEAD named.
  public var head: String
  /// The data folder's place in the repository (`git rev-parse --show-prefix`).
  public var prefix: String
  /// The commit times of the history up to `head`.
  public var times: CommitTimes
  /// Whether it was read in a shallow clone (then it is never reused).
  public var shallow = false

  /// A history read at `head`.
  public init(head: String, prefix: String, times: CommitTimes) {
    self.head = head
    self.prefix = prefix
    self.times = times
  }
}
