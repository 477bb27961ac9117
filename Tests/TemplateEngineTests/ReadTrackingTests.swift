import Foundation
import TestHelpers
import Testing
import VibeBasics

@testable import TemplateEngine

/// Read tracking, the basis of incremental builds: a render records which paths of its
/// context it read, and two contexts that agree on them must render the same bytes (the
/// soundness property, checked on thousands of seeded random edits), while edits to what a
/// page never read leave its fingerprint alone (the precision that makes rebuilds cheap).
@Suite struct ReadTrackingTests {
  /// Renders `text` (with the macro and include templates below) recording its reads.
  static func run(_ text: String, _ context: [String: TemplateValue]) throws -> RenderResult {
    let library = try TemplateLibrary(
      defaults: [
        "page.html": text,
        "macros.html":
          "{% macro card(g) %}<b>{{ g.title }}</b>{% if g.tags %}#{{ g.tags | join(\",\") }}{% endif %}{% endmacro %}",
        "head.html": "<h1>{{ site.title }}</h1>",
      ])
    return try library.render(
      "page.html", context: context, environment: TT.environment(strict: false),
      recordingReads: true)
  }

  /// The digest of what `reads` saw of `context`.
  static func digest(_ reads: RenderReads, _ context: [String: TemplateValue]) -> Fingerprint {
    var h = StableHasher()
    for m in reads.context.members {
      h.add(m.name)
      m.reads.digest(context[m.name], into: &h)
    }
    return h.digest
  }

  static func gift(_ n: Int, title: String? = nil, body: String = "body") -> TemplateValue {
    [
      "title": .string(title ?? "Gift \(n)"), "body": .string(body), "price": .int(n * 10),
      "tags": .array(n % 2 == 0 ? ["a", "b"] : []), "status": n % 3 == 0 ? "bought" : "idea",
    ]
  }

  static let base: [String: TemplateValue] = [
    "site": ["title": "Home", "now": .dateTime(Date(timeIntervalSince1970: 1_795_341_600))],
    "gifts": .array((0..<5).map { gift($0) }),
    "gift": gift(7),
    "names": ["a": "Ann", "b": "Ben"],
    "extra": "unused",
  ]

  static let templates: [String] = [
    "{% include \"head.html\" %}{% for g in gifts %}{{ g.title }}:{{ g.price }};{% endfor %}",
    "{% if gifts %}some{% else %}none{% endif %} {{ gifts | length }}",
    "{% import \"macros.html\" as m %}{% for g in gifts %}{{ m.card(g) }}{% endfor %}",
    "{% set g = gift %}{{ g.title }} {% if g.status == \"bought\" %}{{ g.body }}{% endif %}",
    "{% if site is defined %}{{ site.title }}{% endif %}{% if missing is defined %}!{% endif %}",
    "{{ gifts[1].title }} {{ gifts[-1].price }} {{ names[\"b\"] }}",
    "{% for k, v in names %}{{ k }}={{ v }} {% endfor %}{{ gift.nope | default(\"d\") }}",
    "{{ gift.title if gift.price > 50 else gift.body }} {{ gift.missing }}",
    "{% for g in gifts %}{% if loop.last %}{{ g | json }}{% endif %}{% endfor %}",
    "{{ gifts | map(attribute=\"title\") | join(\",\") }}",
    "{% for g in gifts | where(\"status\", \"idea\") %}{{ g.title }};{% endfor %}"
      + "{{ gifts | where(\"status\", \"bought\") | length }}",
    "{% for g in gifts | sort(\"price\") | limit(2) %}{{ g.title }}{% endfor %}"
      + "{{ (gifts | first).title }}{{ gifts | last | json }}",
    "{% set l = gifts | sort(\"title\", true) %}{% if l %}{{ l[0].price }}{% endif %}"
      + "{% for g in l | reverse %}{{ loop.index }}{{ g.status }}{% endfor %}{{ l | json }}",
    "{% set l = gifts | where(\"tags\") %}{{ l | length }}{% for g in l %}{{ g.body }}{% endfor %}"
      + "{{ names | first }}{{ gift.title | first }}",
  ]

