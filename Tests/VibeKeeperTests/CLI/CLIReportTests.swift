import Foundation
import Testing

@Suite struct CLIReportTests {
  let now = ["--now", "2026-11-22T10:00"]

  @Test(arguments: [
    "budgets", "prices", "pantry", "shopping", "occasions", "reminders", "streaks", "all",
  ])
  func everyTopicInEveryFormat(topic: String) throws {
    for format in ["table", "json", "csv", "md"] {
      let r = try CLI.run(["report", topic, "--format", format] + now)
      #expect(r.status == 0, "\(topic) \(format): \(r.stderr)")
      #expect(!r.stdout.isEmpty)
      #expect(r.stderr.isEmpty, "\(topic) \(format): \(r.stderr)")
      switch format {
      case "json":
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        #expect(parsed is [String: Any] || parsed is [Any])
      case "csv": #expect(r.stdout.contains("\r\n"))
      case "md": #expect(r.stdout.hasPrefix("#"))
      default: #expect(r.stdout.contains("---"))
      }
    }
  }

  @Test func reportFiguresForTheBundledHousehold() throws {
    let budgets = try CLI.run(["report", "budgets", "--format", "json"] + now)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(budgets.stdout.utf8)) as? [String: Any])
    let list = try #require(json["budgets"] as? [[String: Any]])
    let november = try #require(list.first { ($0["id"] as? String) == "2026-11-household" })
    #expect((november["spent"] as? NSNumber)?.doubleValue == 121.30)
    #expect(november["alert"] as? Bool == true)
    #expect(november["days_remaining"] as? Int == 8)
    let md = try CLI.run(["report", "all", "--format", "md"] + now)
    #expect(
      md.stdout.hasPrefix("# The Okafor-Lindqvist household: household report, 22 Nov 2026\n"))
    for section in [
      "## Occasions", "## Reminders", "## Budgets", "## Shopping", "## Pantry", "## Prices",
      "## Streaks",
    ] {
      #expect(md.stdout.contains(section))
    }
  }

  /// A wrong --data prints no report: `report budgets --format json > budgets.json` in a
  /// cron job must not replace the file with an empty report.
  @Test func noDataFolderPrintsNoReport() throws {
    let r = try CLI.run([
      "report", "budgets", "--format", "json", "--data", "/nonexistent/vk-\(UUID().uuidString)",
    ])
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty, "\(r.stdout)")
    #expect(r.stderr.contains("there is no data folder"), "\(r.stderr)")
  }

  @Test func searchFindsWithoutAccents() throws {
    let r = try CLI.run(["search", "zoe"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("Zoë Lindqvist"))
    let json = try CLI.run(["search", "milk", "--format", "json"])
    #expect(json.stdout.contains("\"name\": \"Fresh whole milk\""))
  }

  @Test func usageErrorsAndHelp() throws {
    #expect(try CLI.run(["report", "nonsense"]).status == 2)
    #expect(try CLI.run(["report", "budgets", "--format", "xml"]).status == 2)
    #expect(try CLI.run(["report", "budgets", "--now", "yesterday"]).status == 2)
    #expect(try CLI.run(["report", "budgets", "--quiet", "--verbose"]).status == 2)
    for command in ["build", "watch", "check", "report", "search", "new", "capture", "completions"]
    {
      let help = try CLI.run([command, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Examples:"), "\(command) --help has examples")
    }
  }

  @Test func completionScriptsForEveryShell() throws {
    for shell in ["bash", "zsh", "fish"] {
      let r = try CLI.run(["completions", shell])
      #expect(r.status == 0)
      #expect(r.stdout.contains("vibekeeper"))
      // new's kinds are offered.
      #expect(r.stdout.contains("shopping-list"), "\(shell)")
    }
  }

  @Test func dataErrorsGoToStderrAndExitOne() throws {
    let root = try TempFolder([
      "data/gifts/a.md": "---\ntitle: A\nprice: abc\n---\n",
      "data/gifts/b.md": "---\ntitle: Lamp\n---\n",
    ])
    defer { root.cleanup() }
    let r = try CLI.run(["search", "lamp"], cwd: root.url)
    #expect(r.status == 1)
    #expect(r.stdout.contains("Lamp"))
    #expect(r.stderr.contains("data/gifts/a.md:3:8: error: 'price' must be a number"))
    let quiet = try CLI.run(["check", "--quiet"], cwd: root.url, env: ["NO_COLOR": "1"])
    #expect(quiet.stdout.isEmpty)
    #expect(quiet.status == 1)
  }

  @Test func analysisWarningsArePrintedOnceByEachCommand() throws {
    let root = try TempFolder([
      "data/budgets/a.yml": "title: A\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\n",
      "data/budgets/b.yml": "title: B\namount: 100\nstart: 2026-11-15\nend: 2026-12-15\n",
    ])
    defer { root.cleanup() }
    func count(_ text: String) -> Int {
      text.components(separatedBy: "both cover scope 'all'").count - 1
    }
    let check = try CLI.run(
      ["check", "--now", "2026-11-22"], cwd: root.url, env: ["NO_COLOR": "1"])
    #expect(count(check.stderr) == 1)
    #expect(check.stdout.contains("0 errors, 1 warning"))
    let report = try CLI.run(["report", "budgets", "--verbose"] + now, cwd: root.url)
    #expect(count(report.stderr) == 1)
    let build = try CLI.run(["build", "--output", "_site"] + now, cwd: root.url)
    #expect(count(build.stderr) == 1)
    #expect(build.stdout.contains("(0 errors, 1 warning)"))
  }
}
