import Foundation
import Testing

@testable import VibeKeeper

/// The diagnostic printer (issue 14, items 2 and 7): it quotes each file once, with a
/// cap, never from a path outside the data and template folders, and never lets a control
/// character from data reach the terminal.
@Suite struct DiagnosticQuoteTests {
  @Test func aLinkOutsideTheDataFolderIsNeverQuoted() throws {
    let folder = try TempFolder([
      "secret.txt": "TOP SECRET first line\n",
      "data/gifts/ok.md": "---\ntitle: Fine\n---\n",
    ])
    defer { folder.cleanup() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("data/gifts/leak.md").path,
      withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
    let r = try CLI.run(
      ["check", "--now", "2026-11-22"], cwd: folder.url, env: ["NO_COLOR": "1"], seconds: 120,
      memoryMB: 4096)
    #expect(r.stderr.contains("links outside the data folder"), "\(r.stderr)")
    #expect(!r.stderr.contains("TOP SECRET"))
    // The quoter itself refuses the path, whoever asks.
    let quotes = SourceQuotes(fences: [folder.url.appendingPathComponent("data")])
    #expect(quotes.lines(folder.url.appendingPathComponent("data/gifts/leak.md").path) == nil)
    #expect(quotes.lines(folder.url.appendingPathComponent("data/gifts/ok.md").path)?.count == 4)
  }

  /// A Windows file (CRLF) is quoted line by line, as an LF one is.
  @Test func windowsLineEndsAreQuotedByLine() throws {
    let folder = try TempFolder([
      "data/purchases/p.yml":
        "- {date: 2026-11-01, name: A, price: x}\r\n- {date: 2026-11-02, name: B, price: y}\r\n"
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["check", "--now", "2026-11-22"], cwd: folder.url, env: ["NO_COLOR": "1"], seconds: 120,
      memoryMB: 4096)
    #expect(r.stderr.contains(" 1 | - {date: 2026-11-01, name: A, price: x}\n"), "\(r.stderr)")
    #expect(r.stderr.contains(" 2 | - {date: 2026-11-02, name: B, price: y}\n"), "\(r.stderr)")
    #expect("a\r\nb\n\nc".linesAtLF == ["a", "b", "", "c"])
  }

  @Test func eachFileIsReadOnceAndOnlyUpToTheCap() throws {
    let folder = try TempFolder(["data/a.yml": "one\ntwo\nthree\n"])
    defer { folder.cleanup() }
    let path = folder.url.appendingPathComponent("data/a.yml").path
    let quotes = SourceQuotes(fences: [folder.url.appendingPathComponent("data")], limit: 9)
    // "one\ntwo\nt" is cut after the last whole line.
    #expect(quotes.lines(path) == ["one", "two"])
    try Data("changed\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(quotes.lines(path) == ["one", "two"])  // read once, then kept
  }

  @Test func controlCharactersFromDataNeverReachTheTerminal() throws {
    let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
    let folder = try TempFolder([
      "data/gifts/a.md": "---\ntitle: Lamp\nprice: \(escape)\n---\n",
      // YAML's own escapes put the control characters into the value, and so into the
      // message that names it.
      "data/gifts/b.md": "---\ntitle: Lamp\nstatus: \"\\e]0;pwned\\a\\e[2J\"\n---\n",
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["check", "--now", "2026-11-22"], cwd: folder.url, env: ["NO_COLOR": "1"], seconds: 120,
      memoryMB: 4096)
    #expect(r.status == 1)
    #expect(!r.stderr.isEmpty)
    #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(r.stderr.contains("\\u{1B}"), "\(r.stderr)")
    // The reader's error is where the character is, not at the document's start.
    #expect(
      r.stderr.contains(
        "data/gifts/a.md:3:8: error: invalid YAML: control characters are not allowed"),
      "\(r.stderr)")
    let formatter = DiagnosticFormatter(color: false)
    let text = formatter.format(
      Diagnostic(.error, SourceLocation(file: "x\u{1B}", line: 1, column: 1), "a\nb\u{9B}c"))
    #expect(text == "x\\u{1B}:1:1: error: a\\u{A}b\\u{9B}c\n")
  }
}

/// Report and search tables escape data for the terminal too.
@Suite struct TerminalTableTests {
  @Test func tableCellsAreEscaped() {
    let table = ReportTable(
      title: "T\u{1B}[2J", headers: ["Name"], rows: [["Lamp\u{1B}]0;x\u{07}"]], footer: ["\u{9B}"])
    let text = TableFormatter.text(table)
    #expect(
      !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    #expect(text.contains("Lamp\\u{1B}]0;x\\u{7}"))
  }
}
