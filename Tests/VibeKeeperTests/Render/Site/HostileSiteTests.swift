import Foundation
import Testing

@testable import VibeKeeper

/// Hostile records must come out of the site inert: no script, no event handler, no
/// `javascript:` link, no raw HTML from Markdown, no file outside the output.
@Suite struct HostileSiteTests {
  static let script = "<script>alert(1)</script>"
  static let breaker = "\" onmouseover=\"alert(1)"

  /// A YAML single-quoted scalar (quotes doubled), so any text survives as written.
  static func q(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }

  static let files: [String: String] = [
    "vibekeeper.yml": "title: \(q(script))\ntimezone: Europe/Berlin\ncurrency: EUR\n",
    "contacts/evil.md": """
    ---
    name: \(q(script + breaker))
    relationship: "<b>boss</b>"
    birthday: 1990-11-25
    tags: ["<img src=x onerror=alert(1)>"]
    ---
    Hello <script>alert('notes')</script> <img src=x onerror="alert(2)">
    [click](javascript:alert(3)) <a href="javascript:alert(4)">raw</a>
    <iframe src="https://evil.example"></iframe>
    """,
    "gifts/evil.md": """
    ---
    title: \(q(breaker + " <svg onload=alert(5)>"))
    for: evil
    occasion: birthday
    price: 10
    url: https://shop.example/?q="><script>alert(6)</script>
    photo: ../../../etc/passwd
    ---
    *Nice* <style>body{display:none}</style>
    """,
    "gifts/jsurl.md": "---\ntitle: JS\nurl: javascript:alert(7)\n---\n",
    "items/evil.yml":
      "name: \(q("</title><script>alert(8)</script>"))\ncategory: \(q("x' onfocus='alert(9)"))\n",
    "purchases/p.yml":
      "- {date: 2026-11-20, item: evil, price: 1, store: \(q("<script>alert(10)</script>")), expires: 2026-11-23}\n",
    "games/evil.md": "---\nname: \(q(script))\nurl: \"javascript:alert(11)\"\n---\n",
    "reminders/evil.yml": "title: \(q(script))\nnote: \(q(breaker))\nat: 2026-11-22T12:00\n",
    "shopping/evil.yml": "title: \(q(script))\nitems:\n  - name: \(q(breaker))\n",
    "budgets/evil.yml":
      "title: \(q(script))\namount: 10\nstart: 2026-11-01\nend: 2026-11-30\ncategories: {\"<b>x</b>\": 5}\n",
  ]

