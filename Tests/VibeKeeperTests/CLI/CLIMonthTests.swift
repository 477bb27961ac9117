import Foundation
import Testing

@testable import VibeKeeper

/// A month lived through the commands alone (no hand edits), and two people appending to
/// the same month in two clones, merged by git.
@Suite struct CLIMonthTests {
  static let gitIdentity = [
    "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
    "GIT_COMMITTER_EMAIL": "t@example.org",
  ]

  func vk(_ args: [String], _ cwd: URL, data: String = "data", stdin: String? = nil) throws {
    let r = try CLI.run(args + ["--data", data, "--quiet"], cwd: cwd, stdin: stdin)
    #expect(r.status == 0, "\(args): \(r.stderr)")
  }

  func json(_ args: [String], _ cwd: URL) throws -> [String: Any] {
    let r = try CLI.run(args + ["--format", "json"], cwd: cwd)
    let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    return object as? [String: Any] ?? [:]
  }

  /// November 2026: a daily tablet (skipped on Sundays), Wordle every day from a share
  /// text, oat milk bought every third day and used up two days later, a weekly list.
  @Test func aMonthOfDailyActions() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let cwd = folder.url
    let made = try CLI.run(
      ["init", "data", "--time-zone", "Europe/Berlin", "--currency", "EUR"], cwd: cwd)
    #expect(made.status == 0, "\(made.stderr)")
    try vk(["new", "item", "Oat milk", "--category", "groceries"], cwd)
    try vk(["new", "game", "Wordle"], cwd)
    try vk(
      [
        "new", "reminder", "Vitamin D", "--time", "08:00", "--days", "daily", "--category",
        "medication",
        "--now", "2026-11-01T07:00",
      ], cwd)
    try vk(
      [
        "new", "budget", "November", "--amount", "100", "--start", "2026-11-01", "--end",
        "2026-11-30",
      ],
      cwd)
    for day in 1...30 {
      let d = (day < 10 ? "0" : "") + "\(day)"
      let date = LocalDate(year: 2026, month: 11, day: day)!
      if date.weekday == .sunday {
        try vk(["done", "vitamin-d", "--skip", "--now", "2026-11-\(d)T09:00"], cwd)
      } else {
        try vk(["done", "vitamin-d", "--now", "2026-11-\(d)T08:0\(day % 10)"], cwd)
      }
      let guesses = day % 5 + 2
      let share =
        "Wordle 1,\(960 + day) \(guesses)/6\n\n" + String(repeating: "⬛🟨⬛⬛⬛\n", count: guesses - 1)
        + "🟩🟩🟩🟩🟩\n"
      try vk(["played", "-", "--now", "2026-11-\(d)T21:\(10 + day)"], cwd, stdin: share)
      if day % 3 == 1 {
        let expires = LocalDate(year: 2026, month: 11, day: day).map { $0.adding(days: 7) }!
        try vk(
          [
            "bought", "oat-milk", "1.89", "--qty", "2", "--store", "Aldi", "--expires",
            expires.description,
            "--now", "2026-11-\(d)T18:00",
          ], cwd)
      }
      if day % 3 == 0 {
        try vk(["used", "oat milk", "--now", "2026-11-\(d)T19:00"], cwd)
      }
    }
    let check = try CLI.run(["check", "--data", "data", "--now", "2026-11-30T23:00"], cwd: cwd)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("0 errors, 0 warnings"), "\(check.stdout)")
    // Thirty results, a streak of thirty.
    let streaks = try json(
      ["report", "streaks", "--data", "data", "--now", "2026-11-30T23:00"], cwd)
    let wordle = (streaks["games"] as? [[String: Any]])?.first
    #expect(wordle?["current"] as? Int == 30)
    #expect(wordle?["played_today"] as? Bool == true)
    // Ten purchases of two at 1.89: 37.80 of the 100 budget.
    let budgets = try json(
      ["report", "budgets", "--data", "data", "--now", "2026-11-30T23:00"], cwd)
    let november = (budgets["budgets"] as? [[String: Any]])?.first
    #expect((november?["spent"] as? NSNumber)?.decimalValue == Decimal(string: "37.8"))
    // Each batch used within the month: the pantry is empty.
    let pantry = try json(["report", "pantry", "--data", "data", "--now", "2026-11-30T23:00"], cwd)
    #expect((pantry["later"] as? [Any])?.isEmpty == true)
    #expect((pantry["expiring"] as? [Any])?.count ?? 0 <= 1)
    // Thirty doses: 26 taken, 4 Sundays skipped.
    let doses = try String(
      contentsOf: cwd.appendingPathComponent("data/doses/2026/11.yml"), encoding: .utf8)
    #expect(doses.components(separatedBy: "status: done").count - 1 == 25)
    #expect(doses.components(separatedBy: "status: skipped").count - 1 == 5)
  }

  /// `init --git` of `name` in `root`; false (with an issue recorded) when it failed.
  static func initRepository(_ name: String, in root: URL) throws -> Bool {
    let made = try CLI.run(
      ["init", name, "--time-zone", "UTC", "--currency", "EUR", "--git"], cwd: root,
      env: gitIdentity)
    if made.status != 0 { Issue.record("init --git failed: \(made.stderr)") }
    return made.status == 0
  }

  /// Two clones append to the same month's purchases; git merges them with no conflict
  /// (the `.gitattributes` `init` writes), and the result loads with both lines.
  @Test func twoClonesAppendAndMerge() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let root = folder.url
    guard try Self.initRepository("a", in: root) else { return }
    try vk(
      ["bought", "--name", "Bread", "2.00", "--now", "2026-11-01T10:00", "--commit"], root,
      data: "a")
    _ = try CLI.git(
      [
        "clone", "--quiet", root.appendingPathComponent("a").path,
        root.appendingPathComponent("b").path,
      ], in: root)
    // Both add a line to the same file.
    let a = try CLI.run(
      ["bought", "--name", "Milk", "1.00", "--data", "a", "--now", "2026-11-02T10:00", "--commit"],
      cwd: root, env: Self.gitIdentity)
    #expect(a.status == 0, "\(a.stderr)")
    let b = try CLI.run(
      ["bought", "--name", "Eggs", "3.00", "--data", "b", "--now", "2026-11-02T11:00", "--commit"],
      cwd: root, env: Self.gitIdentity)
    #expect(b.status == 0, "\(b.stderr)")
    let pull = Process()
    pull.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pull.arguments = [
      "git", "-C", root.appendingPathComponent("a").path, "pull", "--no-rebase", "--quiet",
      root.appendingPathComponent("b").path,
    ]
    var env = ProcessInfo.processInfo.environment
    for (k, v) in Self.gitIdentity { env[k] = v }
    pull.environment = env
    pull.standardOutput = FileHandle.nullDevice
    pull.standardError = FileHandle.nullDevice
    try pull.run()
    pull.waitUntilExit()
    #expect(pull.terminationStatus == 0)
    let merged = try String(
      contentsOf: root.appendingPathComponent("a/purchases/2026/11.yml"), encoding: .utf8)
    #expect(merged.contains("name: Milk"))
    #expect(merged.contains("name: Eggs"))
    #expect(!merged.contains("<<<<<<<"))
    let check = try CLI.run(["check", "--data", "a"], cwd: root)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout.contains("purchases     3") || check.stdout.contains("3 records"),
      "\(check.stdout)")
  }

  /// `used` in one clone and `bought` in the other, merged by union: the used line is kept
  /// twice, once without `used:`. `check` says so at the copy.
  @Test func aUnionMergeOfUsedAndAnAppendIsWarnedAbout() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let root = folder.url
    guard try Self.initRepository("a", in: root) else { return }
    func run(_ args: [String], _ data: String) throws -> Int32 {
      try CLI.run(args + ["--data", data, "--commit"], cwd: root, env: Self.gitIdentity).status
    }
    #expect(
      try run(
        [
          "bought", "--name", "Oat milk", "1.89", "--expires", "2026-12-05", "--now",
          "2026-11-24T10:00",
        ],
        "a") == 0)
    _ = try CLI.git(
      [
        "clone", "--quiet", root.appendingPathComponent("a").path,
        root.appendingPathComponent("b").path,
      ],
      in: root)
    #expect(try run(["used", "Oat milk", "--now", "2026-11-25T08:00"], "a") == 0)
    #expect(
      try run(
        [
          "bought", "--name", "Oat milk", "1.95", "--expires", "2026-12-09", "--now",
          "2026-11-25T18:00",
        ],
        "b") == 0)
    let pull = try CLI.shell(
      "git -c user.name=T -c user.email=t@t pull --no-rebase --quiet ../b HEAD",
      in: root.appendingPathComponent("a"))
    #expect(pull.status == 0)
    let check = try CLI.run(["check", "--data", "a", "--now", "2026-11-26T10:00"], cwd: root)
    #expect(
      check.stderr.contains("without its `used:`: if a merge kept both versions of one batch"),
      "\(check.stderr)")
  }
}
