import Foundation
import Testing
import VibeKeeper

/// Runs the real `vibekeeper` executable built next to the test bundle.
struct CLI {
  struct Output {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Whether the run was killed for taking longer than its time limit.
    var timedOut = false
  }

  static var executable: URL {
    // The test bundle lives in the build products folder, beside the executable.
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("vibekeeper")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/vibekeeper")
  }

  /// Runs `vibekeeper` with `arguments`. With `seconds`, a run that takes longer is killed
  /// (and `timedOut` set), so a hang is a failure, not a hung test run; with `memoryMB`,
  /// the process's address space is limited (`ulimit -v`), so a runaway allocation fails
  /// the process instead of the machine.
  static func run(
    _ arguments: [String], cwd: URL = repositoryRoot, env: [String: String] = [:],
    seconds: Double? = nil, memoryMB: Int? = nil, stdin: String? = nil
  ) throws -> Output {
    let p = Process()
    if let memoryMB {
      p.executableURL = URL(fileURLWithPath: "/bin/sh")
      p.arguments =
        ["-c", "ulimit -v \(memoryMB * 1024); exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      p.executableURL = executable
      p.arguments = arguments
    }
    p.currentDirectoryURL = cwd
    var environment = ProcessInfo.processInfo.environment
    for (k, v) in env { environment[k] = v }
    p.environment = environment
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    let input = Pipe()
    p.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try p.run()
    if let stdin {
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try? input.fileHandleForWriting.close()
    }
    let killed = Flag()
    if let seconds {
      let pid = p.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        if p.isRunning {
          killed.set()
          kill(pid, SIGKILL)
        }
      }
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Output(
      status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self), timedOut: killed.isSet)
  }

  /// Runs git in `folder`; its standard output.
  static func git(_ arguments: [String], in folder: URL) throws -> String {
    try runTool(["git", "-C", folder.path] + arguments, errors: false).output
  }

  /// Runs `script` with `sh -c` in `folder`: its exit status and standard output.
  static func shell(_ script: String, in folder: URL) throws -> (status: Int32, stdout: String) {
    let r = try runTool(["sh", "-c", script], in: folder, errors: false)
    return (r.status, r.output)
  }

  /// A flag set from another thread.
  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
  }
}

@Suite struct CLICheckTests {
  @Test func bundledDataChecksClean() throws {
    let r = try CLI.run(["check", "--data", "data"])
    #expect(r.status == 0)
    #expect(r.stderr == "")
    #expect(r.stdout.contains("  contacts   9\n"))
    #expect(r.stdout.contains("  results    153\n"))
    #expect(r.stdout.contains("0 errors, 0 warnings"))
  }

  @Test func errorsExitOneWithPositions() throws {
    let folder = try TempFolder([
      "gifts/x.md": "---\ntitle: Lamp\nprice: abc\n---\n",
      "contacts/a.md": "---\nname: A\nbirthdy: 1990-01-01\n---\n",
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(["check", "--data", folder.url.path], env: ["NO_COLOR": "1"])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "\(folder.url.path)/gifts/x.md:3:8: error: 'price' must be a number, not 'abc'\n"))
    #expect(r.stderr.contains("contacts/a.md:3:1: warning: unknown field 'birthdy' in a contact"))
    #expect(!r.stderr.contains("\u{1B}["))
    #expect(r.stdout.contains("1 error, 1 warning"))
  }

  @Test func usageErrorsExitTwo() throws {
    let r = try CLI.run(["check", "--no-such-flag"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("--no-such-flag"))
  }

  @Test func templatesAreCheckedStrictly() throws {
    let root = try TempFolder([
      "data/contacts/a.md": "---\nname: A\n---\n",
      "templates/contacts/record.html": "<h1>{{ contact.nmae }}</h1>",
    ])
    defer { root.cleanup() }
    let r = try CLI.run(["check", "--now", "2026-11-22"], cwd: root.url, env: ["NO_COLOR": "1"])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "templates/contacts/record.html:1:16: error: 'contact' has no member 'nmae'; did you mean 'name'?"
      ))
    // The record whose page could not be rendered is named too.
    #expect(
      r.stderr.contains("data/contacts/a.md:2:1: warning: the page of contact 'a' is left out"))
    #expect(r.stdout.contains("1 error, 1 warning"))
    // Nothing was published.
    #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("_site").path))
  }

  /// A layout of one's own is reached by every built-in page that extends it, so `check`
  /// renders those pages (and finds a record's value the layout cannot show); a folder
  /// that changes nothing those pages use leaves them unrendered.
  @Test func builtInPagesThatReachYourTemplatesAreRendered() throws {
    let root = try TempFolder([
      "data/contacts/a.md": "---\nname: A\n---\n",
      "data/gifts/lamp.md": "---\ntitle: Lamp\n---\n",
      "templates/_layout.html": "{% block content %}{% endblock %}{{ record.nmae }}",
    ])
    defer { root.cleanup() }
    let r = try CLI.run(["check", "--now", "2026-11-22"], cwd: root.url, env: ["NO_COLOR": "1"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("templates/_layout.html:1:44: error: 'record' has no member 'nmae'"))
    #expect(
      r.stderr.contains("data/gifts/lamp.md:2:1: warning: the page of gift 'lamp' is left out"))

    let unrelated = try TempFolder([
      "data/contacts/a.md": "---\nname: A\n---\n",
      "templates/pages/about.txt": "{{ site.title }}",
    ])
    defer { unrelated.cleanup() }
    var build = SiteBuild(
      data: unrelated.url.appendingPathComponent("data"), dataDisplay: "data",
      templates: unrelated.url.appendingPathComponent("templates"), templatesDisplay: "templates",
      output: unrelated.url.appendingPathComponent("_site"))
    build.publishes = false
    build.strict = true
    let outcome = build.run { LocalClock(now: utc("2026-11-22T09:00"), timeZone: $0.timeZone) }
    #expect(outcome.diagnostics.isEmpty)
    #expect(outcome.rendered == 1)
    #expect(outcome.skipped > 10)  // the built-in pages, feeds and assets
  }
}
