import Foundation
import Testing

@testable import VibeKeeper

/// What the site adds to the template engine: the markdown filter with the environment's
/// options, the default templates, and the embedded copy of `templates/`.
@Suite struct SiteTemplatesTests {
  /// Renders `text` as the site's template `p.html`.
  static func render(_ text: String, _ context: [String: TemplateValue] = [:]) throws -> String {
    let library = try SiteTemplates.library(defaults: ["p.html": text])
    return try library.render("p.html", context: context, environment: TT.environment()).output
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
    let library = try SiteTemplates.library(defaults: ["p.html": "{{ '<b>x</b> -- y' | markdown }}"])
    let options = MarkdownOptions(allowRawHTML: true, smartPunctuation: false)
    let environment = RenderEnvironment(clock: TT.clock, markdown: options)
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
}
