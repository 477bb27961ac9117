import Foundation
import Testing

@testable import VibeKeeper

/// Surgical edits: only the lines that change, everything else byte for byte.
@Suite struct RecordEditTests {
  func edit(
    _ kind: RecordKind, _ path: String, _ text: String, id: String,
    _ fields: [(key: String, value: String)]
  ) throws -> String {
    let file = RecordFile(kind: kind, path: path, displayPath: "data/" + path)
    return try RecordEdit(file: file).setting(fields, onRecord: id, in: text)
  }

  @Test func frontMatterFieldReplacedAndAdded() throws {
    let text = """
      ---
      title: Scarf   # the blue one
      for: mum
      status: idea
      tags: [winter]
      ---
      Body *kept*, with a line: status: idea

      """
    let out = try edit(
      .gifts, "gifts/scarf.md", text, id: "scarf",
      [("status", "purchased"), ("purchased", "2026-11-24")])
    #expect(
      out == """
        ---
        title: Scarf   # the blue one
        for: mum
        status: purchased
        tags: [winter]
        purchased: 2026-11-24
        ---
        Body *kept*, with a line: status: idea

        """)
  }

  @Test func aCommentAfterTheValueIsKept() throws {
    let text = "---\ntitle: Scarf\nstatus: idea  # not yet\n---\n"
    let out = try edit(.gifts, "gifts/scarf.md", text, id: "scarf", [("status", "given")])
    #expect(out == "---\ntitle: Scarf\nstatus: given  # not yet\n---\n")
  }

  @Test func crlfStaysCRLF() throws {
    let text = "---\r\ntitle: Scarf\r\n---\r\n"
    let out = try edit(.gifts, "gifts/scarf.md", text, id: "scarf", [("status", "given")])
    #expect(out == "---\r\ntitle: Scarf\r\nstatus: given\r\n---\r\n")
  }

  @Test func blockListEntry() throws {
    let text = """
      # ideas
      - id: lamp
        title: Lamp
        price: 20

      - id: book
        title: Book
      """
    let out = try edit(.gifts, "gifts/ideas.yml", text, id: "lamp", [("status", "purchased")])
    #expect(
      out == """
        # ideas
        - id: lamp
          title: Lamp
          price: 20
          status: purchased

        - id: book
          title: Book
        """)
  }

  @Test func flowEntryOnOneLine() throws {
    let text = """
      - {date: 2026-11-01, item: milk, price: 1.29, expires: 2026-11-10}
      - {date: 2026-11-02, name: "Bread, rye", price: 2}

      """
    let used = try edit(
      .purchases, "purchases/2026/11.yml", text, id: "2026/11#1", [("used", "2026-11-05")])
    #expect(
      used == """
        - {date: 2026-11-01, item: milk, price: 1.29, expires: 2026-11-10, used: 2026-11-05}
        - {date: 2026-11-02, name: "Bread, rye", price: 2}

        """)
    let price = try edit(
      .purchases, "purchases/2026/11.yml", text, id: "2026/11#2", [("price", "2.50")])
    #expect(price.contains("- {date: 2026-11-02, name: \"Bread, rye\", price: 2.50}\n"))
  }

  @Test func refusals() throws {
    #expect(throws: RecordEdit.Problem.self) {
      try edit(.gifts, "gifts/ideas.yml", "- id: a\n  title: A\n", id: "zzz", [("x", "1")])
    }
    let multi = "---\ntitle: A\nnotes: first\n  second\n---\n"
    #expect(throws: RecordEdit.Problem.self) {
      try edit(.gifts, "gifts/a.md", multi, id: "a", [("notes", "x")])
    }
  }
}

@Suite struct ConflictMarkerTests {
  @Test func markersAreFound() {
    #expect(ConflictMarkers.firstLine(in: "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> x\n") == 2)
    // One marker alone is text: `=======` under a Markdown heading, a marker quoted in a
    // code block, markers out of order.
    #expect(ConflictMarkers.firstLine(in: "title: a\n=======\n") == nil)
    #expect(ConflictMarkers.firstLine(in: "Notes\n=======\n\nx\n") == nil)
    #expect(ConflictMarkers.firstLine(in: "```\n<<<<<<< HEAD\n```\n") == nil)
    #expect(ConflictMarkers.firstLine(in: ">>>>>>> x\n=======\n<<<<<<< y\n") == nil)
    // diff3 style, with the base between `|||||||` and `=======`.
    #expect(
      ConflictMarkers.firstLine(in: "<<<<<<< a\nb\n||||||| base\nc\n=======\nd\n>>>>>>> e\n") == 1)
    #expect(ConflictMarkers.firstLine(in: "a\n<<<<<<<< eight\n======= x\n") == nil)
    #expect(ConflictMarkers.firstLine(in: "") == nil)
  }

  @Test func checkReportsAConflictedFile() throws {
    let r = try load([
      "purchases/2026/11.yml": """
      - {date: 2026-11-01, name: Milk, price: 1}
      <<<<<<< HEAD
      - {date: 2026-11-02, name: Bread, price: 2}
      =======
      - {date: 2026-11-02, name: Eggs, price: 3}
      >>>>>>> theirs

      """
    ])
    #expect(
      r.diagnostics.map { "\($0.location): \($0.message)" } == [
        "data/purchases/2026/11.yml:2:1: the file has an unresolved merge conflict, so none of its records are read"
      ])
    #expect(r.household.purchases.isEmpty)
  }
}

/// What a change shows: one line of context either side, and the lines both versions keep
/// between changed ones as context, not as removed and added again.
@Suite struct FileChangeDiffTests {
  @Test func keptLinesBetweenChangesAreContext() {
    let change = FileChange(
      path: "gifts/a.md",
      before: "---\ntitle: A\nprice: 120.00\nurl: u\ntags: [x]\n---\nBody.\n",
      after: "---\ntitle: A\nprice: 80\nurl: u\ntags: [x]\nstatus: purchased\n---\nBody.\n")
    #expect(
      change.diff == """
          title: A
        - price: 120.00
        + price: 80
          url: u
          tags: [x]
        + status: purchased
          ---
        """)
  }

  @Test func newFilesAndAppends() {
    #expect(FileChange(path: "x.yml", before: nil, after: "a\nb\n").diff == "+ a\n+ b")
    #expect(
      FileChange(path: "x.yml", before: "a\nb\n", after: "a\nb\nc\n").diff == "  b\n+ c")
  }
}