  @Test func everythingFromDataComesOutInert() throws {
    let root = try TempFolder(
      Dictionary(uniqueKeysWithValues: Self.files.map { ("data/" + $0.key, $0.value) }))
    defer { root.cleanup() }
    let (outcome, out) = SiteFixture.build(data: root.url.appendingPathComponent("data"))
    defer { SiteFixture.remove(out) }
    #expect(outcome.failure == nil)
    // Only the values the loader refuses are errors; every hostile record still loads.
    #expect(
      outcome.diagnostics.filter { $0.severity == .error }.map(\.message).sorted() == [
        "'photo' must be a path inside media/, not '../../../etc/passwd'",
        "'url' must be an http or https link, not 'https://shop.example/?q=\"><script>alert(6)</script>'",
        "'url' must be an http or https link, not 'javascript:alert(11)'",
        "'url' must be an http or https link, not 'javascript:alert(7)'",
      ])
    // The four records with those errors are left out whole (RecordFile.decodeRecord).
    #expect(outcome.records == 6)
    let site = SiteFixture.files(out)
    #expect(!site.isEmpty)
    for (path, data) in site where path.hasSuffix(".html") {
      let html = String(decoding: data, as: UTF8.self)
      for tag in Self.tags(in: html) {
        // Escaped text may spell anything; what matters is the markup itself.
        #expect(
          !["iframe", "style", "object", "embed", "base", "meta"].contains(tag.name)
            || tag.name == "meta" && tag.attributes["http-equiv"] == nil,
          "\(path): <\(tag.name)> from data")
        #expect(
          tag.name != "img" || tag.attributes["src"] != "x", "\(path): raw <img> from Markdown")
        #expect(
          !tag.attributes.keys.contains { $0.hasPrefix("on") },
          "\(path): event handler in <\(tag.name) \(tag.attributes)>")
        for attribute in ["href", "src", "action", "formaction"] {
          let value =
            tag.attributes[attribute]?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
          #expect(
            !value.hasPrefix("javascript:") && !value.hasPrefix("data:"),
            "\(path): \(attribute)=\(value)")
        }
        if tag.name == "script" {
          #expect(
            tag.attributes["type"] == "application/json" || tag.attributes["src"] != nil,
            "\(path): inline script")
        }
      }
      // Inside the JSON script, nothing can close the element early.
      if let start = html.range(of: "<script type=\"application/json\"") {
        let rest = html[start.upperBound...]
        let body = rest[..<(rest.range(of: "</script>")?.lowerBound ?? rest.endIndex)]
        #expect(!body.contains("<"), "\(path): raw < inside the JSON script")
      }
    }
    // The photo that tried to leave the data folder was rejected, not copied.
    #expect(
      outcome.diagnostics.contains { $0.message.contains("'photo' must be a path inside media/") })
    #expect(!site.keys.contains { $0.contains("passwd") })
    // The search index escapes what it carries.
    let index = String(decoding: site["search-index.json"] ?? Data(), as: UTF8.self)
    #expect(!index.contains("<script"))
  }

  /// A start tag: its lower-cased name and attributes (values as written, entities kept).
  struct Tag {
    var name = ""
    var attributes: [String: String] = [:]
  }

  /// The start tags of an HTML text, parsed the way a browser reads attributes (quoted
  /// values may hold anything), skipping comments and the text between tags.
  static func tags(in html: String) -> [Tag] {
    var out: [Tag] = []
    let c = Array(html.unicodeScalars)
    var i = 0
    func isSpace(_ u: Unicode.Scalar) -> Bool {
      u == " " || u == "\n" || u == "\t" || u == "\r" || u == "\u{0C}"
    }
    while i < c.count {
      guard c[i] == "<", i + 1 < c.count, c[i + 1].properties.isAlphabetic else {
        i += 1
        continue
      }
      i += 1
      var tag = Tag()
      while i < c.count, !isSpace(c[i]), c[i] != ">", c[i] != "/" {
        tag.name.unicodeScalars.append(c[i])
        i += 1
      }
      tag.name = tag.name.lowercased()
      while i < c.count, c[i] != ">" {
        while i < c.count, isSpace(c[i]) || c[i] == "/" { i += 1 }
        var name = ""
        while i < c.count, !isSpace(c[i]), c[i] != "=", c[i] != ">", c[i] != "/" {
          name.unicodeScalars.append(c[i])
          i += 1
        }
        var value = ""
        if i < c.count, c[i] == "=" {
          i += 1
          if i < c.count, c[i] == "\"" || c[i] == "'" {
            let quote = c[i]
            i += 1
            while i < c.count, c[i] != quote {
              value.unicodeScalars.append(c[i])
              i += 1
            }
            i += 1
          } else {
            while i < c.count, !isSpace(c[i]), c[i] != ">" {
              value.unicodeScalars.append(c[i])
              i += 1
            }
          }
        }
        if !name.isEmpty { tag.attributes[name.lowercased()] = value }
      }
      out.append(tag)
      // The contents of script and style are not markup.
      if tag.name == "script" || tag.name == "style" {
        let close = "</\(tag.name)"
        var j = i
        while j < c.count,
          !String(String.UnicodeScalarView(c[j..<min(j + close.count, c.count)])).lowercased()
            .hasPrefix(close)
        { j += 1 }
        i = j
      }
    }
    return out
  }
}
