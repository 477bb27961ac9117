import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct TemplateEscapingTests {
  let hostile: [String: TemplateValue] = [
    "script": "<script>alert(1)</script>",
    "attr": "\" onmouseover=\"alert(1)",
    "js": "javascript:alert(1)",
    "tabbed": " java\tscript:alert(1)",
    "data": "data:text/html,<b>",
    "ok": "https://example.com/?a=1&b=2",
    "mail": "mailto:ana@example.com",
    "relative": "gifts/tea-set.html",
    "ics": "Line one\r\nATTENDEE:mailto:evil@example.com",
  ]

  @Test func htmlTextIsEscaped() throws {
    let out = try TT.render("<p>{{ script }}</p>", name: "p.html", hostile)
    #expect(out == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
  }

  @Test func attributeValuesCannotBreakOut() throws {
    let out = try TT.render(
      #"<div title="{{ attr }}" data-x='{{ attr }}'>"#, name: "p.html", hostile)
    #expect(
      out
        == #"<div title="&quot; onmouseover=&quot;alert(1)" data-x='&quot; onmouseover=&quot;alert(1)'>"#
    )
    let unquoted = try TT.render("<div title={{ attr }}>", name: "p.html", hostile)
    #expect(unquoted == "<div title=&#x22;&#x20;onmouseover&#x3D;&#x22;alert&#x28;1&#x29;>")
    let inTag = try TT.render("<div {{ attr }}>", name: "p.html", hostile)
    #expect(!inTag.contains(" onmouseover="))
  }

  @Test func urlAttributesBlockUnsafeSchemes() throws {
    let t =
      ##"<a href="{{ js }}">a</a><a href="{{ tabbed }}">b</a><img src="{{ data }}">"##
      + ##"<a href="{{ ok }}">c</a><a href="{{ mail }}">d</a><a href="{{ relative }}">e</a>"##
      + ##"<form action='{{ js }}'></form><a href={{ js }}>f</a><a href="/x/{{ js }}">g</a>"##
    let out = try TT.render(t, name: "p.html", hostile)
    #expect(
      out == ##"<a href="#blocked">a</a><a href="#blocked">b</a><img src="#blocked">"##
        + ##"<a href="https://example.com/?a=1&amp;b=2">c</a><a href="mailto:ana@example.com">d</a>"##
        + ##"<a href="gifts/tea-set.html">e</a><form action='#blocked'></form>"##
        + ##"<a href=&#x23;blocked>f</a><a href="/x/javascript:alert(1)">g</a>"##)
    // A scheme split over two values is still caught.
    let split = try TT.render(
      ##"<a href="{{ a }}{{ b }}">"##, name: "p.html", ["a": "java", "b": "script:x"])
    #expect(split == ##"<a href="java#blocked">"##)
  }

  /// A scheme that only the whole value makes (values and the literal text after them, a
  /// character reference, a branch, an include, a macro) is read once the value is written:
  /// a URL with a scheme other than the allowed ones becomes `#blocked`.
  @Test func schemesMadeOfValuesAndTextAreBlocked() throws {
    let c: TemplateValue = ["relationship": "javascript", "name": "alert(document.cookie)"]
    let page = try TT.render(
      ##"<a href="{{ c.relationship }}:{{ c.name }}">x</a>"##, name: "p.html", ["c": c])
    #expect(page == ##"<a href="#blocked">x</a>"##)
    let values: [String: TemplateValue] = [
      "js": "javascript", "upper": "JavaScript", "a": "javas", "j": "java", "s": "script",
      "d": "data", "b": "alert(1)", "parts": ["java", "script"], "on": true, "off": false,
      "ref": .safe("javascript&#58;alert(1)"),
    ]
    let cases: [(template: String, expected: String)] = [
      // A value, then a literal colon (quoted, single-quoted and unquoted values).
      (##"<a href="{{ js }}:{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href='{{ upper }}:{{ b }}'>"##, ##"<a href='#blocked'>"##),
      (##"<a href={{ js }}:{{ b }}>"##, ##"<a href=#blocked>"##),
      (##"<a href={{ js }}:{{ b }} title=x>"##, ##"<a href=#blocked title=x>"##),
      (##"<img src="{{ d }}:text/html,x">"##, ##"<img src="#blocked">"##),
      // The scheme split between a value and the literal text after it.
      (##"<a href="{{ a }}cript:{{ b }}">"##, ##"<a href="#blocked">"##),
      ("<a href=\"{{ j }}\tscript:x\">", ##"<a href="#blocked">"##),
      // Character references for the colon (or a tab), in the text or in a safe value.
      (##"<a href="{{ js }}&#58;{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ js }}&#x3A;{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ js }}&colon;{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ js }}&#58{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ j }}&Tab;script:x">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ ref }}">"##, ##"<a href="#blocked">"##),
      // Values only, or values between literal text.
      (##"<a href="{{ j }}{{ s }}:{{ b }}">"##, ##"<a href="#blocked">"##),
      (##"<a href="ja{{ 'va' }}{{ s }}:x">"##, ##"<a href="#blocked">"##),
      (##"<a href="{{ j }}sc{{ 'ript' }}:x">"##, ##"<a href="#blocked">"##),
      // Values printed by a loop, in a branch (whichever branch runs), or by a macro.
      (##"<a href="{% for p in parts %}{{ p }}{% endfor %}:x">"##, ##"<a href="#blocked">"##),
      (##"<a href="{% if on %}{{ js }}{% endif %}:x">"##, ##"<a href="#blocked">"##),
      (
        ##"<a href="{{ js }}{% if off %}/{% else %}:{% endif %}{{ b }}">"##,
        ##"<a href="#blocked">"##
      ),
      (
        ##"{% macro m() %}javascript{% endmacro %}<a href="{{ m() }}:x">"##,
        ##"<a href="#blocked">"##
      ),
      // A second URL attribute of the same tag.
      (##"<a href="{{ j }}" ping="{{ js }}:x">"##, ##"<a href="java" ping="#blocked">"##),
    ]
    for (template, expected) in cases {
      #expect(try TT.render(template, name: "p.html", values) == expected, "\(template)")
    }
  }

  /// What an include writes into a URL attribute is read with the rest of the value.
  @Test func includesInAURLAreReadWithTheValue() throws {
    let library = try TT.library([
      "partials/u.html": "{{ u }}", "partials/colon.html": ":", "partials/v.html": "{{ a }}",
    ])
    let values: [String: TemplateValue] = [
      "u": "javascript:alert(1)", "a": "javascript", "b": "alert(1)", "ok": "gifts/x.html",
    ]
    let cases: [(template: String, expected: String)] = [
      (##"<a href="{% include 'partials/u.html' %}">"##, ##"<a href="#blocked">"##),
      (##"<a href="{% include 'partials/v.html' %}:{{ b }}">"##, ##"<a href="#blocked">"##),
      (
        ##"<a href="{{ a }}{% include 'partials/colon.html' %}{{ b }}">"##,
        ##"<a href="#blocked">"##
      ),
      (
        ##"<a href="{% set u = ok %}{% include 'partials/u.html' %}">"##,
        ##"<a href="gifts/x.html">"##
      ),
    ]
    for (template, expected) in cases {
      #expect(
        try TT.render(template, name: "p.html", values, library: library) == expected,
        "\(template)")
    }
  }

  /// Links written the usual way come out as before: values that start a URL, alone or
  /// with literal text, an allowed scheme completed by text, and anything after the scheme
  /// is decided.
  @Test func usualURLTemplatesAreUnchanged() throws {
    let values: [String: TemplateValue] = [
      "top": "", "up": "../", "path": "gifts/tea-set.html", "email": "ana@example.com",
      "url": "https://example.com/?a=1&b=2", "id": "top", "slug": "tea",
      "webcal": "webcal://x/c.ics",
      "https": "https", "mailto": "mailto", "js": "javascript:alert(1)", "j": "java",
    ]
    let cases: [(template: String, expected: String)] = [
      (##"<a href="{{ top }}gifts/x.html">"##, ##"<a href="gifts/x.html">"##),
      (##"<a href="{{ up }}gifts/x.html">"##, ##"<a href="../gifts/x.html">"##),
      (##"<a href="{{ top }}{{ path }}">"##, ##"<a href="gifts/tea-set.html">"##),
      (##"<a href="{{ up }}{{ path }}">"##, ##"<a href="../gifts/tea-set.html">"##),
      (##"<a href="{{ slug }}.html">"##, ##"<a href="tea.html">"##),
      (##"<a href={{ slug }}.html>"##, ##"<a href=tea.html>"##),
      (##"<a href="mailto:{{ email }}">"##, ##"<a href="mailto:ana@example.com">"##),
      (##"<a href="{{ url }}">"##, ##"<a href="https://example.com/?a=1&amp;b=2">"##),
      (##"<a href="{{ webcal }}">"##, ##"<a href="webcal://x/c.ics">"##),
      (##"<a href="#{{ id }}">"##, ##"<a href="#top">"##),
      (##"<a href="{{ slug }}?q={{ id }}">"##, ##"<a href="tea?q=top">"##),
      (##"<a href="{{ slug }}#{{ id }}">"##, ##"<a href="tea#top">"##),
      // An allowed scheme made of a value and the text after it.
      (##"<a href="{{ https }}://example.com/">"##, ##"<a href="https://example.com/">"##),
      (##"<a href="{{ mailto }}:{{ email }}">"##, ##"<a href="mailto:ana@example.com">"##),
      (##"<a href="{{ 'ht' }}tps://x/">"##, ##"<a href="https://x/">"##),
      // A scheme a value decided (a relative path) is not reopened by a later colon.
      (##"<a href="{{ up }}{{ slug }}:{{ id }}">"##, ##"<a href="../tea:top">"##),
      // A literal URL the template itself writes is its author's.
      (
        ##"<a href="javascript:void(0)" title="{{ j }}">"##,
        ##"<a href="javascript:void(0)" title="java">"##
      ),
      (##"<a href="#" data-x="{{ j }}:x">"##, ##"<a href="#" data-x="java:x">"##),
      (##"<a href="?q={{ j }}:x">"##, ##"<a href="?q=java:x">"##),
      // Colons after the value ended, and in other attributes, are not schemes.
      (##"<a href="{{ j }}">Note: {{ j }}</a>"##, ##"<a href="java">Note: java</a>"##),
      (
        ##"<a title="{{ j }}:x" href="{{ path }}">"##,
        ##"<a title="java:x" href="gifts/tea-set.html">"##
      ),
      (##"<a href="/x/{{ js }}">"##, ##"<a href="/x/javascript:alert(1)">"##),
    ]
    for (template, expected) in cases {
      #expect(try TT.render(template, name: "p.html", values) == expected, "\(template)")
    }
  }

  @Test func scriptsAndEventHandlersGetJSON() throws {
    let out = try TT.render(
      #"<script>var t = {{ script }};</script><button onclick="f({{ attr }})">"#, name: "p.html",
      hostile)
    #expect(
      out == #"<script>var t = "\u003cscript\u003ealert(1)\u003c\/script\u003e";</script>"#
        + #"<button onclick="f(&quot;\&quot; onmouseover=\&quot;alert(1)&quot;)">"#)
  }

  /// Text before a colon that is no scheme (`12:30.html`) is a relative URL, as browsers
  /// read it: it passes; a real scheme is still checked.
  @Test func aColonAfterNoSchemeIsARelativeURL() throws {
    let values: [String: TemplateValue] = [
      "t": "12:30.html", "u": "java script:alert(1)", "j": "JavaScript:alert(1)",
    ]
    #expect(
      try TT.render(#"<a href="{{ t }}">"#, name: "p.html", values) == #"<a href="12:30.html">"#)
    #expect(
      try TT.render(#"<a href="{{ u }}">"#, name: "p.html", values)
        == #"<a href="java script:alert(1)">"#)
    #expect(
      try TT.render(#"<a href="{{ j }}">"#, name: "p.html", values) == ##"<a href="#blocked">"##)
  }

  /// A value in a script comment or a regular expression literal ends neither: every `/`
  /// of a value in a script is `\/`.
  @Test func valuesEndNoCommentNorRegularExpression() throws {
    let values: [String: TemplateValue] = ["t": "*/alert(1)/*", "q": "'"]
    #expect(
      try TT.render("<script>/* {{ t }} */</script>", name: "p.html", values)
        == #"<script>/* "*\/alert(1)\/*" */</script>"#)
    #expect(
      try TT.render("<script>var re = /{{ t }}/;</script>", name: "p.html", values)
        == #"<script>var re = /"*\/alert(1)\/*"/;</script>"#)
    #expect(
      try TT.render(#"<button onclick="/* {{ t }} */">"#, name: "p.html", values)
        == #"<button onclick="/* &quot;*\/alert(1)\/*&quot; */">"#)
    // A regular expression holding a quote is taken for a string: its `/` still ends nothing.
    #expect(
      try TT.render("<script>var re = /'{{ t }}/;</script>", name: "p.html", values)
        == #"<script>var re = /'*\/alert(1)\/*/;</script>"#)
  }

  /// Markup (a macro's output, a record's Markdown body) inside a script's string literal
  /// or an attribute is escaped for it: it ends neither; `| safe` there is the author's.
  @Test func markupEndsNoStringNorAttribute() throws {
    let values: [String: TemplateValue] = [
      "v": "');alert(1);//", "body": .safe(#"<p><a href="onmouseover=alert(1)//">x</a>&amp;</p>"#),
    ]
    let macro = #"{% macro m(t) %}{{ t }}{% endmacro %}"#
    #expect(
      try TT.render(macro + #"<button onclick="f('{{ m(v) }}')">"#, name: "p.html", values)
        == #"<button onclick="f('\u0026#39;);alert(1);\/\/')">"#)
    #expect(
      try TT.render(#"<script>var b = '{{ body }}';</script>"#, name: "p.html", values)
        == #"<script>var b = '\u003cp\u003e\u003ca href=\"onmouseover=alert(1)\/\/\"\u003ex\u003c\/a\u003e\u0026amp;\u003c\/p\u003e';</script>"#
    )
    #expect(
      try TT.render(#"<abbr title="{{ body }}">"#, name: "p.html", values)
        == #"<abbr title="<p><a href=&quot;onmouseover=alert(1)//&quot;>x</a>&amp;</p>">"#)
    #expect(
      try TT.render(#"<abbr title={{ body }}>"#, name: "p.html", values).contains("&#x22;"))
    #expect(
      try TT.render(#"<abbr title="{{ body | safe }}">"#, name: "p.html", values)
        == #"<abbr title="<p><a href="onmouseover=alert(1)//">x</a>&amp;</p>">"#)
    #expect(try TT.render("<p>{{ body }}</p>", name: "p.html", values).contains(#"<a href=""#))
  }

  /// A value inside a JavaScript string literal is that string's content: it can end
  /// neither the string ('…', "…", `…`) nor start a `${…}`; in code, it is a JSON value.
  @Test func valuesInsideScriptStringsStayInThem() throws {
    let values: [String: TemplateValue] = [
      "a": "'+alert(1)+'", "b": "\"+alert(2)+\"", "c": "${alert(3)}`+alert(4)+`",
      "n": "alert(5)",
    ]
    let out = try TT.render(
      #"<script>var a = '{{ a }}'; var b = "{{ b }}"; var c = `{{ c }}`; var d = `x${ {{ n }} }`;"#
        + #" // it's a comment {{ n }}"# + "\n" + #"var e = {{ n }};</script>"#, name: "p.html",
      values)
    #expect(
      out
        == #"<script>var a = '\u0027+alert(1)+\u0027'; var b = "\"+alert(2)+\""; var c = `\u0024{alert(3)}\u0060+alert(4)+\u0060`;"#
        + #" var d = `x${ "alert(5)" }`; // it's a comment "alert(5)""# + "\n"
        + #"var e = "alert(5)";</script>"#)
    let handlers = try TT.render(
      #"<button onclick="pick('{{ a }}')">p</button><i onclick=show({{ n }})>s</i>"#,
      name: "p.html", values)
    #expect(
      handlers
        == #"<button onclick="pick('\u0027+alert(1)+\u0027')">p</button>"#
        + #"<i onclick=show(&#x22;alert&#x28;5&#x29;&#x22;)>s</i>"#)
  }

  /// Where a URL starts, even a value marked safe (`| e`) is checked for its scheme.
  @Test func safeValuesStartingAURLAreCheckedToo() throws {
    let out = try TT.render(
      #"<a href="{{ u | e }}">a</a><a href={{ u | safe }}>b</a><a href="{{ ok | e }}">c</a>"#,
      name: "p.html", ["u": "javascript:alert(1)", "ok": "https://example.org/?a=1&b=2"])
    #expect(
      out
        == ##"<a href="#blocked">a</a><a href=#blocked>b</a><a href="https://example.org/?a=1&amp;b=2">c</a>"##
    )
  }

  /// Comments end as browsers end them: `<!-->`, `<!--->` and `--!>`.
  @Test func commentsEndAsBrowsersEndThem() throws {
    for comment in ["<!-->", "<!--->", "<!-- a --!>", "<!-- a -->"] {
      let out = try TT.render(
        comment + "<script>var c = {{ n }};</script>", name: "p.html", ["n": "1);alert(3"])
      #expect(out.hasSuffix(#"<script>var c = "1);alert(3";</script>"#), "\(comment)")
    }
  }

  @Test func contextTrackingFollowsTheMarkup() throws {
    let t = "<!-- {{ script }} --><p class=\"a\">{{ script }}</p><textarea>{{ script }}</textarea>"
    let out = try TT.render(t, name: "p.html", hostile)
    #expect(!out.contains("<script>"))
    #expect(out.hasSuffix("<textarea>&lt;script&gt;alert(1)&lt;/script&gt;</textarea>"))
  }

  @Test func safeIsExplicit() throws {
    #expect(
      try TT.render(
        "{{ s | safe }}|{{ s | escape }}|{{ s | e | safe }}", name: "p.html", ["s": "<b>"])
        == "<b>|&lt;b&gt;|&lt;b&gt;")
  }

  @Test func textAndMarkdownPassThrough() throws {
    #expect(try TT.render("{{ script }}", name: "r.txt", hostile) == "<script>alert(1)</script>")
    #expect(try TT.render("{{ script }}", name: "r.md", hostile) == "<script>alert(1)</script>")
  }

  @Test func icsValuesCannotInjectProperties() throws {
    let t = "BEGIN:VEVENT\nSUMMARY:{{ ics }}\nDESCRIPTION:{{ 'a,b;c\\\\d' }}\nEND:VEVENT\n"
    let out = try TT.render(t, name: "feed.ics", hostile)
    #expect(
      out == "BEGIN:VEVENT\r\nSUMMARY:Line one\\nATTENDEE:mailto:evil@example.com\r\n"
        + "DESCRIPTION:a\\,b\\;c\\\\d\r\nEND:VEVENT\r\n")
    #expect(!out.contains("\r\nATTENDEE"))
  }

  @Test func jsonValuesAndStrings() throws {
    let t =
      #"{"name": "{{ s }}", "value": {{ s }}, "n": {{ n }}, "list": {{ l }}, "none": {{ x }}}"#
    let out = try TT.render(
      t, name: "d.json",
      ["s": "a\"b</script>\n", "n": .decimal(Decimal(string: "1.50")!), "l": [1, "x"], "x": .null])
    #expect(
      out
        == #"{"name": "a\"b\u003c/script\u003e\n", "value": "a\"b\u003c/script\u003e\n", "n": 1.5, "list": [1,"x"], "none": null}"#
    )
  }
}

extension TemplateEscapingTests {
  /// A value in an iCalendar parameter can end neither the parameter nor the property's
  /// name: quoted when it holds `;`, `:` or `,`, its quotes dropped; in the value it is TEXT.
  @Test func icsParametersStayParameters() throws {
    let values: [String: TemplateValue] = ["n": #"x:mailto:evil@example.org;a,"b"#, "t": "a;b"]
    #expect(
      try TT.render(
        "ATTENDEE;CN={{ n }}:mailto:ok@example.org\nSUMMARY:{{ t }}\n", name: "f.ics", values)
        == "ATTENDEE;CN=\"x:mailto:evil@example.org;a,b\":mailto:ok@example.org\r\nSUMMARY:a\\;b\r\n"
    )
    #expect(
      try TT.render("ATTENDEE;CN=\"{{ n }}\":mailto:ok@example.org\n", name: "f.ics", values)
        == "ATTENDEE;CN=\"x:mailto:evil@example.org;a,b\":mailto:ok@example.org\r\n")
  }
}

extension TemplateEscapingTests {
  /// A value in an `<iframe srcdoc>` is text in the document the browser reads from it;
  /// an SVG animation cannot set a `javascript:` address.
  @Test func documentAttributesAndAnimationsHoldNoScript() throws {
    let values: [String: TemplateValue] = [
      "x": "<img src=x onerror=alert(1)>", "u": "javascript:alert(1)",
    ]
    let srcdoc = try TT.render(#"<iframe srcdoc="{{ x }}"></iframe>"#, name: "p.html", values)
    #expect(srcdoc.contains("&#x26;lt&#x3B;img"), "\(srcdoc)")
    #expect(!srcdoc.contains("&lt;img"))
    #expect(
      try TT.render(#"<set attributeName="href" to="{{ u }}"/>"#, name: "p.svg.html", values)
        .contains(##"to="#blocked""##))
    #expect(
      try TT.render(#"<animate attributeName="href" values="{{ u }}"/>"#, name: "p.html", values)
        .contains(##"values="#blocked""##))
  }
}
