import Foundation
import Testing

/// A process's output redirected to a file, read while the process runs.
struct CapturedOutput {
  let url: URL

  var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

  /// Waits up to `seconds` for `needle` to appear.
  func wait(for needle: String, seconds: Double = 20) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if text.contains(needle) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return text.contains(needle)
  }
}

@Suite struct CLIWatchTests {
  @Test func watchRebuildsOnChangeAndKeepsTheLastGoodSite() throws {
    let root = try TempFolder([
      "data/gifts/a.md": "---\ntitle: First title\n---\n",
      "templates/gifts/record.html": "<h1>{{ gift.title }}</h1>",
    ])
    defer { root.cleanup() }
    let p = Process()
    p.executableURL = CLI.executable
    p.arguments = [
      "watch", "--data", "data", "--output", "_site", "--now", "2026-11-22", "--debounce", "0.2",
    ]
    p.currentDirectoryURL = root.url
    let stdout = CapturedOutput(url: root.url.appendingPathComponent("out.txt"))
    let stderr = CapturedOutput(url: root.url.appendingPathComponent("err.txt"))
    _ = FileManager.default.createFile(atPath: stdout.url.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderr.url.path, contents: nil)
    p.standardOutput = try FileHandle(forWritingTo: stdout.url)
    p.standardError = try FileHandle(forWritingTo: stderr.url)
    try p.run()
    defer {
      // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
    }
    #expect(stdout.wait(for: "Watching data and templates"))
    let page = root.url.appendingPathComponent("_site/gifts/a.html")
    #expect(try String(contentsOf: page, encoding: .utf8) == "<h1>First title</h1>")
    try root.write("data/gifts/a.md", Data("---\ntitle: Second title\n---\n".utf8))
    #expect(stdout.wait(for: "Rebuilt "))
    #expect(try String(contentsOf: page, encoding: .utf8) == "<h1>Second title</h1>")
    // A broken template: the rebuild fails, the last good site stays.
    try root.write("templates/gifts/record.html", Data("{{ gift.title | nosuch }}".utf8))
    #expect(stderr.wait(for: "The last good site is unchanged."))
    #expect(stderr.text.contains("unknown filter 'nosuch'"))
    #expect(try String(contentsOf: page, encoding: .utf8) == "<h1>Second title</h1>")
  }
}
