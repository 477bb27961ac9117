import Foundation
import Testing

@testable import VibeKeeper

/// `serve` sends what is due (its notify loop, sharing the state with cron runs) and
/// answers the notifications' action links: the only requests that write.
@Suite(.serialized) struct ServeActionTests {
  @Test func theLoopSendsAndATappedButtonRecordsTheDose() throws {
    let f = try NotifyRunTests.Fixture()
    defer { f.cleanup() }
    // A cron run sent the dose already: serve's loop must not send it again.
    _ = try f.at("2026-11-24T08:00")
    #expect(f.hook.requests.count == 1)
    let output = f.folder.url.deletingLastPathComponent().appendingPathComponent(
      "vk-serve-\(UUID().uuidString)")
    defer { SiteFixture.remove(output) }
    let serve = try ServeProcess(
      [
        "--data", f.folder.url.path, "--state", f.state.path, "--now", "2026-11-24T08:29:58",
        "--output", output.path,
      ], in: f.folder.url.deletingLastPathComponent())
    defer { serve.stop() }
    // The clock runs on from --now: at 08:30 the missed follow-up goes out, once.
    #expect(
      serve.waitFor("Notify: sent to ana-hook: Missed: Vitamin D", seconds: 20), "\(serve.log)")
    #expect(f.hook.requests.count == 2)
    let actions = f.hook.requests[1].json["actions"] as? [[String: Any]] ?? []
    let paths = actions.compactMap {
      ($0["url"] as? String)?.replacingOccurrences(of: "https://home.example.org", with: "")
    }
    #expect(paths.count == 2)
    let client = ServeProcess.Client(port: serve.port)
    let host = ["Host": "home.example.org"]
    let doses = f.folder.url.appendingPathComponent("doses/2026/11.yml")
    // A GET (a link preview) asks, and writes nothing.
    let page = try #require(client.get(paths[0], headers: host))
    #expect(page.status == 200)
    #expect(page.headers["cache-control"] == "no-store")
    #expect(
      page.text.contains("<form method=\"post\"><button type=\"submit\">Taken</button></form>"))
    #expect(!FileManager.default.fileExists(atPath: doses.path))
    // The POST records it.
    let done = try #require(client.get(paths[0], method: "POST", headers: host))
    #expect(done.status == 200, "\(done.text)")
    #expect(done.text.contains("Took Vitamin D (due 08:00)"))
    let text = try String(contentsOf: doses, encoding: .utf8)
    #expect(
      text.contains(
        "- {reminder: vitamin-d, due: 2026-11-24T08:00, at: 2026-11-24T08:30, status: done}\n"))
    // Reuse, the other button, a wrong token, another path: refused, nothing written.
    #expect(client.get(paths[0], method: "POST", headers: host)?.status == 410)
    #expect(client.get(paths[1], method: "POST", headers: host)?.status == 410)
    #expect(
      client.get(
        "/__vibekeeper/act/" + String(repeating: "a", count: 32), method: "POST", headers: host)?
        .status == 404)
    #expect(
      client.get("/__vibekeeper/act/..%2F..%2Fdoses", method: "POST", headers: host)?.status == 404)
    #expect(client.get("/index.html", method: "POST", headers: host)?.status == 405)
    #expect(client.get(paths[0], method: "PUT", headers: host)?.status == 405)
    // Another host name is refused before anything is read.
    #expect(client.get(paths[1], method: "POST", headers: ["Host": "evil.example"])?.status == 421)
    #expect(try String(contentsOf: doses, encoding: .utf8) == text)
    #expect(!serve.log.contains(String(paths[0].suffix(32))))
  }
}
