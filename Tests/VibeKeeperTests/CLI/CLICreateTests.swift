import Foundation
import Testing

@testable import VibeKeeper

/// `new` and `capture` through the real executable, in a temporary copy of the capture
/// fixture household (never the repository's `data/`).
@Suite struct CLICreateTests {
  func household() throws -> TempFolder { try TempFolder(CaptureFixture.files) }

  func run(_ folder: TempFolder, _ args: [String]) throws -> CLI.Output {
    try CLI.run(args + ["--data", folder.url.path], env: ["NO_COLOR": "1"])
  }

  func gifts(_ folder: TempFolder) throws -> [Gift] {
    let result = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return result.household.gifts
  }

  func files(_ folder: TempFolder, _ kind: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent(kind).path)) ?? []).sorted()
  }

  @Test func newWritesALoadableRecordAndPrintsItsPath() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let r = try run(
      folder,
      [
        "new", "gift", "Pottery class", "--for", "family/mom", "--price", "80", "--now",
        "2026-11-22",
      ])
    #expect(r.status == 0)
    #expect(r.stdout == folder.url.path + "/gifts/pottery-class.md\n")
    #expect(r.stderr == "")
    let g = try #require(try gifts(folder).first)
    #expect(g.id == "pottery-class")
    #expect(g.title == "Pottery class")
    #expect(g.recipient == "family/mom")
    #expect(g.price == 80)
    #expect(g.currency == "EUR")
    #expect(g.created == LocalDate(year: 2026, month: 11, day: 22))
    let check = try CLI.run(["check", "--data", folder.url.path])
    #expect(check.status == 0)
    #expect(check.stderr == "")
  }

  @Test func newNeverOverwrites() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let first = try run(folder, ["new", "gift", "Pottery class"])
    let original = try String(
      contentsOfFile: folder.url.path + "/gifts/pottery-class.md", encoding: .utf8)
    let second = try run(folder, ["new", "gifts", "Pottery class", "--price", "12.50"])
    #expect(first.status == 0 && second.status == 0)
    #expect(second.stdout == folder.url.path + "/gifts/pottery-class-2.md\n")
    #expect(
      second.stderr.contains(
        "pottery-class.md is taken (a file of that name, or a record with the id 'pottery-class'), so the new gift is"
      ))
    #expect(
      try String(contentsOfFile: folder.url.path + "/gifts/pottery-class.md", encoding: .utf8)
        == original)
    #expect(try gifts(folder).map(\.id) == ["pottery-class", "pottery-class-2"])
  }

  @Test func newKindsAndSlugs() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let contact = try run(
      folder,
      ["new", "contact", "Zoë Ångström", "--relationship", "friend", "--birthday", "--07-04"])
    #expect(contact.status == 0)
    #expect(contact.stdout.hasSuffix("/contacts/zoe-angstrom.md\n"))
    let reminder = try run(
      folder, ["new", "reminder", "Vitamin D", "--time", "08:30", "--days", "mon,wed,fri"])
    #expect(reminder.status == 0)
    let occasion = try run(
      folder, ["new", "occasion", "Game night", "--date=2026-12-05", "--contact", "friends/sam"])
    #expect(occasion.status == 0)
    // `birthday` is no occasion's id: a gift's `occasion: birthday` means the recipient's.
    let birthday = try run(folder, ["new", "occasion", "Birthday", "--date=2026-12-06"])
    #expect(birthday.stdout.hasSuffix("/occasions/birthday-2.md\n"), "\(birthday.stdout)")
    #expect(birthday.stderr.isEmpty, "\(birthday.stderr)")
    let loaded = DataLoader(root: folder.url).load()
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.household.contact("zoe-angstrom")?.name == "Zoë Ångström")
    #expect(loaded.household.reminders.map(\.title) == ["Vitamin D"])
    #expect(
      loaded.household.occasions.contains { $0.id == "game-night" && $0.contact == "friends/sam" })
  }

  @Test func newBadValueExitsOneAndWritesNothing() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let r = try run(folder, ["new", "gift", "Lamp", "--price", "abc", "--for", "mum"])
    #expect(r.status == 1)
    #expect(r.stdout == "")
    #expect(r.stderr.contains("/gifts/lamp.md:5:8: error: 'price' must be a number, not 'abc'"))
    // `--for mum` names the contact whose relationship is mom, as in `capture`.
    #expect(!r.stderr.contains("'for' names no contact"))
    let typo = try run(folder, ["new", "gift", "Lamp", "--for", "family/mum"])
    #expect(typo.status == 1)
    #expect(typo.stderr.contains("error: 'for' names no contact 'family/mum'"))
    #expect(typo.stderr.contains("did you mean 'family/mom'?"))
    #expect(files(folder, "gifts").isEmpty)
  }

  @Test func newUsageErrorsExitTwo() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let kind = try run(folder, ["new", "gft", "Lamp"])
    #expect(kind.status == 2)
    #expect(kind.stderr.contains("unknown kind 'gft' (did you mean 'gift'?)"))
    let field = try run(folder, ["new", "gift", "Lamp", "--prise", "3"])
    #expect(field.status == 2)
    #expect(field.stderr.contains("a gift has no field 'prise'; did you mean '--price'?"))
    let required = try run(folder, ["new", "budget", "December"])
    #expect(required.status == 2)
    #expect(required.stderr.contains("a new budget needs 'amount': add --amount 1200"))
    let dangling = try run(folder, ["new", "gift", "Lamp", "--price"])
    #expect(dangling.status == 2)
    #expect(files(folder, "gifts").isEmpty)
    #expect(files(folder, "budgets").isEmpty)
  }

  @Test func newWithoutADataFolderExitsOne() throws {
    let r = try CLI.run(["new", "gift", "Lamp", "--data", "/nonexistent/vk-\(UUID().uuidString)"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("no data folder"))
  }

  @Test func captureWritesAGiftTheLoaderReadsBack() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let r = try run(
      folder,
      [
        "capture", "Board game for Sam's housewarming on 12 Dec, $35", "--yes", "--now",
        "2026-11-22T10:00",
      ])
    #expect(r.status == 0)
    #expect(r.stdout == folder.url.path + "/gifts/board-game.md\n")
    #expect(r.stderr.contains("for      friends/sam (Sam Carter)  [0.90, from \"Sam's\"]"))
    #expect(r.stderr.contains("date     2026-12-12  [0.90, from \"on 12 Dec\"]"))
    let g = try #require(try gifts(folder).first)
    #expect(g.title == "Board game")
    #expect(g.recipient == "friends/sam")
    #expect(g.occasion == "housewarming-sam")
    #expect(g.price == 35)
    #expect(g.currency == "USD")
    #expect(g.status == .idea)
    #expect(g.created == LocalDate(year: 2026, month: 11, day: 22))
    #expect(g.description.contains("Board game for Sam's housewarming on 12 Dec, $35"))
  }

  @Test func captureRefusesUnsureFieldsOffTerminal() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let r = try run(folder, ["capture", "Dino puzzle for Ify, under 30", "--now", "2026-11-22"])
    #expect(r.status == 1)
    #expect(r.stdout == "")
    #expect(
      r.stderr.contains(
        "error: unsure about price (30, 0.65); pass --yes to accept, or give --price VALUE"))
    #expect(files(folder, "gifts").isEmpty)
    // The flag makes it certain; --yes accepts it as read.
    let flagged = try run(folder, ["capture", "Dino puzzle for Ify, under 30", "--price", "29.99"])
    #expect(flagged.status == 0)
    let accepted = try run(folder, ["capture", "Dino puzzle for Ify, under 30", "--yes"])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.hasSuffix("/gifts/dino-puzzle-2.md\n"))
    #expect(
      try gifts(folder).map { "\($0.id) \($0.price ?? 0)" } == [
        "dino-puzzle 29.99", "dino-puzzle-2 30",
      ])
  }

  @Test func captureDryRunWritesNothing() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let r = try run(
      folder,
      ["capture", "Zoë: noise-cancelling headphones, £120", "--dry-run", "--now", "2026-11-22"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("---\ntitle: Noise-cancelling headphones\nfor: partner\n"))
    #expect(r.stdout.contains("\nprice: 120\ncurrency: GBP\n"))
    #expect(
      r.stderr.contains(
        "dry run: would write \(folder.url.path)/gifts/noise-cancelling-headphones.md"))
    #expect(files(folder, "gifts").isEmpty)
  }

  @Test func captureRefusesMissingFields() throws {
    let folder = try household()
    defer { folder.cleanup() }
    let noOne = try run(folder, ["capture", "Noise-cancelling headphones, £120"])
    #expect(noOne.status == 1)
    #expect(noOne.stderr.contains("error: cannot capture: missing the recipient"))
    let nothing = try run(folder, ["capture", "For Dad, 30 euros"])
    #expect(nothing.status == 1)
    #expect(nothing.stderr.contains("missing the gift idea"))
    let fixed = try run(folder, ["capture", "For Dad, 30 euros", "--title", "Bread book"])
    #expect(fixed.status == 0)
    let badFor = try run(folder, ["capture", "Lamp", "--for", "nobody"])
    #expect(badFor.status == 1)
    #expect(badFor.stderr.contains("'for' names no contact 'nobody'"))
    #expect(try gifts(folder).map(\.title) == ["Bread book"])
  }

  /// Runs `capture` on a pseudo-terminal (util-linux `script`), answering `answer`.
  func onTerminal(_ folder: TempFolder, answer: String) throws -> (Int32, String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command =
      "'\(CLI.executable.path)' capture 'Dino puzzle for Ify, under 30' --now 2026-11-22 --data '\(folder.url.path)'"
    p.arguments = ["-qec", command, "/dev/null"]
    let input = Pipe()
    let output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    p.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    try p.run()
    input.fileHandleForWriting.write(Data((answer + "\n").utf8))
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, text)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func captureAsksOnATerminal() throws {
    let folder = try household()
    defer { folder.cleanup() }
    // A price said to be wrong is left out; the idea is still written.
    let (no, withoutPrice) = try onTerminal(folder, answer: "n")
    #expect(no == 0, "\(withoutPrice)")
    #expect(withoutPrice.contains("Is price = 30 right? [y/N]"))
    #expect(withoutPrice.contains("Left out price; give it with --price if you know it."))
    #expect(try gifts(folder).map(\.price) == [nil])
    let (yes, accepted) = try onTerminal(folder, answer: "y")
    #expect(yes == 0)
    #expect(accepted.contains("/gifts/dino-puzzle-2.md"))
    #expect(try gifts(folder).compactMap(\.price) == [30])
  }
}
