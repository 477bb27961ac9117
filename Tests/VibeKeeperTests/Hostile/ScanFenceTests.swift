import Foundation
import Testing

@testable import VibeKeeper

/// Every path the scan skips gets one clear diagnostic, and a link never makes one kind's
/// files load as another's (issue 14, item 5).
@Suite struct ScanFenceTests {
  static func gifts() -> [String: String] {
    var files: [String: String] = ["contacts/ana.md": "---\nname: Ana\n---\n"]
    for i in 1...14 { files["gifts/g\(i).md"] = "---\ntitle: Gift \(i)\n---\n" }
    return files
  }

  @Test func aLinkIntoAnotherKindsFolderIsIgnoredAndNothingVanishes() throws {
    let folder = try TempFolder(Self.gifts())
    defer { folder.cleanup() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("contacts/g").path, withDestinationPath: "../gifts")
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(r.household.gifts.count == 14)
    #expect(r.household.contacts.map(\.id) == ["ana"])
    #expect(
      r.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/contacts/g:1:1: 'contacts/g' links into gifts/, another folder's records, so it is ignored"
      ])
  }

  @Test func aPipeIsReportedAndNeverRead() throws {
    let folder = try TempFolder(Self.gifts())
    defer { folder.cleanup() }
    let pipe = folder.url.appendingPathComponent("gifts/pipe.md").path
    #expect(mkfifo(pipe, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("gifts/link.md").path,
      withDestinationPath: "pipe.md")
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(r.household.gifts.count == 14)
    #expect(
      r.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/gifts/link.md:1:1: 'gifts/link.md' is not a regular file (a pipe, a socket or a device), so it is ignored",
        "data/gifts/pipe.md:1:1: 'gifts/pipe.md' is not a regular file (a pipe, a socket or a device), so it is ignored",
      ])
  }

  /// Permissions do not stop root, so this runs only as another user.
  @Test func anUnreadableFolderIsAnError() throws {
    guard getuid() != 0 else { return }
    let folder = try TempFolder(Self.gifts())
    defer {
      chmod(folder.url.appendingPathComponent("gifts").path, 0o755)
      folder.cleanup()
    }
    chmod(folder.url.appendingPathComponent("gifts").path, 0)
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(
      r.diagnostics.map(\.message) == [
        "the folder 'gifts' cannot be read, so the records in it are missing"
      ])
  }
}

/// The low items of issue 14 that are one line each.
@Suite struct SmallHostileTests {
  @Test func aKindNameThatIsAFileIsReportedWithoutSuggestingItself() throws {
    let folder = try TempFolder(["items": "not a folder\n", "gifts/a.md": "---\ntitle: A\n---\n"])
    defer { folder.cleanup() }
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(r.diagnostics.map(\.message) == ["'items' is a file, not a folder, so it is ignored"])
    #expect(Suggestion.closest(to: "items", in: ["items", "gifts"]) == nil)
    #expect(Suggestion.closest(to: "itmes", in: ["items", "gifts"]) == "items")
  }

  @Test func watchRefusesABusyLoopInterval() throws {
    let r = try CLI.run(["watch", "--interval", "1e-300"], seconds: 30, memoryMB: 4096)
    #expect(r.status == 2)
    #expect(!r.timedOut)
    #expect(r.stderr.contains("--interval must be from 0.05 to 3600 seconds"))
  }
}

/// More low items of issue 14: colliding permalinks in linear time, arguments that are not
/// UTF-8.
@Suite struct LowItemTests {
  @Test func manyCollidingIdsGetDistinctPathsInOrder() {
    var household = Household()
    // `note!`, `note!!`, ... all make the file name `note`.
    let ids = (1...5_000).map { "note" + String(repeating: "!", count: $0) }.sorted()
    household.gifts = ids.map { Gift(meta: TimeFixture.meta($0), title: $0, currency: "EUR") }
    let links = Permalinks(household)
    let paths = ids.compactMap { links.path(.gifts, $0) }
    #expect(Set(paths).count == 5_000)
    #expect(paths[0] == "gifts/note.html")
    #expect(paths[1] == "gifts/note-2.html")
    #expect(paths[4_999] == "gifts/note-5000.html")
  }

  @Test func anArgumentThatIsNotUTF8IsAUsageError() throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "exec \"$0\" check --data \"$(printf 'da\\377ta')\"", CLI.executable.path]
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 2)
    #expect(text.contains("argument 3 is not valid UTF-8"), "\(text)")
  }
}

/// Messages about broken YAML speak of the file, never of the parser's insides (issue 14,
/// low items: no libyaml function or type names).
@Suite struct YAMLMessageTests {
  static let broken = [
    "a: [1, 2\n", "a: {b: 1\n", "a: 'x\n", "a: \"x\n", "- a\nb: 1\n", "a:\n\t- b\n", "a: *nope\n",
    "? [a]\n: b\n", "a: 1\na: 2\n", "--- \n...\n--- \n", "a: b: c\n", "%YAML 9.9\n---\na: 1\n",
    "a: !!binary ~~~\n", "\u{FEFF}\u{FEFF}a: 1\n", "a: \u{1}\n",
    "[" + String(repeating: "[", count: 2_000),
  ]

  @Test func noMessageNamesTheParsersInsides() throws {
    for (i, text) in Self.broken.enumerated() {
      let r = try load(["games/g\(i).yml": text])
      for d in r.diagnostics {
        let all = d.message + " " + (d.hint ?? "")
        #expect(
          !all.contains("yaml_") && !all.contains("libyaml") && !all.contains("Yams"), "\(all)")
        #expect(!all.contains("\n"), "\(all)")
        #expect(d.location.line >= 1 && d.location.column >= 1)
      }
    }
  }
}
