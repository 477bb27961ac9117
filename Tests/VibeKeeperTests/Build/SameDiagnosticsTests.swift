import Foundation
import Testing

@testable import VibeKeeper

/// `check` is `build --strict` without publishing: on every kind of data folder it reports
/// exactly the diagnostics `build` does, in the same order (one collection step,
/// `BuildDiagnostics`). Strictness only matters for undefined template variables.
@Suite struct SameDiagnosticsTests {
  /// The data sets: the bundled household plus files that break, attack or mix currencies.
  static let dataSets: [(name: String, extra: [String: String])] = [
    ("bundled", [:]),
    (
      "broken",
      [
        "gifts/bad-price.md": "---\ntitle: Scarf\nprice: twelve\n---\n",
        "gifts/no-title.md": "---\nprice: 3\n---\n",
        "gifts/unclosed.md": "---\ntitle: Lamp\n",
        "gifts/dangling.md": "---\ntitle: Book\nfor: family/nobody\n---\n",
        "contacts/family/mom-2.md": "---\nid: family/mom\nname: Mom again\n---\n",
        "purchases/2026/broken.yml": "- date: 2026-11-31\n  price: 2\n  name: X\n- [1, 2\n",
        "reminders/both.md":
          "---\ntitle: Pills\nat: 2026-12-01T08:00\nschedule: {time: \"08:00\", days: daily}\n---\n",
      ]
    ),
    (
      "hostile",
      [
        "gifts/script.md":
          "---\ntitle: \"<script>alert(1)</script>\"\nurl: javascript:alert(1)\nphoto: ../../etc/passwd\n---\n<img src=x onerror=alert(1)>\n",
        "gifts/control.md": "---\ntitle: \"Bell\\u0007\\u001b[31m\"\nunknown_field: 1\n---\n",
        "occasions/deep.yml": String(repeating: "[", count: 300),
        "contacts/bom.md": "\u{FEFF}---\nname: Bom\nbirthday: 1990-02-30\n---\n",
      ]
    ),
    (
      // Private records: `check` keeps the published ones in the whole analysis's order.
      "private",
      [
        "reminders/secret.md":
          "---\ntitle: Secret\nprivate: true\nschedule: {time: \"08:00\", days: daily}\n---\n",
        "gifts/hidden.md": "---\ntitle: Hidden\nprivate: true\nphoto: media/none.png\n---\n",
        "budgets/private.yml":
          "title: Private\namount: 10\nstart: 2026-11-01\nend: 2026-11-30\nprivate: true\n",
        "gifts/lamp.md": "---\ntitle: Lamp\nphoto: media/missing.png\n---\n",
      ]
    ),
    (
      "multi-currency",
      [
        "purchases/2026/usd.yml":
          "- date: 2026-11-21\n  name: Souvenir\n  price: 12.00\n  currency: USD\n",
        "gifts/pounds.md":
          "---\ntitle: Tea set\nprice: 30\ncurrency: GBP\nstatus: purchased\npurchased: 2026-11-20\n---\n",
        "budgets/usd.yml":
          "title: Trip\namount: 300\ncurrency: USD\nstart: 2026-11-01\nend: 2026-11-30\n",
        "shopping/mixed.md":
          "---\ntitle: Mixed\ncurrency: CHF\nitems:\n  - item: oat-milk\n  - item: oat-milk\n---\n",
      ]
    ),
  ]

  /// A copy of the bundled data with `extra` files added (or replacing).
  static func dataFolder(_ extra: [String: String]) throws -> TempFolder {
    let folder = try TempFolder([:])
    let data = folder.url.appendingPathComponent("data")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("data"), to: data)
    for (path, text) in extra { try folder.write("data/" + path, Data(text.utf8)) }
    return folder
  }

  static func build(_ root: URL, publishes: Bool) -> SiteBuild.Outcome {
    var build = SiteBuild(
      data: root.appendingPathComponent("data"), dataDisplay: "data", templates: nil,
      templatesDisplay: nil, output: root.appendingPathComponent("_site"))
    build.publishes = publishes
    build.strict = !publishes
    return build.run { LocalClock(now: utc("2026-11-22T09:00"), timeZone: $0.timeZone) }
  }

  @Test(arguments: dataSets.indices)
  func checkAndBuildReportTheSameDiagnostics(_ index: Int) throws {
    let set = Self.dataSets[index]
    let folder = try Self.dataFolder(set.extra)
    defer { folder.cleanup() }
    let checked = Self.build(folder.url, publishes: false)
    let built = Self.build(folder.url, publishes: true)
    #expect(checked.diagnostics == built.diagnostics, "\(set.name)")
    #expect(checked.failure == nil)
    // The check wrote nothing; the build published.
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("_site").path)
        || built.published != nil)
    if set.name != "bundled" { #expect(!checked.diagnostics.isEmpty, "\(set.name)") }
    // A second build (incremental) still reports everything.
    #expect(Self.build(folder.url, publishes: true).diagnostics == built.diagnostics)
  }

  /// The bug that made one collection step necessary: a purchase in another currency was a
  /// warning in `build` and nothing in `check`.
  @Test func anotherCurrencyIsAWarningInCheckToo() throws {
    let folder = try Self.dataFolder(
      try #require(Self.dataSets.first { $0.name == "multi-currency" }).extra)
    defer { folder.cleanup() }
    let checked = Self.build(folder.url, publishes: false)
    #expect(
      checked.diagnostics.contains {
        $0.severity == .warning && $0.location.file == "data/purchases/2026/usd.yml"
      })
  }
}

/// The same through the command line: `check` and `build` print the same diagnostics and
/// the same counts.
@Suite struct CLISameDiagnosticsTests {
  @Test func checkAndBuildPrintTheSameDiagnostics() throws {
    let folder = try SameDiagnosticsTests.dataFolder(
      SameDiagnosticsTests.dataSets[1].extra.merging(SameDiagnosticsTests.dataSets[3].extra) {
        a, _ in a
      })
    defer { folder.cleanup() }
    let now = ["--now", "2026-11-22T10:00"]
    let env = ["NO_COLOR": "1"]
    let check = try CLI.run(["check"] + now, cwd: folder.url, env: env)
    let build = try CLI.run(["build"] + now, cwd: folder.url, env: env)
    #expect(check.status == 1)
    #expect(!check.stderr.isEmpty)
    #expect(check.stderr == build.stderr)
    let counts = try #require(check.stdout.split(separator: "\n").last)
    #expect(build.stdout.contains("(\(counts))"))
  }
}
