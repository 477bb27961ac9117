import Foundation

/// Writes N gift records twice, deterministically: as a VibeKeeper data folder
/// (`gifts/gift-N.md`, plus ten contacts they are for) and as a Hugo site with the same
/// front matter and bodies (`content/gifts/gift-N.md`; no `url:`, which Hugo reserves) and minimal layouts that print the
/// title, the fields and the content.
enum GiftFixture {
  /// The front matter and body of gift `i` (the same text for both tools).
  static func gift(_ i: Int) -> String {
    """
    ---
    title: Gift idea \(i)
    for: person-\(i % 10)
    occasion: birthday
    price: \(10 + i % 90).\(i % 100 < 10 ? "0" : "")\(i % 100)
    status: \(["idea", "purchased", "given"][i % 3])\(i % 3 == 0 ? "" : "\npurchased: 2026-0\(i % 9 + 1)-1\(i % 10)")
    created: 2026-0\(i % 9 + 1)-1\(i % 10)
    tags: [idea, bench]
    ---
    A description of gift \(i) with **some** Markdown, a [link](https://example.org/\(i))
    and a list:

    - wrapped in *blue* paper
    - delivered by hand

    """
  }

  /// The front matter and body of contact `i`.
  static func contact(_ i: Int) -> String {
    """
    ---
    name: Person \(i)
    relationship: friend
    birthday: 1980-0\(i % 9 + 1)-1\(i)
    ---
    Notes about person \(i).

    """
  }

  /// Writes `data` (VibeKeeper) and `hugo` (a Hugo site) under `root`.
  static func write(to root: URL, gifts: Int) throws {
    let fm = FileManager.default
    try? fm.removeItem(at: root)
    func file(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try file("data/vibekeeper.yml", "title: Gifts\ntimezone: Europe/Berlin\ncurrency: EUR\n")
    try file(
      "hugo/config.toml",
      """
      baseURL = "https://example.org/"
      title = "Gifts"
      disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]

      """)
    try file(
      "hugo/layouts/_default/baseof.html",
      """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
      <body>{{ block "main" . }}{{ end }}</body></html>

      """)
    try file(
      "hugo/layouts/_default/single.html",
      """
      {{ define "main" }}<article><h1>{{ .Title }}</h1>
      <dl>{{ range $k, $v := .Params }}<dt>{{ $k }}</dt><dd>{{ $v }}</dd>{{ end }}</dl>
      {{ .Content }}</article>{{ end }}

      """)
    try file(
      "hugo/layouts/_default/list.html",
      """
      {{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}
      <li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.price }}</li>{{ end }}</ul>{{ end }}

      """)
    for i in 0..<10 {
      try file("data/contacts/person-\(i).md", contact(i))
      try file(
        "hugo/content/contacts/person-\(i).md",
        contact(i).replacingOccurrences(
          of: "name:", with: "title:"))
    }
    for i in 0..<gifts {
      let text = gift(i)
      try file("data/gifts/gift-\(i).md", text)
      try file("hugo/content/gifts/gift-\(i).md", text)
    }
  }
}