  /// Reads made by two renders of the same template over different values are equal and
  /// hash alike (a site's thousands of record pages share one), and reads of different
  /// templates are not equal.
  /// A list read element by element is digested as its elements' digests, which the next
  /// digest of the same variable takes for the elements that are the same: the digest is
  /// the one made from nothing, whatever changed, and it changes with any element read.
  @Test func elementDigestsAreTakenForTheSameElementsOnly() throws {
    let result = try Self.run(
      "{% for g in gifts %}{{ g.title }}:{{ g.price }};{% endfor %}{{ gifts | length }}",
      Self.base)
    guard let reads = result.reads?.context.members.first(where: { $0.name == "gifts" })?.reads
    else {
      Issue.record("no reads of gifts")
      return
    }
    let list = (0..<50).map { Self.gift($0) }
    let (first, kept) = reads.digest(of: TemplateValue.array(list))
    #expect(kept.count == 50)
    #expect(reads.digest(of: TemplateValue.array(list), reusing: kept).0 == first)
    var edits: [[TemplateValue]] = []
    var retitled = list
    retitled[17] = Self.gift(17, title: "Other")
    edits.append(retitled)
    edits.append(Array(list.dropFirst()))
    edits.append(list + [Self.gift(99)])
    edits.append(list.reversed())
    var unread = list
    unread[3] = Self.gift(3, body: "not read")
    for edited in edits + [unread] {
      let fresh = reads.digest(of: TemplateValue.array(edited)).0
      #expect(reads.digest(of: TemplateValue.array(edited), reusing: kept).0 == fresh)
    }
    for edited in edits {
      #expect(reads.digest(of: TemplateValue.array(edited), reusing: kept).0 != first)
    }
    #expect(reads.digest(of: TemplateValue.array(unread), reusing: kept).0 == first)
    // Anything but a list is digested whole, with no elements kept.
    #expect(reads.digest(of: TemplateValue.string("x"), reusing: kept).1.count == 0)
    #expect(reads.digest(of: TemplateValue?.none).0 != first)
  }

  @Test func equalReadsHashAlike() throws {
    let a = try #require(try Self.run(Self.templates[0], Self.base).reads)
    var other = Self.base
    other["gifts"] = .array((0..<5).map { Self.gift($0, title: "Other \($0)") })
    let b = try #require(try Self.run(Self.templates[0], other).reads)
    let c = try #require(try Self.run(Self.templates[1], Self.base).reads)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
    let moved = RenderReads(context: a.context, templates: a.templates, today: !a.today)
    #expect(moved != a)
  }

  @Test func recordsOnlyThePathsRead() throws {
    let r = try Self.run(Self.templates[0], Self.base)
    let reads = try #require(r.reads)
    #expect(reads.context.members.map(\.name) == ["gifts", "site"])
    #expect(reads.templates == ["head.html", "page.html"])
    #expect(reads.today == false)
    var changed = Self.base
    changed["gifts"] = .array((0..<5).map { Self.gift($0, body: "new body") })
    changed["extra"] = "still unused"
    changed["site"] = ["title": "Home", "now": .dateTime(Date(timeIntervalSince1970: 0))]
    #expect(Self.digest(reads, changed) == Self.digest(reads, Self.base))
    changed["gifts"] = .array((0..<5).map { Self.gift($0, title: $0 == 3 ? "New" : nil) })
    #expect(Self.digest(reads, changed) != Self.digest(reads, Self.base))
    changed["gifts"] = .array((0..<6).map { Self.gift($0) })
    #expect(Self.digest(reads, changed) != Self.digest(reads, Self.base))
  }

  @Test func truthAndLengthReadOnlyTheShape() throws {
    let reads = try #require(try Self.run(Self.templates[1], Self.base).reads)
    var changed = Self.base
    changed["gifts"] = .array((0..<5).map { Self.gift($0 + 100) })
    #expect(Self.digest(reads, changed) == Self.digest(reads, Self.base))
    changed["gifts"] = []
    #expect(Self.digest(reads, changed) != Self.digest(reads, Self.base))
  }

