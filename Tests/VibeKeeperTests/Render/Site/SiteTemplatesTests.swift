import Foundation
import Testing

@testable import VibeKeeper

/// What the site adds to the template engine: the markdown filter with the environment's
/// options, the default templates, and the embedded copy of `templates/`.
@Suite struct SiteTemplatesTests {
  /// Renders `text` as the site's template `p.html`.
  static func render(_ text: String, _ context: [String: TemplateValue] = [:]) throws -> String {
    let library = try SiteTemplates.library(defaults: ["p.html": text])
    return try library.render(
      "p.html", context: context, environment: TemplateFixture.environment()
    ).output
  }

  @Test func markdownIsSafe() throws {
    let md = try Self.render("{{ text | markdown }}", ["text": "*hi* <script>x</script>"])
    #expect(md == "<p><em>hi</em> <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
    let link = try Self.render("{{ '[a](javascript:alert(1))' | markdown }}")
    #expect(link == "<p><a href=\"\">a</a></p>\n")
  }

  @Test func markdownOptions() throws {
    #expect(
      Markdown.html("\"Hi\" -- <b>x</b>")
        == "<p>“Hi” – <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
    let raw = Markdown.html(
      "<b>x</b>", options: MarkdownOptions(allowRawHTML: true, smartPunctuation: false))
    #expect(raw == "<p><b>x</b></p>\n")
    // The filter takes its options from the render environment.
    let library = try SiteTemplates.library(defaults: ["p.html": "{{ '<b>x</b> -- y' | markdown }}"]
    )
    let options = MarkdownOptions(allowRawHTML: true, smartPunctuation: false)
    let environment = RenderEnvironment(clock: TemplateFixture.clock, markdown: options)
    #expect(environment.markdown == options)
    let out = try library.render("p.html", context: [:], environment: environment).output
    #expect(out == "<p><b>x</b> -- y</p>\n")
  }

  @Test func theEngineAloneHasNoMarkdownFilter() throws {
    #expect(throws: TemplateError.self) {
      try Template(name: "p.html", text: "{{ 'x' | markdown }}")
    }
    _ = try Template(name: "p.html", text: "{{ 'x' | markdown }}", filters: SiteTemplates.filters)
  }

  @Test func defaultTemplatesWork() throws {
    let library = try TemplateLibrary()
    #expect(library.names.contains("_layout.html"))
    let context: [String: TemplateValue] = [
      "site": [
        "title": "Home & Co", "now": .dateTime(Date(timeIntervalSince1970: 1_795_338_000)),
        "timezone": "Europe/Berlin",
      ],
      "page": ["title": "Dashboard", "path": "index.html", "area": "index"], "root": "",
      "nav": [["key": "index", "title": "Dashboard", "url": "index.html"]],
    ]
    let out = try library.render(
      "_layout.html", context: context, environment: TemplateFixture.environment())
    #expect(out.output.contains("<title>Home &amp; Co</title>"))
    #expect(out.output.contains(#"<a href="index.html" aria-current="page">Dashboard</a>"#))
    let page = try Template(
      name: "p.html",
      text:
        "{% import 'partials/money.html' as money %}{{ money.amount(a) }}|{{ money.amount(a, 'USD') }}|"
        + "{{ money.amount(none) }}")
    let amounts = try page.render(
      context: ["a": .decimal(Decimal(string: "1234.5") ?? 0)],
      environment: TemplateFixture.environment(),
      library: library)
    #expect(amounts.output == "€1,234.50|$1,234.50|–")
  }

  @Test func embeddedDefaultsMatchTheTemplatesFolder() throws {
    let repo = repositoryRoot
    let folder = repo.appendingPathComponent("templates")
    let loaded = try TemplateLibrary(defaults: [:], userFolder: folder)
    var expected: [String: String] = [:]
    for name in loaded.names { expected[name] = loaded.sourceText(named: name) }
    #expect(!expected.isEmpty)
    #expect(
      DefaultTemplates.all == expected,
      "DefaultTemplates.swift is out of date: run `swift .ci/embed-templates.swift`")
  }
}

/// A record's body sits under its page's `<h1>` and a section's `<h2>`: its headings start
/// at `<h3>` there (never a second `<h1>`), and stop at `<h6>`.
@Suite struct BodyHeadingTests {
  @Test func bodyHeadingsMoveDownTwoLevels() {
    let html = Markdown.html("# Notes\n\n##### Deep\n\n###### Deepest\n\ntext", headingLevels: 2)
    #expect(html.contains("<h3>Notes</h3>"))
    #expect(html.contains("<h6>Deep</h6>") && html.contains("<h6>Deepest</h6>"))
    #expect(!html.contains("<h1>"))
    #expect(Markdown.html("# Title").contains("<h1>Title</h1>"))
  }
}

/// An id that is a file name as it is keeps its address, whatever ids reduce to it.
@Suite struct PermalinkOwnerTests {
  @Test func theNaturalOwnerKeepsItsAddress() throws {
    let h = try load([
      "contacts/A B.md": "---\nname: Space\n---\n",
      "contacts/a&b.md": "---\nname: Amp\n---\n",
      "contacts/a-b.md": "---\nname: Dash\n---\n",
    ]).household
    let links = Permalinks(h)
    #expect(links.path(.contacts, "a-b") == "contacts/a-b.html")
    #expect(
      Set([links.path(.contacts, "a b"), links.path(.contacts, "a&b")])
        == ["contacts/a-b-2.html", "contacts/a-b-3.html"])
  }
}
