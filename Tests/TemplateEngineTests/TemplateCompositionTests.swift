import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct TemplateCompositionTests {
  @Test func includeSharesTheContext() throws {
    let library = try TT.library([
      "page.html": "<ul>{% for g in gifts %}{% include 'partials/row.html' %}{% endfor %}</ul>",
      "partials/row.html": "<li>{{ g }}</li>",
    ])
    let out = try library.render(
      "page.html", context: ["gifts": ["a", "<b>"]], environment: TT.environment())
    #expect(out.output == "<ul><li>a</li><li>&lt;b&gt;</li></ul>")
  }

  @Test func inheritanceThreeLevelsWithSuper() throws {
    let library = try TT.library([
      "base.html": "<title>{% block title %}Base{% endblock %}</title>"
        + "<main>{% block content %}base content{% endblock %}</main>"
        + "<footer>{% block footer %}foot{% endblock %}</footer>",
      "section.html": "{% extends 'base.html' %}ignored text"
        + "{% block title %}{{ super() }} / Section{% endblock %}"
        + "{% block content %}<section>{% block inner %}section inner{% endblock %}</section>{% endblock %}",
      "page.html": "{% extends \"section.html\" %}"
        + "{% block title %}{{ super() }} / {{ name }}{% endblock %}"
        + "{% block inner %}[{{ super() }}] page{% endblock %}",
    ])
    let out = try library.render(
      "page.html", context: ["name": "<Ana>"], environment: TT.environment())
    #expect(
      out.output == "<title>Base / Section / &lt;Ana&gt;</title>"
        + "<main><section>[section inner] page</section></main><footer>foot</footer>")
  }

  @Test func macrosWithDefaultsKeywordsAndImport() throws {
    let library = try TT.library([
      "macros.html":
        "{% macro tag(text, kind='info') %}<span class=\"{{ kind }}\">{{ text }}</span>{% endmacro %}",
      "page.html":
        "{% import 'macros.html' as m %}{{ m.tag('<x>') }}|{{ m.tag('y', kind='warn') }}",
      "local.html": "{% macro twice(x) %}{{ x }}{{ x }}{% endmacro %}{{ twice('ab') }}",
    ])
    let env = TT.environment()
    #expect(
      try library.render("page.html", context: [:], environment: env).output
        == "<span class=\"info\">&lt;x&gt;</span>|<span class=\"warn\">y</span>")
    #expect(try library.render("local.html", context: [:], environment: env).output == "abab")
  }

  @Test func recursiveMacroWithinDepthLimit() throws {
    let out = try TT.render(
      "{% macro down(n) %}{{ n }}{% if n > 0 %}{{ down(n - 1) }}{% endif %}{% endmacro %}{{ down(3) }}"
    )
    #expect(out == "3210")
    let runaway = TT.error("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", name: "t.txt")
    #expect(runaway.contains("error: macro calls nested more than 40 levels deep"))
  }

  @Test func includeRecursionIsReported() throws {
    let library = try TT.library([
      "a.html": "A{% include 'b.html' %}",
      "b.html": "B\n  {% include 'a.html' %}",
      "self.html": "{% extends 'self.html' %}",
    ])
    let env = TT.environment()
    #expect(throws: TemplateError.self) {
      try library.render("a.html", context: [:], environment: env)
    }
    do {
      _ = try library.render("a.html", context: [:], environment: env)
    } catch {
      #expect(
        error.description
          == "(built-in)/b.html:2:6: error: include recursion: a.html -> b.html -> a.html\n"
          + "  {% include 'a.html' %}\n     ^")
    }
    do {
      _ = try library.render("self.html", context: [:], environment: env)
    } catch {
      #expect(error.message == "extends recursion: self.html -> self.html")
    }
  }

  @Test func namesResolveOnlyInsideTheLibrary() throws {
    let library = try TT.library([
      "page.html": "{% include name %}", "partials/row.html": "row",
    ])
    let env = TT.environment()
    for bad in ["../secret.html", "/etc/passwd", "partials/../page.html", "./page.html", "a//b"] {
      do {
        _ = try library.render("page.html", context: ["name": .string(bad)], environment: env)
        Issue.record("\(bad) was accepted")
      } catch {
        #expect(error.message.contains("template name"), "\(bad): \(error.message)")
      }
    }
    do {
      _ = try library.render("page.html", context: ["name": "partials/rows.html"], environment: env)
    } catch {
      #expect(
        error.message
          == "template 'partials/rows.html' not found; did you mean 'partials/row.html'?")
    }
  }

  @Test func userFolderOverridesDefaultsAndAddsPages() throws {
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("vk-tpl-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("templates")
    try fm.createDirectory(
      at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: root) }
    try "USER {{ x }}".write(
      to: folder.appendingPathComponent("row.html"), atomically: true, encoding: .utf8)
    try "{% include 'row.html' %}!".write(
      to: folder.appendingPathComponent("pages/about.html"), atomically: true, encoding: .utf8)
    try "{% if %}".write(
      to: folder.appendingPathComponent("broken.txt"), atomically: true, encoding: .utf8)
    try "secret".write(
      to: root.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
    try fm.createSymbolicLink(
      at: folder.appendingPathComponent("leak.txt"),
      withDestinationURL: root.appendingPathComponent("outside.txt"))
    try fm.createSymbolicLink(
      at: folder.appendingPathComponent("alias.html"),
      withDestinationURL: folder.appendingPathComponent("row.html"))

    let library = try TemplateLibrary(
      defaults: ["row.html": "DEFAULT", "other.html": "O"], userFolder: folder,
      displayRoot: "templates")
    #expect(
      library.names == ["alias.html", "broken.txt", "other.html", "pages/about.html", "row.html"])
    #expect(library.pageNames == ["pages/about.html"])
    #expect(library.pageNames.compactMap(TemplateLibrary.outputPath(ofPage:)) == ["about.html"])
    #expect(TemplateLibrary.outputPath(ofPage: "row.html") == nil)
    #expect(library.isUserTemplate("row.html") && !library.isUserTemplate("other.html"))
    let out = try library.render(
      "pages/about.html", context: ["x": "<1>"], environment: TT.environment())
    #expect(out.output == "USER &lt;1&gt;!")
    #expect(
      library.diagnostics.map(\.description) == [
        "templates/leak.txt:1:1: warning: ignored: a link to a file outside the template folder",
        "templates/broken.txt:1:7: error: expected an expression, found the end of the tag",
      ])
  }

  /// Which templates a render may use from the user's folder, found without rendering:
  /// through `extends`, `include` and `import`, also inside blocks, loops and macros; a
  /// name given by an expression could be any template.
  @Test func reachingTheUsersTemplates() throws {
    let fm = FileManager.default
    let folder = fm.temporaryDirectory.appendingPathComponent("vk-reach-\(UUID().uuidString)")
    try fm.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: folder) }
    try "MINE".write(
      to: folder.appendingPathComponent("mine.html"), atomically: true, encoding: .utf8)
    let library = try TemplateLibrary(
      defaults: [
        "plain.html": "{% include 'other.html' %}",
        "other.html": "O",
        "child.html": "{% extends 'middle.html' %}",
        "middle.html":
          "{% block b %}{% for x in xs %}{% include 'mine.html' %}{% endfor %}{% endblock %}",
        "macro.html": "{% macro m() %}{% import 'mine.html' as t %}{% endmacro %}",
        "dynamic.html": "{% include name %}",
        "loop.html": "{% include 'loop2.html' %}",
        "loop2.html": "{% include 'loop.html' %}",
      ], userFolder: folder)
    #expect(library.hasUserTemplates)
    #expect(library.reachesUserTemplate("mine.html"))
    #expect(!library.reachesUserTemplate("plain.html"))
    #expect(library.reachesUserTemplate("child.html"))
    #expect(library.reachesUserTemplate("macro.html"))
    #expect(library.reachesUserTemplate("dynamic.html"))
    #expect(!library.reachesUserTemplate("loop.html"))
    #expect(!library.reachesUserTemplate("missing.html"))
    let builtIn = try TemplateLibrary(defaults: ["dynamic.html": "{% include name %}"])
    #expect(!builtIn.hasUserTemplates && !builtIn.reachesUserTemplate("dynamic.html"))
  }
}

/// A library made again (`watch`, `serve`) takes the templates whose name, path and text
/// are the same as parsed before, and parses the others; it renders as a new one would.
@Suite struct LibraryReuseTests {
  @Test func unchangedTemplatesAreTakenAsParsed() throws {
    let first = try TemplateLibrary(defaults: ["a.html": "A {{ x }}", "b.html": "B"])
    let second = try TemplateLibrary(
      defaults: ["a.html": "A {{ x }}", "b.html": "B changed", "c.html": "C"], reusing: first)
    #expect(try second.template(named: "a.html").sharesParse(with: first.template(named: "a.html")))
    #expect(
      try !second.template(named: "b.html").sharesParse(with: first.template(named: "b.html")))
    let out = try second.render("b.html", context: [:], environment: TT.environment())
    #expect(String(decoding: out.bytes, as: UTF8.self) == "B changed")
    #expect(second.names == ["a.html", "b.html", "c.html"])
  }
}