  @Test func selectionFiltersReadOnlyWhatTheyCompare() throws {
    let reads = try #require(try Self.run(Self.templates[10], Self.base).reads)
    var changed = Self.base
    // Bodies and prices are never read by a list of the ideas' titles.
    changed["gifts"] = .array((0..<5).map { Self.gift($0, body: "other") })
    #expect(Self.digest(reads, changed) == Self.digest(reads, Self.base))
    changed["gifts"] = .array(
      (0..<5).map { n in
        guard case .dictionary(var d) = Self.gift(n) else { return Self.gift(n) }
        d["status"] = n == 1 ? "bought" : d["status"]
        return .dictionary(d)
      })
    #expect(Self.digest(reads, changed) != Self.digest(reads, Self.base))
  }

  @Test func definedReadsOnlyPresenceAndDateFiltersReadToday() throws {
    let reads = try #require(try Self.run(Self.templates[4], Self.base).reads)
    var changed = Self.base
    changed["site"] = ["title": "Home", "now": "changed"]
    #expect(Self.digest(reads, changed) == Self.digest(reads, Self.base))
    changed["missing"] = 1
    #expect(Self.digest(reads, changed) != Self.digest(reads, Self.base))
    let dated = try #require(try Self.run("{{ site.now | date(\"d MMM\") }}", Self.base).reads)
    #expect(dated.today)
  }

  @Test func recordsRoundTripThroughTheirEncoding() throws {
    for text in Self.templates {
      let reads = try #require(try Self.run(text, Self.base).reads)
      var bytes: [UInt8] = []
      reads.encode(into: &bytes)
      var reader = ByteReader(bytes)
      #expect(RenderReads.decode(&reader) == reads)
      #expect(reader.atEnd)
    }
  }

  /// The soundness property: for every template and thousands of seeded random edits of
  /// the context, an unchanged digest means an unchanged output.
  @Test func equalDigestsMeanEqualOutput() throws {
    var rng = SeededGenerator(seed: 2026)
    var skipped = 0
    var rendered = 0
    for text in Self.templates {
      let first = try Self.run(text, Self.base)
      let reads = try #require(first.reads)
      let before = Self.digest(reads, Self.base)
      for _ in 0..<300 {
        var context = Self.base
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          context = Self.mutate(context, using: &rng)
        }
        let output = try? Self.run(text, context).output
        if Self.digest(reads, context) == before {
          #expect(output == first.output, "\(text) with \(context)")
          skipped += 1
        } else {
          rendered += 1
        }
      }
    }
    // Both kinds occur: the test exercises the property, and tracking is not all-or-nothing.
    #expect(skipped > 500)
    #expect(rendered > 500)
  }

  /// The context with one random edit: a leaf changed, an element or key added or removed,
  /// a value's type changed.
  static func mutate(
    _ context: [String: TemplateValue], using rng: inout SeededGenerator
  ) -> [String: TemplateValue] {
    let names = context.keys.sorted()
    var out = context
    let name = names[Int.random(in: 0..<names.count, using: &rng)]
    out[name] = mutate(context[name] ?? .null, depth: 0, using: &rng)
    if Int.random(in: 0..<20, using: &rng) == 0 { out["missing"] = "now here" }
    return out
  }

  static func mutate(_ value: TemplateValue, depth: Int, using rng: inout SeededGenerator)
    -> TemplateValue
  {
    let leaves: [TemplateValue] = ["x", "Gift 1", "", 0, 70, .null, true, ["nested": 1], []]
    switch value {
    case .array(var items):
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: items.append(gift(Int.random(in: 0..<9, using: &rng)))
      case 1 where !items.isEmpty: items.removeLast()
      default:
        guard !items.isEmpty else { return .array([gift(1)]) }
        let i = Int.random(in: 0..<items.count, using: &rng)
        items[i] = mutate(items[i], depth: depth + 1, using: &rng)
      }
      return .array(items)
    case .dictionary(var d):
      let keys = d.keys.sorted()
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: d["k\(Int.random(in: 0..<3, using: &rng))"] = "added"
      case 1 where !keys.isEmpty: d[keys[Int.random(in: 0..<keys.count, using: &rng)]] = nil
      default:
        guard !keys.isEmpty else { return ["title": "t"] }
        let k = keys[Int.random(in: 0..<keys.count, using: &rng)]
        d[k] = mutate(d[k] ?? .null, depth: depth + 1, using: &rng)
      }
      return .dictionary(d)
    default:
      return leaves[Int.random(in: 0..<leaves.count, using: &rng)]
    }
  }
}
