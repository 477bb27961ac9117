import Foundation
import Testing

@testable import VibeKeeper

/// What the writer keeps safe through the real executable: a file's permissions, files it
/// must not write through, month logs under another name, files that cannot be read, and
/// an output that cannot be written.
@Suite struct CLIWriterSafetyTests {
  typealias Folder = TempFolder

  func vk(_ args: [String], _ folder: Folder) throws -> CLI.Output {
    try CLI.run(args + ["--data", "data", "--now", "2026-11-22T10:00"], cwd: folder.url)
  }

  func mode(_ folder: Folder, _ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.url.appendingPathComponent(path).path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// A health log kept private by its mode stays so when a dose is written into it.
  @Test func anEditedFileKeepsItsPermissions() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    #expect(try vk(["done", "vitamin-d", "--at", "08:05"], folder).status == 0)
    let log = "data/doses/2026/11.yml"
    chmod(folder.url.appendingPathComponent(log).path, 0o600)
    let again = try vk(["done", "vitamin-d", "--at", "2026-11-21T08:10"], folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try mode(folder, log) == 0o600)
    #expect(CLIActionTests.text(folder, log).contains("2026-11-21T08:10"))
  }

  /// A record file that is a symbolic link is never replaced by a file.
  @Test func aLinkedFileIsNotWrittenThrough() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "elsewhere.yml", Data("- {date: 2026-11-02, item: oat-milk, price: 1.79}\n".utf8))
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("data/purchases/2026"),
      withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("data/purchases/2026/11.yml").path,
      withDestinationPath: "../../../elsewhere.yml")
    let r = try vk(["bought", "oat-milk", "1.89"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("not a regular file"), "\(r.stderr)")
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.url.appendingPathComponent("data/purchases/2026/11.yml").path)
    #expect(link == "../../../elsewhere.yml")
  }

  /// A month log named `.yaml`, or with its extension in capitals, is the month's file: a
  /// purchase goes into it, not into a second file beside it that would repeat its ids.
  @Test(arguments: ["11.yaml", "11.YML", "11.Yaml"])
  func aMonthLogNamedOtherwiseIsAppendedTo(_ name: String) throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/purchases/2026/" + name,
      Data("- {date: 2026-11-02, item: oat-milk, price: 1.79}\n".utf8))
    let r = try vk(["bought", "oat-milk", "1.89"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    let listed = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("data/purchases/2026").path)
    #expect(listed == [name])
    #expect(CLIActionTests.text(folder, "data/purchases/2026/" + name).contains("1.89"))
    let check = try vk(["check"], folder)
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// A month log that is valid YAML but takes no line at its end (a list in brackets, a
  /// document closed with `...`) is refused with what to change, and left as it was.
  @Test(arguments: [
    ("- {date: 2026-11-02, item: oat-milk, price: 1.79}\n...\n", "closed with `...`"),
    ("[{date: 2026-11-02, item: oat-milk, price: 1.79}]\n", "a list written in brackets"),
    ("[]\n", "a list written in brackets"),
    ("- {date: 2026-11-02, item: oat-milk, price: 1.79}\r\n...\r\n", "closed with `...`"),
    ("# c\r\n[{date: 2026-11-02, item: oat-milk, price: 1.79}]\r\n", "a list written in brackets"),
    ("--- [{date: 2026-11-02, item: oat-milk, price: 1.79}]\n", "a list written in brackets"),
    (
      "- {date: 2026-11-02, item: oat-milk, price: 1.79}\n---\n- {date: 2026-11-03, item: oat-milk, price: 1.8}\n",
      "more than one YAML document"
    ),
  ])
  func aMonthLogThatTakesNoLineIsRefused(_ text: String, _ said: String) throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write("data/purchases/2026/11.yml", Data(text.utf8))
    let r = try vk(["bought", "oat-milk", "1.89"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains(said), "\(r.stderr)")
    #expect(r.stderr.contains("one `- {…}` entry per line"))
    #expect(CLIActionTests.text(folder, "data/purchases/2026/11.yml") == text)
  }

  /// An indented `...` or `---` is a value's text (a note holding a Markdown rule), not a
  /// document marker: the log takes its line.
  @Test func anIndentedMarkerIsNoDocumentEnd() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let text =
      "- date: 2026-11-02\n  item: oat-milk\n  price: 1.79\n  note: |\n    first\n    ...\n    ---\n"
    try folder.write("data/purchases/2026/11.yml", Data(text.utf8))
    let r = try vk(["bought", "oat-milk", "1.89"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(CLIActionTests.text(folder, "data/purchases/2026/11.yml").hasPrefix(text))
  }

  /// A month log that cannot be read gives no records, so a line appended to it would
  /// never count: the command refuses and names the error.
  @Test func aLogThatCannotBeReadIsNotAppendedTo() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let broken = "- date: 2026-11-02\n  item: oat-milk\n  price: [1.79\n"
    try folder.write("data/purchases/2026/11.yml", Data(broken.utf8))
    let r = try vk(["bought", "oat-milk", "1.89"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("cannot be read"), "\(r.stderr)")
    #expect(r.stderr.contains("purchases/2026/11.yml:"), "\(r.stderr)")
    #expect(CLIActionTests.text(folder, "data/purchases/2026/11.yml") == broken)
  }

  /// A log written one entry per line with one broken line is read line by line: a line
  /// appended to it counts, and the broken line stays said at its line.
  @Test func aLogWithOneBrokenLineStillTakesNewLines() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let broken = "- {date: 2026-11-02, item: oat-milk, price: 1.79\n"
    try folder.write("data/purchases/2026/11.yml", Data(broken.utf8))
    let r = try vk(["bought", "oat-milk", "1.89", "--now", "2026-11-24T10:00"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    let check = try vk(["check", "--now", "2026-11-24T10:00"], folder)
    #expect(check.status == 1)
    #expect(check.stderr.contains("purchases/2026/11.yml:1:"), "\(check.stderr)")
    let json = try vk(
      ["report", "prices", "--format", "json", "--now", "2026-11-24T10:00"], folder)
    #expect(json.stdout.contains("1.89"), "\(json.stdout)")
  }

  /// An apostrophe in a plain value (a store VibeKeeper wrote itself) is not a quote: the
  /// batch can be used up.
  @Test func anApostropheInAPlainValueIsText() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let bought = try vk(
      ["bought", "oat-milk", "1.89", "--store", "Sainsbury's", "--expires", "2026-11-30"], folder)
    #expect(bought.status == 0, "\(bought.stderr)")
    let used = try vk(["used", "oat-milk"], folder)
    #expect(used.status == 0, "\(used.stderr)")
    let log = CLIActionTests.text(folder, "data/purchases/2026/11.yml")
    #expect(log.contains("Sainsbury's"))
    #expect(log.contains("used: 2026-11-22"))
    #expect(try vk(["check"], folder).status == 0)
  }

  /// A list whose last line spans several lines gets the new line after all of it; a
  /// list written at its key's indentation gets a new field after the list.
  @Test func listsOverSeveralLinesAreEditedWhole() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/shopping/weekend.md",
      Data("---\ntitle: Weekend\nitems:\n  - item: oat-milk\n    quantity: 2\n---\n".utf8))
    try folder.write("data/items/bread.md", Data("---\nname: Bread\n---\n".utf8))
    let add = try vk(["list", "weekend", "add", "bread"], folder)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(
      CLIActionTests.text(folder, "data/shopping/weekend.md")
        == "---\ntitle: Weekend\nitems:\n  - item: oat-milk\n    quantity: 2\n  - {item: bread}\n---\n"
    )
    try folder.write(
      "data/gifts/scarf.md",
      Data("---\ntitle: Wool scarf\nprice: 59.90\ntags:\n- winter\n- wool\n---\nBody.\n".utf8))
    let bought = try vk(["gift", "scarf", "--bought"], folder)
    #expect(bought.status == 0, "\(bought.stderr)")
    let gift = CLIActionTests.text(folder, "data/gifts/scarf.md")
    #expect(gift.contains("tags:\n- winter\n- wool\n"), "\(gift)")
    #expect(try vk(["check"], folder).status == 0)
  }

  /// Output that cannot be written (a full disk) is an error and exit 1, not a crash.
  @Test func anOutputThatCannotBeWrittenIsAnError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }  // Linux
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = [
      "-c", "exec \"$0\" report budgets --data data --now 2026-11-22T10:00 > /dev/full",
      CLI.executable.path,
    ]
    p.currentDirectoryURL = repositoryRoot
    let err = Pipe()
    p.standardError = err
    try p.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationReason == .exit)
    #expect(p.terminationStatus == 1)
    #expect(message.contains("cannot write the output"), "\(message)")
  }

  /// `feeds` with settings it cannot read prints no addresses (they would be the open
  /// ones where the folder says secret) and exits 1.
  @Test func feedsWithBrokenSettingsPrintNoAddresses() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let settings = folder.url.appendingPathComponent("data/vibekeeper.yml")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try Data((text + "occasions:\n  horizon_days: [\n").utf8).write(to: settings)
    let r = try CLI.run(["feeds", "--data", "data"], cwd: folder.url)
    #expect(r.status == 1)
    #expect(!r.stdout.contains(".ics"), "\(r.stdout)")
    #expect(r.stderr.contains("the settings have an error"), "\(r.stderr)")
    let missing = try CLI.run(["feeds", "--data", "nowhere"], cwd: folder.url)
    #expect(missing.status == 1)
    #expect(!missing.stdout.contains(".ics"))
  }

  /// A record with an error is there: the action says so, not that there is no such record.
  @Test func aRecordWithAnErrorIsSaidToHaveIt() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/gifts/scarf.md", Data("---\ntitle: Wool scarf\nprice: 59,90\n---\nBody.\n".utf8))
    let r = try vk(["gift", "scarf", "--bought"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("gift 'scarf' has an error (data/gifts/scarf.md:3"), "\(r.stderr)")
    #expect(!r.stderr.contains("no gift"))
  }

  /// A reminder due once is marked however late, once.
  @Test func aOneTimeReminderIsMarkedLate() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/reminders/flu-shot.md",
      Data("---\ntitle: Flu shot\nat: 2026-11-18T09:00\ncreated: 2026-11-01\n---\n".utf8))
    let r = try vk(["done", "flu-shot"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      CLIActionTests.text(folder, "data/doses/2026/11.yml").contains(
        "due: 2026-11-18T09:00, at: 2026-11-22T10:00"))
    let again = try vk(["done", "flu-shot"], folder)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already marked"), "\(again.stderr)")
  }

  /// What is written happened: a later day (a mistyped year) is refused.
  @Test func aLaterDayIsRefused() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    let dose = try vk(["done", "vitamin-d", "--at", "2030-06-01T08:00"], folder)
    #expect(dose.status == 1)
    #expect(dose.stderr.contains("is after today (2026-11-22)"), "\(dose.stderr)")
    let used = try vk(["bought", "oat-milk", "1.89", "--at", "2027-11-22"], folder)
    #expect(used.status == 1)
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/doses/2030").path))
    // Later today has not happened either (a few minutes' grace for a fast clock).
    let later = try vk(["done", "vitamin-d", "--at", "11:00"], folder)
    #expect(later.status == 1)
    #expect(later.stderr.contains("is later than now (2026-11-22T10:00)"), "\(later.stderr)")
    #expect(try vk(["done", "vitamin-d", "--at", "08:00"], folder).status == 0)
  }

  /// A dose already written for a moment still ahead answers its occurrence: marking it
  /// again is refused, not written twice.
  @Test func aDoseMarkedAheadIsAlreadyMarked() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/doses/2026/11.yml",
      Data(
        "- {reminder: vitamin-d, due: 2026-11-22T08:00, at: 2026-11-22T10:05, status: done}\n".utf8)
    )
    let again = try vk(["done", "vitamin-d"], folder)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already marked"), "\(again.stderr)")
  }

  /// A month log with no entries yet is readable: a bad new line is the change's error.
  @Test func anEmptyLogGetsTheChangesOwnError() throws {
    let folder = try CLIActionTests.household()
    defer { folder.cleanup() }
    try folder.write("data/purchases/2026/11.yml", Data("# November\n".utf8))
    let r = try vk(["bought", "oat-milk", "1.89", "--qty", "0"], folder)
    #expect(r.status != 0)
    #expect(!r.stderr.contains("cannot be read"), "\(r.stderr)")
  }
}
