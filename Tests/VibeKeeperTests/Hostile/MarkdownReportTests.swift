import Foundation
import Testing

@testable import VibeKeeper

/// `report --format md` escapes data for Markdown (issue 14, item 8).
@Suite struct MarkdownReportTests {
  @Test func dataCannotMakeHTMLOrBreakOutOfAHeading() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "title: \"Home\\n# Injected heading\\n<script>alert(1)</script>\"\n",
      "data/items/x.md":
        "---\nname: \"<img src=x onerror=alert(1)> *bold* [a](javascript:b) | cell\"\n---\n",
      "data/purchases/p.yml": "- {date: 2026-11-20, item: x, price: 1}\n",
    ])
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["report", "all", "--format", "md", "--now", "2026-11-22"], cwd: folder.url, seconds: 120,
      memoryMB: 4096)
    #expect(r.status == 0, "\(r.stderr)")
    let md = r.stdout
    #expect(!md.contains("<script>"))
    #expect(!md.contains("<img"))
    #expect(
      md.contains("&lt;img src=x onerror=alert(1)&gt; \\*bold\\* \\[a\\](javascript:b) \\| cell"),
      "\(md)")
    // The title stays one heading line.
    #expect(
      md.hasPrefix(
        "# Home # Injected heading &lt;script&gt;alert(1)&lt;/script&gt;: household report"))
    #expect(!md.contains("\n# Injected"))
  }

  @Test func markdownTextIsInline() {
    #expect(TableFormatter.markdownText("a\nb\r\nc|d") == "a b c\\|d")
    #expect(TableFormatter.markdownText("2026-11-22 12.50") == "2026-11-22 12.50")
  }
}
