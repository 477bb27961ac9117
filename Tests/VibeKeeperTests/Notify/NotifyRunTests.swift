import Foundation
import Testing

@testable import VibeKeeper

/// `notify` against a fake ntfy server and a fake webhook receiver on loopback: the right
/// messages, exactly once across runs and two runs at once, retries, routing, email
/// through a stub `sendmail`, and the action links.
@Suite(.serialized) struct NotifyRunTests {
  /// A household with a daily 08:00 dose for ana, a budget, and channels to the fakes.
  struct Fixture {
    let folder: TempFolder
    let ntfy: FakeReceiver
    let hook: FakeReceiver
    let state: URL

    init(extra: [String: String] = [:], channels: String? = nil) throws {
      ntfy = try FakeReceiver()
      hook = try FakeReceiver()
      var files = [
        "vibekeeper.yml": """
        title: Test household
        timezone: Europe/Berlin
        base_url: https://home.example.org/
        notify:
          missed_after: 30
          action_url: https://home.example.org/
          channels:
        \(channels ?? """
              phone: {type: ntfy, server: "\(ntfy.url().dropLast())", priority: high}
              ana-hook: {type: webhook, for: [ana]}
          """)
        """,
        "vibekeeper.local.yml": """
        notify:
          phone: {topic: family-test, token: tk_test}
          ana-hook: {url: "\(hook.url("hook/secret-path"))", headers: {X-Key: k1}}
        """,
        "reminders/vitamin-d.md": """
        ---
        title: Vitamin D
        category: medication
        schedule: {time: "08:00", days: daily}
        notify: [ana]
        ---
        """,
        "budgets/house.md":
          "---\ntitle: House\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
        "purchases/2026/11.yml": "- {date: 2026-11-02, name: Soap, price: 90}\n",
      ]
      // The secrets are of the default channels: other channels have none here (a secret
      // for a channel the settings do not have is an error of the settings).
      if channels != nil { files["vibekeeper.local.yml"] = nil }
      for (k, v) in extra { files[k] = v }
      folder = try TempFolder(files)
      state = folder.url.deletingLastPathComponent()
        .appendingPathComponent("vk-state-\(UUID().uuidString)/notify.state")
    }

    var run: NotifyRun {
      NotifyRun(
        root: folder.url, displayRoot: "data", state: NotifyState(url: state),
        environment: ProcessInfo.processInfo.environment)
    }

    func at(_ local: String) throws -> NotifyRun.Outcome {
      let zone = TimeZone(identifier: "Europe/Berlin")!
      return try run.run(now: NowOption.parse(local, timeZone: zone))
    }

    func cleanup() {
      folder.cleanup()
      try? FileManager.default.removeItem(at: state.deletingLastPathComponent())
    }
  }

