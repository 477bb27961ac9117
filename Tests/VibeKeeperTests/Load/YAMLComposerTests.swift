import Foundation
import Testing

@testable import VibeKeeper

/// `YAMLComposer` (libyaml events straight into `YAMLNode`) against the reader it replaced
/// (Yams' composer, then a conversion): the same tree with the same positions, or the same
/// diagnostics, for valid documents and every kind of error.
@Suite struct YAMLComposerTests {
  static let documents: [String] = [
    "",
    "# only a comment\n",
    "---\n",
    "title: Lamp\nprice: 20.50\n",
    "title: 'quoted: yes'\nnote: \"a\\tb\\u00e9\"\nempty:\nnull: ~\n",
    "tags: [a, b, 'c d']\nnested:\n  x: 1\n  y: [1, {z: 2}]\n",
    "- {date: 2026-11-01, price: 1.10, name: Milk}\n- {date: 2026-11-02, price: 2, name: Bread}\n",
    "- name: A\n  tags:\n    - x\n    - y\n- name: B\n",
    "body: |\n  line one\n  line two\nfolded: >\n  a\n  b\n",
    "base: &b {x: 1, y: 2}\ncopy: *b\nlist: [*b, *b]\n",
    "s: &s text\nkey: *s\n*s : as key\n",
    "title: Lamp\ntitle: Again\n",
    "b: 1\na: 2\nb: 3\na: 4\n",
    "outer:\n  k: 1\n  k: 2\n",
    "'x': 1\nx: 2\n",
    "!!str 1: a\n1: b\n",
    "!foo x: 1\nx: 2\n",
    "? [a, b]\n: value\n",
    "? {a: 1}\n: value\nname: X\n",
    "name: X\n? [a]\n: 1\n? [a]\n: 2\n",
    "a: *missing\n",
    "a: &x [*x]\n",
    "a: 1\n---\nb: 2\n",
    "a: 1\n--- [\n",
    "price: [1, 2\n",
    "title: Note: buy milk\n",
    "a: b: c\n",
    "a:\n  - 1\n - 2\n",
    "key: @value\n",
    "key: \"unclosed\n",
    "key: 'unclosed\n",
    "{a: 1\n",
    "- a\nb: 1\n",
    "a: 1\n  b: 2\n",
    "bad: \"\\q\"\n",
    "ctl: \u{7}\n",
    "bom: \"\\uFEFFx\"\n",
    "%YAML 1.1\n---\na: 1\n",
    "%FOO bar\n---\na: 1\n",
    "!!map {a: 1}\n",
    "x: !!seq [1]\n",
    "? a\n",
    "a: 1\n...\n",
    "[1, 2, 3]\n",
    "just text\n",
    "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c]\n",
  ]

  @Test(arguments: [0, 1, 5])
  func sameTreesAndDiagnosticsAsYams(lineOffset: Int) {
    for (i, yaml) in Self.documents.enumerated() {
      for budget in [200_000, 40, 3] {
        var old = YamsReference(file: "f.yml", lineOffset: lineOffset)
        // The reader allows one node per two bytes of a larger document.
        old.nodeBudget = max(budget, yaml.utf8.count / 2)
        var new = YAMLReader(file: "f.yml", lineOffset: lineOffset)
        new.nodeBudget = budget
        let (a, da) = old.read(Substring(yaml))
        let (b, db) = new.read(Substring(yaml))
        #expect(da == db, "document \(i), budget \(budget)")
        #expect(
          a.map(Self.describe) == b.map(Self.describe), "document \(i), budget \(budget)")
      }
    }
  }

  @Test func duplicateKeysAreNamedSortedAtTheFirst() {
    let (node, d) = YAMLReader(file: "f.yml", lineOffset: 1).read("b: 1\na: 2\nb: 3\na: 4\n")
    #expect(node == nil)
    #expect(d.map(\.message) == ["a field is given twice: a, b"])
    #expect(d.first?.location == VibeKeeper.SourceLocation(file: "f.yml", line: 3, column: 1))
  }

  @Test func aliasesExpandToTheAnchoredNode() throws {
    let (node, d) = YAMLReader(file: "f.yml", lineOffset: 0).read("a: &x [1, 2]\nb: *x\n")
    #expect(d.isEmpty)
    let root = try #require(node)
    #expect(Self.describe(root) == "{a@1:1=[1:4 1@1:8,2@1:11],b@2:1=[1:4 1@1:8,2@1:11]}@1:1")
  }

  /// Every text, kind and position in a tree.
  static func describe(_ node: YAMLNode) -> String {
    switch node {
    case .scalar(let s):
      "\(s.isPlain ? "" : "'")\(s.text)@\(s.line):\(s.column)"
    case .sequence(let items, let line, let column):
      "[\(line):\(column) " + items.map(describe).joined(separator: ",") + "]"
    case .mapping(let m):
      "{"
        + m.entries.map {
          "\($0.key.text)@\($0.key.line):\($0.key.column)=\(describe($0.value))"
        }.joined(separator: ",") + "}@\(m.line):\(m.column)"
    }
  }
}
