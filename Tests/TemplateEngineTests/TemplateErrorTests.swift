import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct TemplateErrorTests {
  @Test func unknownFilterWithSuggestionAndCaret() {
    let text = "<p>\n  <b>{{ gift.price | curency }}</b>"
    #expect(
      TT.error(text, name: "gift.html", ["gift": TT.gift])
        == "templates/gift.html:2:22: error: unknown filter 'curency'; did you mean 'currency'?\n"
        + "  <b>{{ gift.price | curency }}</b>\n" + "                     ^")
  }

  @Test(arguments: [
    ("{{ x", "1:1: error: unclosed '{{'; expected '}}'"),
    (
      "a {% if x %}b",
      "1:6: error: unclosed 'if'; expected '{% elif %}' or '{% else %}' or '{% endif %}'"
    ),
    ("{% for x in xs %}", "1:4: error: unclosed 'for'; expected '{% else %}' or '{% endfor %}'"),
    ("{# open", "1:1: error: unclosed comment; expected '#}'"),
    ("{% raw %}x", "1:1: error: unclosed 'raw'; expected '{% endraw %}'"),
    ("{{ 'abc }}", "1:4: error: unclosed string; expected '"),
    ("{{ 1 + }}", "1:8: error: expected an expression, found the end of the tag"),
    ("{{ a b }}", "1:6: error: expected '}}', found 'b'"),
    ("{{ f(1, }}", "1:9: error: expected an expression, found the end of the tag"),
    ("{{ [1, 2 }}", "1:10: error: expected ',' or ']', found the end of the tag"),
    ("{{ a @ b }}", "1:6: error: unexpected character '@' in expression"),
    ("{% fro x in y %}", "1:4: error: unknown tag 'fro'; did you mean 'for'?"),
    ("{% endif %}", "1:4: error: unexpected 'endif' without a matching opening tag"),
    (
      "{% for g in gs %}{% if g %}x{% endfor %}",
      "1:32: error: unexpected '{% endfor %}': the 'if' before it is still open; close it with '{% elif %}' or '{% else %}' or '{% endif %}' first"
    ),
    ("{% for x of y %}", "1:10: error: expected 'in', found 'of'"),
    ("{% set = 1 %}", "1:8: error: expected a variable name after 'set', found '='"),
    ("{{ x is emtpy }}", "1:9: error: unknown test 'emtpy'; did you mean 'empty'?"),
    ("{% block a %}{% endblock b %}", "1:26: error: 'endblock b' closes block 'a'"),
    (
      "{% block a %}{% endblock %}{% block a %}{% endblock %}",
      "1:31: error: block 'a' is defined twice"
    ),
    (
      "{% if true %}{% extends 'x' %}{% endif %}",
      "1:17: error: 'extends' must be a top-level tag and appear only once"
    ),
  ])
  func syntaxErrors(text: String, expected: String) {
    let message = TT.error(text, name: "e.html")
    #expect(message.hasPrefix("templates/e.html:" + expected), "\(message)")
  }

  @Test(arguments: [
    ("{{ 1 / 0 }}", "1:6: error: division by zero"),
    ("{{ 'a' < 1 }}", "1:8: error: cannot compare string with int"),
    ("{{ x.y.z }}", "1:8: error: 'x.y' has no member 'z'"),
    ("{{ n.name }}", "1:6: error: 'n' is int, it has no member 'name'"),
    ("{{ 'x' | currency }}", "1:10: error: 'currency' needs a number, not string"),
    ("{{ n | round(99) }}", "1:8: error: argument 'places' must be a whole number from 0 to 20"),
    ("{% for a in n %}{% endfor %}", "1:4: error: cannot loop over int"),
    ("{{ n() }}", "1:5: error: 'n' is int, not a macro that can be called"),
    (
      "{{ super() }}",
      "1:9: error: super() is only allowed in a block that overrides a parent's block"
    ),
    ("{% include 'x.html' %}", "1:4: error: cannot include 'x.html': no template library"),
    ("{{ xs[5] }}", "1:6: error: index 5 is out of range for a list of 2 items"),
  ])
  func runtimeErrors(text: String, expected: String) {
    let message = TT.error(text, name: "e.html", ["x": ["y": ["a": 1]], "n": 3, "xs": [1, 2]])
    #expect(message.hasPrefix("templates/e.html:" + expected), "\(message)")
  }

  @Test func deepNestingIsRejectedNotCrashing() {
    let deepParens =
      "{{ " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
      + " }}"
    #expect(TT.error(deepParens).contains("error: expression nested too deeply"))
    let longChain = "{{ 1" + String(repeating: " + 1", count: 10_000) + " }}"
    #expect(TT.error(longChain).contains("error: expression nested too deeply"))
    let filters = "{{ 'a'" + String(repeating: " | upper", count: 10_000) + " }}"
    #expect(TT.error(filters).contains("error: expression nested too deeply"))
    let tags = String(repeating: "{% if true %}", count: 10_000)
    #expect(TT.error(tags).contains("error: tags nested too deeply"))
    let nots = "{{ " + String(repeating: "not ", count: 10_000) + "x }}"
    #expect(TT.error(nots).contains("error: expression nested too deeply"))
  }

  @Test func deepNestingThroughIncludesIsRejectedNotCrashing() throws {
    var templates: [String: String] = [:]
    let ifs =
      String(repeating: "{% if true %}", count: 99) + "x"
      + String(repeating: "{% endif %}", count: 99)
    for i in 0..<45 {
      templates["t\(i).txt"] = ifs.replacingOccurrences(
        of: "x", with: "{% include 't\(i + 1).txt' %}")
    }
    templates["t45.txt"] = "end"
    let library = try TT.library(templates)
    do {
      _ = try library.render("t0.txt", context: [:], environment: TT.environment())
      Issue.record("no error")
    } catch {
      #expect(error.message.hasPrefix("templates nested too deeply"))
    }
  }

  @Test func runawayLoopsHitTheStepLimit() throws {
    let loops =
      String(repeating: "{% for a in [1,2,3,4,5,6,7,8,9,10] %}", count: 12) + "x"
      + String(repeating: "{% endfor %}", count: 12)
    let template = try Template(name: "t.txt", text: loops)
    var env = TT.environment()
    env.maxSteps = 100_000
    #expect(throws: TemplateError.self) { try template.render(context: [:], environment: env) }
  }

  @Test func diagnosticForm() throws {
    do {
      _ = try Template(
        name: "gift.html", text: "{{ a | curency }}", displayPath: "templates/gift.html")
    } catch {
      #expect(
        error.diagnostic.description
          == "templates/gift.html:1:8: error: unknown filter 'curency'; did you mean 'currency'?")
    }
  }
}