  @Test func ntfyAndWebhookGetEachNoticeOnceAcrossRuns() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    #expect(try f.at("2026-11-24T07:59").deliveries.map(\.title) == [])
    let first = try f.at("2026-11-24T08:00")
    #expect(first.succeeded)
    // The dose names ana: her webhook; nothing for the household's phone but the budget.
    #expect(first.deliveries.map { "\($0.channel): \($0.title)" } == ["ana-hook: Vitamin D"])
    #expect(f.hook.requests.count == 1)
    let hook = try #require(f.hook.requests.first)
    #expect(hook.method == "POST")
    #expect(hook.path == "/hook/secret-path")
    #expect(hook.headers["x-key"] == "k1")
    #expect(hook.headers["content-type"] == "application/json")
    let json = hook.json
    #expect(json["version"] as? Int == 1)
    #expect(json["kind"] as? String == "doses")
    #expect(json["household"] as? String == "Test household")
    #expect(json["url"] as? String == "https://home.example.org/reminders/vitamin-d.html")
    let notices = json["notices"] as? [[String: Any]] ?? []
    #expect(notices.first?["key"] as? String == "dose/vitamin-d/2026-11-24T08:00")
    #expect(notices.first?["at"] as? String == "2026-11-24T08:00:00+01:00")
    #expect(notices.first?["people"] as? [String] == ["ana"])
    let actions = json["actions"] as? [[String: Any]] ?? []
    #expect(actions.map { $0["label"] as? String } == ["Taken", "Skip"])
    #expect(
      actions.allSatisfy {
        ($0["url"] as? String)?.range(
          of: #"^https://home\.example\.org/__vibekeeper/act/[0-9a-f]{32}$"#,
          options: .regularExpression) != nil
      })
    #expect(try f.at("2026-11-24T08:05").deliveries.isEmpty)
    // The missed follow-up, once.
    #expect(try f.at("2026-11-24T08:30").deliveries.map(\.title) == ["Missed: Vitamin D"])
    // Budget alerts go out from notify.time (occasions.reminder_time, 09:00).
    let budget = try f.at("2026-11-24T09:00")
    #expect(budget.deliveries.map { "\($0.channel): \($0.title)" } == ["phone: House: 90% used"])
    let ntfy = try #require(f.ntfy.requests.first)
    #expect(ntfy.path == "/")
    #expect(ntfy.headers["authorization"] == "Bearer tk_test")
    #expect(ntfy.json["topic"] as? String == "family-test")
    #expect(ntfy.json["priority"] as? Int == 4)
    #expect(ntfy.json["tags"] as? [String] == ["moneybag"])
    #expect(ntfy.json["click"] as? String == "https://home.example.org/budgets/house.html")
    // Nothing more that day.
    #expect(try f.at("2026-11-24T12:00").deliveries.isEmpty)
    #expect(f.hook.requests.count == 2)
    #expect(f.ntfy.requests.count == 1)
  }

  /// Settings with an error (a time that does not exist) send nothing: the fallbacks could
  /// send at the wrong time or to the wrong place. The run says why; records with errors
  /// are reported as errors of the run.
  @Test func settingsWithAnErrorSendNothing() throws {
    let f = try Fixture(extra: [
      "vibekeeper.yml": """
      title: Test household
      timezone: Europe/Berlin
      notify:
        time: "25:00"
        channels:
          phone: {type: ntfy, server: "http://127.0.0.1:9", priority: high}
      """
    ])
    defer { f.cleanup() }
    let outcome = try f.at("2026-11-24T09:00")
    #expect(outcome.refusal == NotifyRun.settingsRefusal)
    #expect(outcome.deliveries.isEmpty)
    #expect(outcome.hasErrors)
    #expect(f.ntfy.requests.isEmpty)
    let planned = try f.run.schedule(
      now: NowOption.parse("2026-11-24T09:00", timeZone: TimeZone(identifier: "Europe/Berlin")!),
      days: 1)
    #expect(planned.outcome.refusal == NotifyRun.settingsRefusal)
    // A record with an error: the rest is sent, and the run has errors.
    let g = try Fixture(extra: ["reminders/broken.md": "---\ntitle: [unclosed\n---\n"])
    defer { g.cleanup() }
    let sent = try g.at("2026-11-24T08:00")
    #expect(sent.refusal == nil)
    #expect(sent.deliveries.map(\.title) == ["Vitamin D"])
    #expect(sent.hasErrors)
  }

  @Test func aFailedSendIsTriedAgainAndReported() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    f.hook.answer(with: 500)
    let failed = try f.at("2026-11-24T08:01")
    #expect(!failed.succeeded)
    #expect(failed.deliveries.first?.problem?.contains("answered 500") == true)
    // The error names the server, never the secret path.
    #expect(failed.deliveries.first?.problem?.contains("secret-path") == false)
    f.hook.answer(with: 200)
    let again = try f.at("2026-11-24T08:02")
    #expect(again.succeeded)
    #expect(again.deliveries.map(\.title) == ["Vitamin D"])
    #expect(try f.at("2026-11-24T08:03").deliveries.isEmpty)
    let report = Reports.notifications(
      try load([
        "vibekeeper.yml": "notify: {channels: {ana-hook: {type: webhook, url: 'http://x.y/'}}}"
      ])
      .household, log: NotifyState(url: f.state).entries(),
      clock: LocalClock(now: Date(), timeZone: .gmt))
    #expect(report.tables[0].rows.first?[0] == "ana-hook")
    #expect(report.tables[0].rows.first?[4] == "Vitamin D")
    #expect(report.tables[0].rows.first?[5] == "-")
  }

  @Test func twoRunsAtOnceSendEachNoticeOnce() throws {
    var extra: [String: String] = [:]
    for i in 1...6 {
      extra["reminders/r\(i).md"] =
        "---\ntitle: Tablet \(i)\nschedule: {time: \"08:00\", days: daily}\n---\n"
    }
    let f = try Fixture(extra: extra)
    defer { f.cleanup() }
    let args = [
      "notify", "--data", f.folder.url.path, "--state", f.state.path, "--now", "2026-11-24T08:10",
    ]
    let outputs = LockedList()
    DispatchQueue.concurrentPerform(iterations: 3) { _ in
      if let out = try? CLI.run(args, seconds: 60) { outputs.append(out.stdout + out.stderr) }
    }
    #expect(outputs.count == 3)
    // Six household tablets to the phone; Vitamin D and nothing else to ana's hook.
    let titles = f.ntfy.requests.compactMap { $0.json["title"] as? String }.sorted()
    #expect(titles == (1...6).map { "Tablet \($0)" })
    #expect(f.hook.requests.count == 1)
  }

  @Test func emailThroughAStubSendmail() throws {
    let f = try Fixture(
      channels:
        "    mail: {type: email, to: [ana@example.org, ben@example.org], from: \"VibeKeeper <home@example.org>\"}"
    )
    defer { f.cleanup() }
    let bin = f.folder.url.deletingLastPathComponent().appendingPathComponent(
      "vk-bin-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bin) }
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let mailbox = bin.appendingPathComponent("mail.txt")
    let stub = bin.appendingPathComponent("sendmail")
    try "#!/bin/sh\necho \"$@\" > '\(mailbox.path).args'\ncat >> '\(mailbox.path)'\n".write(
      to: stub, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    try f.folder.write(
      "reminders/vitamin-d.md",
      Data("---\ntitle: Vitamin D für Anaïs\nschedule: {time: \"08:00\", days: daily}\n---\n".utf8))
    let out = try CLI.run(
      [
        "notify", "--data", f.folder.url.path, "--state", f.state.path, "--now", "2026-11-24T08:00",
      ],
      env: ["PATH": bin.path + ":/usr/bin:/bin"])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout == "Sent to mail: Vitamin D für Anaïs\n")
    let mail = try String(contentsOf: mailbox, encoding: .utf8)
    #expect(
      try String(contentsOf: URL(fileURLWithPath: mailbox.path + ".args"), encoding: .utf8)
        == "-oi -t\n")
    #expect(
      mail.hasPrefix(
        "From: VibeKeeper <home@example.org>\nTo: ana@example.org, ben@example.org\nSubject: =?UTF-8?B?"
      ))
    #expect(mail.contains("Content-Type: text/plain; charset=utf-8\n"))
    #expect(
      mail.contains(
        "\n\nDue at 08:00\n\nOpen: https://home.example.org/reminders/vitamin-d.html\n\nDone: https://home.example.org/__vibekeeper/act/"
      ))
    let subject = mail.split(separator: "\n").first { $0.hasPrefix("Subject: ") }.map {
      String($0.dropFirst(9))
    }
    let decoded = subject.flatMap { s -> String? in
      guard s.hasPrefix("=?UTF-8?B?"), s.hasSuffix("?=") else { return nil }
      return Data(base64Encoded: String(s.dropFirst(10).dropLast(2))).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    #expect(decoded == "Vitamin D für Anaïs")
  }

  @Test func dryRunPrintsTheScheduleAndSendsNothing() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    let out = try CLI.run([
      "notify", "--dry-run", "--data", f.folder.url.path, "--state", f.state.path, "--now",
      "2026-11-24T07:00",
    ])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(
      out.stdout.hasPrefix(
        "Notifications at 2026-11-24 07:00 (Europe/Berlin) and 1 day ahead:\n  2026-11-24 08:00  doses     later    Vitamin D: Due at 08:00  -> ana-hook\n      buttons: Taken, Skip\n"
      ))
    #expect(out.stdout.contains("2026-11-24 08:30  missed    later    Missed: Vitamin D"))
    #expect(out.stdout.contains("2026-11-24 09:00  budgets   later    House: 90% used"))
    #expect(f.ntfy.requests.isEmpty && f.hook.requests.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: f.state.path))
  }

  // MARK: Action links

  /// The dose's action links as sent to the webhook.
  /// The action links of `f`'s state folder, and a Berlin time as an instant.
  func actionLinks(_ f: Fixture) -> ActionLinks {
    ActionLinks(state: NotifyState(url: f.state), root: f.folder.url, displayRoot: "data")
  }

  func berlin(_ text: String) throws -> Date {
    try #require(NowOption.parse(text, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt))
  }

  func links(_ f: Fixture) throws -> [String] {
    _ = try f.at("2026-11-24T08:00")
    let actions = f.hook.requests.last?.json["actions"] as? [[String: Any]] ?? []
    return actions.compactMap {
      ($0["url"] as? String).flatMap {
        ActionLinks.token(inPath: String($0.dropFirst("https://home.example.org".count)))
      }
    }
  }

  @Test func anActionLinkRecordsTheDoseOnceAndCommits() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    _ = try CLI.git(["init", "-q"], in: f.folder.url)
    _ = try CLI.git(["config", "user.name", "T"], in: f.folder.url)
    _ = try CLI.git(["config", "user.email", "t@example.org"], in: f.folder.url)
    _ = try CLI.git(["add", "."], in: f.folder.url)
    _ = try CLI.git(["commit", "-qm", "start"], in: f.folder.url)
    let tokens = try links(f)
    #expect(tokens.count == 2)
    let actions = actionLinks(f)
    let at = try berlin("2026-11-24T08:03")
    // A GET writes nothing.
    let preview = actions.preview(token: tokens[0], now: at)
    #expect(preview.status == 200)
    #expect(preview.confirm == "Taken")
    #expect(
      !FileManager.default.fileExists(atPath: f.folder.url.appendingPathComponent("doses").path))
    let used = actions.use(token: tokens[0], now: at, commit: true)
    #expect(used.status == 200, "\(used.message)")
    #expect(used.message.hasPrefix("Took Vitamin D (due 08:00) (committed "))
    let doses = try String(
      contentsOf: f.folder.url.appendingPathComponent("doses/2026/11.yml"), encoding: .utf8)
    #expect(
      doses
        == "# Doses of 2026-11, one per line.\n- {reminder: vitamin-d, due: 2026-11-24T08:00, at: 2026-11-24T08:03, status: done}\n"
    )
    #expect(
      try CLI.git(["log", "-1", "--format=%s"], in: f.folder.url)
        .trimmingCharacters(in: .whitespacesAndNewlines) == "Took Vitamin D")
    // Reused, or the other button of the same notification: refused, nothing written.
    #expect(actions.use(token: tokens[0], now: at, commit: true).status == 410)
    #expect(actions.use(token: tokens[1], now: at, commit: true).status == 410)
    // A wrong token, a malformed one, a forged path.
    #expect(
      actions.use(token: String(repeating: "0", count: 32), now: at, commit: false).status == 404)
    #expect(actions.use(token: "../../etc/passwd", now: at, commit: false).status == 404)
    #expect(ActionLinks.token(inPath: "/__vibekeeper/acts/x") == nil)
    #expect(
      try String(
        contentsOf: f.folder.url.appendingPathComponent("doses/2026/11.yml"), encoding: .utf8)
        == doses)
    // The missed follow-up no longer goes out: the dose is marked.
    #expect(try f.at("2026-11-24T08:31").deliveries.isEmpty)
  }

  /// A link whose change was written but not committed (no repository, a hook that
  /// refuses) is spent: the dose happened, and a second tap must not write it again.
  @Test func aLinkWrittenButNotCommittedIsSpent() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    let tokens = try links(f)
    let actions = actionLinks(f)
    let at = try berlin("2026-11-24T08:03")
    let used = actions.use(token: tokens[0], now: at, commit: true)
    #expect(used.status == 200, "\(used.message)")
    #expect(used.message.contains("(not committed: the change was written, but"), "\(used.message)")
    let doses = f.folder.url.appendingPathComponent("doses/2026/11.yml")
    let written = try String(contentsOf: doses, encoding: .utf8)
    #expect(written.components(separatedBy: "reminder: vitamin-d").count == 2)
    #expect(actions.use(token: tokens[0], now: at, commit: true).status == 410)
    #expect(try String(contentsOf: doses, encoding: .utf8) == written)
  }

  /// Each channel sends its own "Played" button: the day's play is recorded once.
  @Test func aSecondPlayedButtonTheSameDayIsRefused() throws {
    let f = try Fixture(extra: [
      "games/wordle.md": "---\nname: Wordle\n---\n",
      "results/2026/11.yml": "- {game: wordle, at: 2026-11-24T19:05}\n",
    ])
    defer { f.cleanup() }
    var played = PlayedAction()
    played.game = "wordle"
    played.oncePerDay = true
    let runner = ActionRunner(root: f.folder.url, displayRoot: "data")
    #expect(throws: DataWriter.Problem.self) {
      try runner.run(played, now: "2026-11-24T19:10", dryRun: false, commit: false)
    }
    // The next day it is recorded.
    let next = try runner.run(played, now: "2026-11-25T19:10", dryRun: false, commit: false)
    #expect(next.written)
  }

  @Test func thePlayedButtonLogsTheGame() throws {
    let f = try Fixture(extra: [
      "games/wordle.md": "---\nname: Wordle\nurl: https://www.nytimes.com/games/wordle\n---\n",
      "results/2026/11.yml": """
      - {game: wordle, at: 2026-11-22T18:10}
      - {game: wordle, at: 2026-11-23T18:20}
      """,
    ])
    defer { f.cleanup() }
    // Played around 18:00: the nudge comes at the game's suggested time, before that.
    #expect(try f.at("2026-11-24T12:00").deliveries.filter { $0.title.hasPrefix("Wordle") }.isEmpty)
    let sent = try f.at("2026-11-24T19:00").deliveries.map(\.title)
    #expect(sent.contains("Wordle: keep your 2-day streak"))
    let nudge = try #require(
      f.ntfy.requests.first { ($0.json["title"] as? String)?.hasPrefix("Wordle") == true })
    #expect(nudge.json["click"] as? String == "https://www.nytimes.com/games/wordle")
    let buttons = nudge.json["actions"] as? [[String: Any]] ?? []
    #expect(buttons.map { $0["label"] as? String } == ["Played"])
    let url = try #require(buttons.first?["url"] as? String)
    let token = try #require(
      ActionLinks.token(inPath: String(url.dropFirst("https://home.example.org".count))))
    let actions = actionLinks(f)
    let at = try berlin("2026-11-24T19:05")
    let answer = actions.use(token: token, now: at, commit: false)
    #expect(answer.status == 200, "\(answer.message)")
    #expect(answer.message == "Played Wordle")
    let results = try String(
      contentsOf: f.folder.url.appendingPathComponent("results/2026/11.yml"), encoding: .utf8)
    #expect(
      results.hasSuffix(
        "- {game: wordle, at: 2026-11-23T18:20}\n- {game: wordle, at: 2026-11-24T19:05}\n"))
    // Played: no more nudges today.
    #expect(try f.at("2026-11-24T21:00").deliveries.isEmpty)
  }

  @Test func anExpiredLinkIsRefused() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    let tokens = try links(f)
    let actions = actionLinks(f)
    let late = try berlin("2026-11-25T04:00")
    let answer = actions.use(token: tokens[1], now: late, commit: false)
    #expect(answer.status == 410)
    #expect(answer.title == "This link has expired")
    #expect(
      !FileManager.default.fileExists(atPath: f.folder.url.appendingPathComponent("doses").path))
  }
}

extension NotifyRunTests {
  /// A made-up token is refused at once, without waiting for the state's lock (held here
  /// as the notify loop holds it while it sends); a real link still waits and records.
  @Test func aMadeUpTokenDoesNotWaitForTheLock() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    let tokens = try links(f)
    let actions = actionLinks(f)
    let now = try berlin("2026-11-24T08:05")
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // Set when the holder gave the lock up only because nobody released it: then the
    // made-up token waited for it.
    let gaveUp = LockedList()
    let holder = Thread {
      try? NotifyState(url: f.state).locked(now: now) { _ in
        held.signal()
        if release.wait(timeout: .now() + .seconds(20)) == .timedOut { gaveUp.append("late") }
      }
    }
    holder.start()
    held.wait()
    let answer = actions.use(
      token: "0123456789abcdef0123456789abcdef", now: now, commit: false)
    release.signal()
    #expect(answer.status == 404)
    #expect(gaveUp.count == 0)
    #expect(actions.use(token: tokens[0], now: now, commit: false).status == 200)
  }
}

/// Texts gathered from several threads.
final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func append(_ s: String) { lock.withLock { items.append(s) } }
  var count: Int { lock.withLock { items.count } }
}
