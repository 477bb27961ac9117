import Foundation

/// A data folder made a git repository with a long history, as a household's folder is
/// after a few years of `--commit`: a first commit of every file, then `commits` commits
/// that each change three gift files (a line added to the body). Written with
/// `git fast-import` in one go, then checked out, so the folder holds the last commit.
enum GitHistoryFixture {
  static func write(data: URL, commits: Int) throws {
    let files = try recordFiles(in: data)
    var stream = Data()
    func add(_ text: String) { stream.append(contentsOf: Array(text.utf8)) }
    func blob(_ bytes: [UInt8]) {
      add("data \(bytes.count)\n")
      stream.append(contentsOf: bytes)
      add("\n")
    }
    var time = 1_600_000_000
    var contents: [String: [UInt8]] = [:]
    for path in files {
      contents[path] = Array(try Data(contentsOf: data.appendingPathComponent(path)))
    }
    add("commit refs/heads/main\ncommitter Bench <bench@localhost> \(time) +0000\n")
    blob(Array("First import".utf8))
    for path in files {
      add("M 100644 inline \(path)\n")
      blob(contents[path] ?? [])
    }
    add("\n")
    let gifts = files.filter { $0.hasPrefix("gifts/") }
    var generator = SplitMix(seed: 20)
    for c in 0..<commits where !gifts.isEmpty {
      time += 8 * 3600
      add("commit refs/heads/main\ncommitter Bench <bench@localhost> \(time) +0000\n")
      blob(Array("Change \(c)".utf8))
      for _ in 0..<3 {
        let path = gifts[Int(generator.next() % UInt64(gifts.count))]
        contents[path, default: []] += Array("History \(c).\n".utf8)
        add("M 100644 inline \(path)\n")
        blob(contents[path] ?? [])
      }
      add("\n")
    }
    try git(["init", "-q", "-b", "main"], in: data)
    try git(["fast-import", "--quiet"], in: data, input: stream)
    try git(["reset", "-q", "--hard", "main"], in: data)
  }

  /// Commits every change in `data` (after an edit), as `--commit` does.
  static func commitAll(_ data: URL, _ message: String) throws {
    try git(
      ["-c", "user.name=Bench", "-c", "user.email=bench@localhost", "commit", "-qam", message],
      in: data)
  }

  /// The files of the folder by path inside it, sorted (no hidden ones).
  static func recordFiles(in data: URL) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: data.path) else { return [] }
    var out: [String] = []
    while let path = walker.nextObject() as? String {
      if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
      var isFolder: ObjCBool = false
      let full = data.appendingPathComponent(path).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        out.append(path)
      }
    }
    return out.sorted()
  }

  static func git(_ arguments: [String], in folder: URL, input: Data? = nil) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["git", "-C", folder.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    p.environment = environment
    let pipe = Pipe()
    if input != nil { p.standardInput = pipe }
    p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try p.run()
    if let input {
      pipe.fileHandleForWriting.write(input)
      try pipe.fileHandleForWriting.close()
    }
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
      throw BenchError("git \(arguments.first ?? "") failed in \(folder.path)")
    }
  }
}

/// A small seeded random number generator (the same history every run).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
