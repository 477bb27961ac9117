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
    defer { try? FileManager.default.removeItem(at: out) }
    #expect(outcome.failure == nil)
    // Only the values the loader refuses are errors; every hostile record still loads.
    #expect(
      outcome.diagnostics.filter { $0.severity == .error }.map(\.message).sorted() == [
        "'photo' must be a path inside media/, not '../../../etc/passwd'",
        "'url' must be an http or https link, not 'https://shop.example/?q=\"><script>alert(6)</script>'",
        "'url' must be an http or https link, not 'javascript:alert(11)'",
        "'url' must be an http or https link, not 'javascript:alert(7)'",
      ])
    #expect(outcome.records == 9)
    let site = SiteFixture.files(out)
    #expect(!site.isEmpty)
    for (path, data) in site where path.hasSuffix(".html") {
      let html = String(decoding: data, as: UTF8.self)
      let lower = html.lowercased()
      #expect(!lower.contains("alert("), "\(path) carries a live alert(")
      #expect(!lower.contains("javascript:"), "\(path) links javascript:")
      #expect(!lower.contains("<iframe"), "\(path) passes raw HTML")
      #expect(!lower.contains("<style>body"), "\(path) passes a raw style")
      for tag in Self.tags(in: html) {
        let t = tag.lowercased()
        #expect(
          !t.contains(" onmouseover=") && !t.contains(" onerror=") && !t.contains(" onload=")
            && !t.contains(" onfocus="), "\(path): event handler in \(tag)")
        if t.hasPrefix("<script") {
          #expect(
            t.contains("type=\"application/json\"") || t.contains("src="),
            "\(path): inline script \(tag)")
        }
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

  /// The tags of an HTML text (`<...>`), ignoring text between them.
  static func tags(in html: String) -> [String] {
    var out: [String] = []
    var rest = html[...]
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      out.append(String(rest[open...close]))
      rest = rest[rest.index(after: close)...]
    }
    return out
  }
}
