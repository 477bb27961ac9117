import Foundation

/// Commits just the files a command wrote (`--commit`), with the user's own git settings
/// (their name, their hooks: the pre-commit hook `init --git` installs runs `check`).
enum GitCommit {
  /// Commits `paths` (inside `root`) with `message`; the new commit's short hash (with a
  /// word when HEAD is detached).
  static func commit(paths: [String], message: String, in root: URL) throws(DataWriter.Problem)
    -> String
  {
    guard run(["rev-parse", "--show-toplevel"], in: root).status == 0 else {
      throw DataWriter.Problem(
        description:
          "the change was written, but \(root.path) is not in a git repository, so nothing was committed (run `git init`, or leave out --commit)"
      )
    }
    let add = run(["add", "--"] + paths, in: root)
    guard add.status == 0 else {
      throw DataWriter.Problem(
        description: "the change was written, but `git add` failed: \(add.output)")
    }
    let made = run(["commit", "--quiet", "--message", message, "--"] + paths, in: root)
    guard made.status == 0 else {
      throw DataWriter.Problem(
        description: "the change was written, but `git commit` failed: \(made.output)")
    }
    let hash = run(["rev-parse", "--short", "HEAD"], in: root).output
    // A commit on no branch is easily lost (the next checkout leaves it behind): said.
    guard run(["symbolic-ref", "-q", "HEAD"], in: root).status == 0 else {
      return hash + " (on a detached HEAD: no branch has it; `git switch -c NAME` keeps it)"
    }
    return hash
  }

  /// Refuses a `--commit` into a folder that is in no git repository, before anything is
  /// written (after, the change would be written and not committed).
  static func requireRepository(in root: URL) throws(DataWriter.Problem) {
    let found = run(["rev-parse", "--show-toplevel"], in: root)
    guard found.status != 0 else { return }
    let why: String
    let fix: String
    if found.status == 127 || found.status == -1 {
      why = "git cannot be run here (is it installed?)"
      fix = "install git"
    } else if found.output.contains("not a git repository") {
      why = "\(root.path) is not in a git repository"
      fix = "run `git init` there"
    } else {
      why = "git cannot use \(root.path) (\(found.output))"
      fix = "fix that"
    }
    throw DataWriter.Problem(
      description: "\(why), so nothing was written (\(fix), or leave out --commit)", isUsage: true)
  }

  /// Runs git in `folder`; its exit status and output (trimmed).
  static func run(_ arguments: [String], in folder: URL) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "--no-pager", "-C", folder.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return (-1, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return (process.terminationStatus, text)
  }
}
