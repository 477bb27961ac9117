import Foundation
import Testing

@testable import VibeKeeper

/// An action plans its change from the files as it read them; a file saved in between
/// (an editor, a sync) must not get that change in its new text, where the third entry of
/// a list may be another record.
@Suite struct WriterRaceTests {
  /// Reads the month's purchases, lets `meanwhile` change the file, then plans `inner`.
  struct Racing: DataAction {
    let inner: UsedAction
    let meanwhile: @Sendable () -> Void

    func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
      let month = LocalDate(year: 2026, month: 11, day: 1) ?? c.clock.today
      c.records.read(.purchases, months: month, month)
      meanwhile()
      return try inner.plan(&c)
    }
  }

  @Test func aFileSavedWhileTheActionPlansIsNotEdited() throws {
    let log =
      "- {date: 2026-11-02, item: milk, price: 1.19, expires: 2026-11-30}\n"
      + "- {date: 2026-11-03, item: soap, price: 2.49}\n"
    let folder = try TempFolder([
      "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
      "items/milk.md": "---\nname: Milk\n---\n",
      "items/soap.md": "---\nname: Soap\n---\n",
      "items/cheese.md": "---\nname: Cheese\n---\n",
      "purchases/2026/11.yml": log,
    ])
    defer { folder.cleanup() }
    let path = folder.url.appendingPathComponent("purchases/2026/11.yml")
    // Another program saves the file with a line first: entry 1 is now the cheese.
    let saved = "- {date: 2026-11-01, item: cheese, price: 3.99}\n" + log
    let racing = Racing(inner: UsedAction(item: "milk")) {
      let temp = path.deletingLastPathComponent().appendingPathComponent("saved.tmp")
      try? Data(saved.utf8).write(to: temp)
      rename(temp.path, path.path)
    }
    let runner = ActionRunner(root: folder.url, displayRoot: "data")
    #expect(throws: DataWriter.Problem.self) {
      try runner.run(racing, now: "2026-11-22T10:00", dryRun: false, commit: false)
    }
    do {
      _ = try runner.run(racing, now: "2026-11-22T10:00", dryRun: false, commit: false)
    } catch {
      #expect(error.description.contains("changed while this command ran"))
    }
    #expect(try String(contentsOf: path, encoding: .utf8) == saved)
    // Without the race, the milk is marked.
    let plain = try runner.run(
      UsedAction(item: "milk"), now: "2026-11-22T10:00", dryRun: false, commit: false)
    #expect(plain.written)
    let after = try String(contentsOf: path, encoding: .utf8)
    #expect(after.contains("item: milk, price: 1.19, expires: 2026-11-30, used: 2026-11-22"))
    #expect(!after.contains("cheese, price: 3.99, used"))
  }
}
