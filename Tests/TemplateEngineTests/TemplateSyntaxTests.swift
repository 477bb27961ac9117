import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct TemplateSyntaxTests {
  @Test func literalsAndArithmetic() throws {
    #expect(
      try TT.render("{{ 1 + 2 * 3 }}|{{ (1 + 2) * 3 }}|{{ 7 // 2 }}|{{ -7 // 2 }}") == "7|9|3|-4")
    #expect(try TT.render("{{ 7 % 3 }}|{{ 6 / 3 }}|{{ 7 / 2 }}|{{ 1.5 + 1 }}") == "1|2|3.5|2.5")
    #expect(
      try TT.render("{{ 'a' ~ 1 ~ true }}|{{ \"x\" + \"y\" }}|{{ [1, 2] + [3] }}")
        == "a1true|xy|1, 2, 3")
    #expect(
      try TT.render("{{ none }}|{{ null }}|{{ false }}|{{ -3 }}|{{ 'it\\'s' }}")
        == "||false|-3|it's")
    #expect(try TT.render("{{ 9223372036854775807 + 1 }}") == "9223372036854775808")
    #expect(try TT.render("{{ {'b': 1, 'a': [1, 'x']} }}") == #"{"a":[1,"x"],"b":1}"#)
  }

  @Test func comparisonsLogicAndMembership() throws {
    let out = try TT.render(
      "{{ 1 < 2 }} {{ 2 <= 1 }} {{ 'a' == 'a' }} {{ 1 == 1.0 }} {{ 1 != 2 }} "
        + "{{ true and false }} {{ false or 'x' }} {{ not 0 }} {{ 2 in [1, 2] }} "
        + "{{ 'ell' in 'hello' }} {{ 'k' in {'k': 1} }} {{ 3 not in [1] }}")
    #expect(out == "true false true true true false x true true true true true")
    #expect(try TT.render("{{ 'yes' if 1 > 0 else 'no' }}{{ 'x' if false }}") == "yes")
  }

  @Test func variablesMembersAndIndexing() throws {
    let context: [String: TemplateValue] = ["gift": TT.gift, "map": ["key": "v"]]
    let out = try TT.render(
      "{{ gift.recipient.name }} {{ gift.tags[0] }} {{ gift.tags[-1] }} {{ map[\"key\"] }} "
        + "{{ gift['title'] }} {{ gift.tags.1 }}", context)
    #expect(out == "Ana kitchen gift v Tea set gift")
  }

  @Test func commentsWhitespaceControlAndRaw() throws {
    #expect(try TT.render("a {# hidden {{ x }} #} b") == "a  b")
    #expect(try TT.render("a  \n  {{- 'x' -}}  \n  b") == "axb")
    #expect(try TT.render("<\n{%- if true -%}\n  y\n{%- endif -%}\n>") == "<y>")
    #expect(try TT.render("a {#- c -#} b") == "ab")
    #expect(
      try TT.render("{% raw %}{{ not parsed }} {% if %}{% endraw %}!")
        == "{{ not parsed }} {% if %}!")
    #expect(try TT.render("x {%- raw -%} {{ y }} {%- endraw -%} z") == "x{{ y }}z")
  }

  @Test func conditionals() throws {
    let t = "{% if n > 2 %}big{% elif n == 2 %}two{% elif n %}small{% else %}zero{% endif %}"
    #expect(try TT.render(t, ["n": 3]) == "big")
    #expect(try TT.render(t, ["n": 2]) == "two")
    #expect(try TT.render(t, ["n": 1]) == "small")
    #expect(try TT.render(t, ["n": 0]) == "zero")
  }

  @Test func loopsWithLoopVariablesAndElse() throws {
    let t =
      "{% for x in xs %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.length }}:{{ x }}"
      + "{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %};{% else %}none{% endfor %}"
    #expect(try TT.render(t, ["xs": ["a", "b", "c"]]) == "1/0/3:aF;2/1/3:b;3/2/3:cL;")
    #expect(try TT.render(t, ["xs": []]) == "none")
    #expect(try TT.render(t, ["xs": .null]) == "none")
    let nested =
      "{% for a in [1, 2] %}{% for b in [3] %}{{ loop.index }}{{ a }}{{ b }} {% endfor %}{{ loop.index }}|{% endfor %}"
    #expect(try TT.render(nested) == "113 1|123 2|")
  }

  @Test func mapsIterateInKeyOrder() throws {
    let map: TemplateValue = ["zeta": 1, "alpha": 2, "mid": 3]
    #expect(
      try TT.render("{% for k, v in m %}{{ k }}={{ v }} {% endfor %}", ["m": map])
        == "alpha=2 mid=3 zeta=1 ")
    #expect(try TT.render("{% for k in m %}{{ k }} {% endfor %}", ["m": map]) == "alpha mid zeta ")
  }

  @Test func setAndScopes() throws {
    #expect(try TT.render("{% set x = 2 * 3 %}{{ x }}") == "6")
    #expect(
      try TT.render(
        "{% set total = 0 %}{% for i in [1, 2] %}{% set inner = i %}{% endfor %}{{ inner is defined }}"
      ) == "false")
  }

  @Test func tests() throws {
    let out = try TT.render(
      "{{ x is defined }} {{ y is defined }} {{ y is undefined }} {{ '' is empty }} "
        + "{{ [1] is not empty }} {{ none is none }} {{ 4 is even }} {{ 3 is odd }} "
        + "{{ 9 is divisibleby(3) }} {{ 'a' is string }} {{ x.z is defined }}",
      ["x": ["a": 1]])
    #expect(out == "true false true true true true true true true true false")
  }

  @Test func undefinedIsWarningUnlessStrict() throws {
    let result = try TT.result(
      "a{{ gfit }}b{{ gift.nmae }}", ["gift": ["name": "x"]], strict: false)
    #expect(result.output == "ab")
    #expect(
      result.warnings.map(\.description) == [
        "templates/t.txt:1:5: warning: undefined variable 'gfit'; did you mean 'gift'?",
        "templates/t.txt:1:21: warning: 'gift' has no member 'nmae'; did you mean 'name'?",
      ])
    #expect(
      TT.error("{{ gfit }}", ["gift": 1]).hasPrefix(
        "templates/t.html:1:4: error: undefined variable 'gfit'; did you mean 'gift'?"))
  }
}

@Suite struct TemplateValueConversionTests {
  struct Person: TemplateValueConvertible {
    var name: String
    var birthday: LocalDate?
    var templateValue: TemplateValue {
      ["name": name.templateValue, "birthday": birthday.templateValue]
    }
  }

  @Test func modelsConvertWithoutReflection() throws {
    let people = [
      Person(name: "Ana", birthday: LocalDate(year: 2024, month: 2, day: 29)),
      Person(name: "Ben", birthday: nil),
    ]
    let out = try TT.render(
      "{% for p in people %}{{ p.name }}:{{ p.birthday | date('d MMM') | default('?', true) }} {% endfor %}",
      ["people": people.templateValue, "n": 3.templateValue])
    #expect(out == "Ana:29 Feb Ben:? ")
  }
}
