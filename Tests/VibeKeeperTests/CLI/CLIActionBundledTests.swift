import Foundation
import Testing

@testable import VibeKeeper

/// The daily actions on a copy of the bundled data, many writers at once, and a file an
/// editor saved while the command ran.
@Suite struct CLIActionBundledTests {
  /// A copy of the bundled data in a temporary folder (as `data/`).
  static func bundledCopy() throws -> TempFolder {
    let folder = try TempFolder([:])
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("data"),
      to: folder.url.appendingPathComponent("data"))
    return folder
  }

  @Test func everyActionOnTheBundledData() throws {
    let folder = try Self.bundledCopy()
    defer { folder.cleanup() }
    let now = ["--now", "2026-11-22T10:00"]
    let commands: [[String]] = [
      ["done", "zoe/iron-supplement", "--at", "2026-11-20T08:40"],
      ["played", "wordle", "3/6"],
      ["bought", "butter", "--list", "baking-for-mum", "--store", "REWE"],
      ["list", "baking-for-mum", "add", "--name", "Icing sugar"],
      ["used", "tomatoes", "--wasted"],
      ["gift", "pottery-course", "--bought", "--price", "89"],
      ["new", "purchase", "Advent candles", "--price", "6.90"],
    ]
    for args in commands {
      let r = try CLI.run(args + ["--data", "data"] + now, cwd: folder.url)
      // The 20th's iron dose is marked already in the bundled data: refused, nothing else.
      if args.first == "done" {
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stderr.contains("already marked"), "\(r.stderr)")
        continue
      }
      #expect(r.status == 0, "\(args): \(r.stderr)")
    }
    let check = try CLI.run(["check", "--data", "data"] + now, cwd: folder.url)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("0 errors, 0 warnings"), "\(check.stdout)")
    let list = try String(
      contentsOf: folder.url.appendingPathComponent("data/shopping/baking-for-mum.md"),
      encoding: .utf8)
    #expect(
      list.contains(
        "  - {item: butter, quantity: 2, estimate: 2.29, purchased: 2026-11-22, actual: 2.29}\n"))
    #expect(
      list.contains("  - {name: Birthday candles, estimate: 2.50}\n  - {name: Icing sugar}\n---\n"))
  }

  /// Buying fewer than a list line asks for splits the line: the list, the budget and the
  /// purchase agree, and what is still to buy stays on the list.
  @Test func boughtFewerThanTheLineSplitsIt() throws {
    let folder = try Self.bundledCopy()
    defer { folder.cleanup() }
    let now = ["--data", "data", "--now", "2026-11-24T18:00"]
    func listText() throws -> String {
      try String(
        contentsOf: folder.url.appendingPathComponent("data/shopping/baking-for-mum.md"),
        encoding: .utf8)
    }
    let r = try CLI.run(
      ["bought", "butter", "--qty", "1", "--list", "baking-for-mum"] + now, cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    let list = try listText()
    #expect(list.contains("  - {item: butter, quantity: 1, estimate: 2.29}\n"), "\(list)")
    #expect(
      list.contains(
        "  - {item: butter, estimate: 2.29, purchased: 2026-11-24, actual: 2.29}\n---\n"),
      "\(list)")
    let check = try CLI.run(["check"] + now, cwd: folder.url)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("0 errors, 0 warnings"), "\(check.stdout)")
    // The rest can be bought later: the remaining line is ticked whole.
    let rest = try CLI.run(
      ["bought", "butter", "--list", "baking-for-mum", "--at", "2026-11-24"] + now, cwd: folder.url)
    #expect(rest.status == 0, "\(rest.stderr)")
    #expect(
      try listText().contains(
        "  - {item: butter, quantity: 1, estimate: 2.29, purchased: 2026-11-24, actual: 2.29}\n"))
    // Two lines bought the same day at one price: nothing for the user to merge.
    let clean = try CLI.run(["check"] + now, cwd: folder.url)
    #expect(clean.stdout.contains("0 errors, 0 warnings"), "\(clean.stdout)")
  }

  /// An item listed twice on a list is one entry to the list and two lines to an edit:
  /// ticking it is refused until the lines are merged (the tick or split would change one
  /// line for both).
  @Test func boughtRefusesAnItemListedTwice() throws {
    let folder = try Self.bundledCopy()
    defer { folder.cleanup() }
    let path = folder.url.appendingPathComponent("data/shopping/baking-for-mum.md")
    let text = try String(contentsOf: path, encoding: .utf8)
    let twice = text.replacingOccurrences(
      of: "  - {item: eggs, estimate: 3.29}\n",
      with: "  - {item: eggs, estimate: 3.29}\n  - {item: eggs, estimate: 3.29}\n")
    try Data(twice.utf8).write(to: path)
    let r = try CLI.run(
      [
        "bought", "eggs", "--qty", "1", "--list", "baking-for-mum", "--data", "data", "--now",
        "2026-11-24T18:00",
      ], cwd: folder.url)
    #expect(r.status == 1)
    #expect(r.stderr.contains("is listed 2 times on"), "\(r.stderr)")
    #expect(try String(contentsOf: path, encoding: .utf8) == twice)
  }

  /// Eight `bought` at once: the writer's lock lets each land, one line each.
  @Test func concurrentWritersAllLand() throws {
    let folder = try Self.bundledCopy()
    defer { folder.cleanup() }
    let path = "data/purchases/2026/12.yml"
    let group = DispatchGroup()
    let statuses = StatusList()
    for i in 0..<8 {
      group.enter()
      DispatchQueue.global().async {
        let r = try? CLI.run(
          [
            "bought", "--name", "Item \(i)", "1.\(i)0", "--data", "data", "--now",
            "2026-12-01T10:00", "--quiet",
          ],
          cwd: folder.url)
        statuses.add(r?.status ?? -1)
        group.leave()
      }
    }
    group.wait()
    #expect(statuses.all == Array(repeating: 0, count: 8))
    let text = try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    #expect(text.components(separatedBy: "\n- {").count - 1 == 8, "\(text)")
    let check = try CLI.run(["check", "--data", "data", "--now", "2026-12-02"], cwd: folder.url)
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// A file that changed after it was read (an editor saved it) is not overwritten.
  @Test func aFileChangedUnderTheWriterIsKept() throws {
    let folder = try TempFolder([
      "purchases/2026/11.yml": "- {date: 2026-11-01, name: A, price: 1}\n"
    ])
    defer { folder.cleanup() }
    let writer = DataWriter(root: folder.url, displayRoot: "data")
    let read = try writer.read("purchases/2026/11.yml") ?? ""
    let change = FileChange(
      path: "purchases/2026/11.yml", before: read,
      after: read + "- {date: 2026-11-02, name: B, price: 2}\n")
    // The editor saves meanwhile.
    let edited = "- {date: 2026-11-01, name: A, price: 1.10}\n"
    try folder.write("purchases/2026/11.yml", Data(edited.utf8))
    #expect {
      try writer.write([change])
    } throws: { error in
      "\(error)".contains("changed while this command ran")
    }
    #expect(
      try String(
        contentsOf: folder.url.appendingPathComponent("purchases/2026/11.yml"), encoding: .utf8)
        == edited)
    // A new file that appeared meanwhile is not replaced either.
    let fresh = FileChange(path: "purchases/2026/12.yml", before: nil, after: "- {}\n")
    try folder.write("purchases/2026/12.yml", Data("mine\n".utf8))
    #expect {
      try writer.write([fresh])
    } throws: { error in
      "\(error)".contains("appeared while this command ran")
    }
    // No temporary files are left behind.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("purchases/2026").path)
    #expect(left.sorted() == ["11.yml", "12.yml"])
  }
}

/// Exit statuses gathered from several threads.
final class StatusList: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int32] = []
  func add(_ v: Int32) {
    lock.lock()
    values.append(v)
    lock.unlock()
  }
  var all: [Int32] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}
