// `vkbench templates`: renders the same page (a layout and a table of 1,000 gift rows with
// filters and conditionals) with VibeKeeper's engine, Stencil and swift-mustache, and
// prints the time per render and the ratios.
import Foundation
import Mustache
import Stencil
import VibeKeeper

enum TemplateBenchmark {
  static let rows = 1000

  struct Gift {
    let title: String
    let recipient: String
    let price: Decimal
    let bought: Bool
    let even: Bool
    let url: String
  }

  static let gifts: [Gift] = (1...rows).map(makeGift)

  static func makeGift(_ i: Int) -> Gift {
    let kinds = ["tea", "book", "mug", "scarf"]
    let people = ["Ana", "Ben", "Chloé", "Dmitri"]
    let cents: Int = i * 37 % 5000
    let price: Decimal = Decimal(cents) / Decimal(100)
    let title: String = "Gift #\(i) <" + kinds[i % 4] + ">"
    return Gift(
      title: title, recipient: people[i % 4], price: price, bought: i % 3 == 0,
      even: i % 2 == 0, url: "https://example.com/gifts/\(i)")
  }

  static let vibeBase = """
    <!doctype html><html><head><title>{% block title %}Gifts{% endblock %}</title></head>\
    <body><h1>{{ household }}</h1>{% block content %}{% endblock %}\
    <footer>{{ count }} gifts</footer></body></html>
    """
  static let vibePage = """
    {% extends "base.html" %}{% block title %}Gifts for {{ household }}{% endblock %}\
    {% block content %}<table>
    {% for g in gifts %}<tr class="{% if g.even %}even{% else %}odd{% endif %}">\
    <td>{{ loop.index }}</td><td><a href="{{ g.url }}">{{ g.title | upper }}</a></td>\
    <td>{{ g.recipient }}</td><td>{{ g.price | currency("EUR") }}</td>\
    <td>{% if g.bought %}bought{% else %}planned{% endif %}</td></tr>
    {% endfor %}</table>{% endblock %}
    """
  static let stencilBase = vibeBase
  static let stencilPage = """
    {% extends "base.html" %}{% block title %}Gifts for {{ household }}{% endblock %}\
    {% block content %}<table>
    {% for g in gifts %}<tr class="{% if g.even %}even{% else %}odd{% endif %}">\
    <td>{{ forloop.counter }}</td><td><a href="{{ g.url }}">{{ g.title|uppercase }}</a></td>\
    <td>{{ g.recipient }}</td><td>{{ g.price|currency:"EUR" }}</td>\
    <td>{% if g.bought %}bought{% else %}planned{% endif %}</td></tr>
    {% endfor %}</table>{% endblock %}
    """
  static let mustacheBase = """
    <!doctype html><html><head><title>{{$title}}Gifts{{/title}}</title></head>\
    <body><h1>{{household}}</h1>{{$content}}{{/content}}\
    <footer>{{count}} gifts</footer></body></html>
    """
  static let mustachePage = """
    {{<base}}{{$title}}Gifts for {{household}}{{/title}}{{$content}}<table>
    {{#gifts}}<tr class="{{#even}}even{{/even}}{{^even}}odd{{/even}}">\
    <td>{{index}}</td><td><a href="{{url}}">{{uppercased(title)}}</a></td>\
    <td>{{recipient}}</td><td>{{priceText}}</td>\
    <td>{{#bought}}bought{{/bought}}{{^bought}}planned{{/bought}}</td></tr>
    {{/gifts}}</table>{{/content}}{{/base}}
    """

  /// `€12.50`, the same text VibeKeeper's `currency("EUR")` gives for these prices.
  static func euros(_ value: Decimal) -> String { "€" + DecimalFormat.plain(value, places: 2) }

  static func measure(_ name: String, iterations: Int, _ body: () throws -> String) rethrows
    -> Duration
  {
    var size = 0
    for _ in 0..<max(3, iterations / 10) { size = try body().utf8.count }
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { size &+= try body().utf8.count & 1 }
    let total = clock.now - start
    let perRender = total / iterations
    print(
      "\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(format(perRender)) per render")
    _ = size
    return perRender
  }

  static func format(_ d: Duration) -> String {
    let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return String(format: "%9.3f ms", ms)
  }

  static func run(iterations: Int) {
    do {
      try runThrowing(iterations: iterations)
    } catch {
      print("benchmark failed: \(error)")
      exit(1)
    }
  }

  static func runThrowing(iterations: Int) throws {
    print("Rendering a layout + \(rows) gift rows, \(iterations) iterations after warm-up.")
    // VibeKeeper
    let library = try TemplateLibrary(defaults: ["base.html": vibeBase, "page.html": vibePage])
    let vibeGifts: [TemplateValue] = gifts.map { g in
      [
        "title": .string(g.title), "recipient": .string(g.recipient), "price": .decimal(g.price),
        "bought": .bool(g.bought), "even": .bool(g.even), "url": .string(g.url),
      ]
    }
    let vibeContext: [String: TemplateValue] = [
      "household": "The Smiths", "count": .int(rows), "gifts": .array(vibeGifts),
    ]
    let environment = RenderEnvironment(
      clock: LocalClock(
        now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!),
      currency: "EUR", strict: true)
    let vibeOut = try library.render("page.html", context: vibeContext, environment: environment)
    // Stencil
    let ext = Extension()
    ext.registerFilter("currency") { value, _ in (value as? Decimal).map(euros) ?? "" }
    let stencil = Environment(
      loader: DictionaryLoader(templates: ["base.html": stencilBase, "page.html": stencilPage]),
      extensions: [ext])
    let stencilGifts: [[String: Any]] = gifts.map { g in
      [
        "title": g.title, "recipient": g.recipient, "price": g.price, "bought": g.bought,
        "even": g.even, "url": g.url,
      ]
    }
    let stencilContext: [String: Any] = [
      "household": "The Smiths", "count": rows, "gifts": stencilGifts,
    ]
    let stencilTemplate = try stencil.loadTemplate(name: "page.html")
    // swift-mustache (no filters: price text and row number are prepared in the data)
    var mustache = MustacheLibrary()
    try mustache.register(mustacheBase, named: "base")
    try mustache.register(mustachePage, named: "page")
    let mustacheGifts: [[String: Any]] = gifts.enumerated().map { i, g in
      [
        "title": g.title, "recipient": g.recipient, "priceText": euros(g.price),
        "bought": g.bought, "even": g.even, "url": g.url, "index": i + 1,
      ]
    }
    let mustacheContext: [String: Any] = [
      "household": "The Smiths", "count": rows, "gifts": mustacheGifts,
    ]
    let mustacheOut = mustache.render(mustacheContext, withTemplate: "page") ?? ""
    let stencilOut = try stencilTemplate.render(stencilContext)
    print(
      "output sizes: VibeKeeper \(vibeOut.output.utf8.count) B, Stencil \(stencilOut.utf8.count) B,"
        + " swift-mustache \(mustacheOut.utf8.count) B;"
        + " VibeKeeper == swift-mustache: \(vibeOut.output == mustacheOut)"
        + " (Stencil does not escape HTML)")

    let vibe = try measure("VibeKeeper", iterations: iterations) {
      try library.render("page.html", context: vibeContext, environment: environment).output
    }
    let stencilTime = try measure("Stencil 0.15.1", iterations: max(1, iterations / 4)) {
      try stencilTemplate.render(stencilContext)
    }
    let mustacheTime = measure("swift-mustache", iterations: iterations) {
      mustache.render(mustacheContext, withTemplate: "page") ?? ""
    }
    print(String(format: "VibeKeeper is %.1fx faster than Stencil", stencilTime / vibe))
    print(String(format: "VibeKeeper is %.2fx faster than swift-mustache", mustacheTime / vibe))
    if let jinja = jinjaTime(
      templates: [
        "base.html": vibeBase,
        "page.html": vibePage.replacingOccurrences(
          of: "g.price | currency(\"EUR\")", with: "g.price"),
      ],
      context: jinjaContext(gifts), iterations: iterations)
    {
      print(
        String(
          format: "VibeKeeper is %.2fx faster than Jinja2 (price unformatted there)", jinja / vibe))
    }
    try runText(iterations: iterations, environment: environment)
  }

  // MARK: A text-heavy page, where escaping is most of the work

  /// A paragraph of everyday text with the characters HTML escaping changes: quotes,
  /// apostrophes, ampersands and angle brackets, a few per sentence.
  static func note(_ i: Int) -> (title: String, body: String) {
    let body =
      "Ana's list for the weekend (\(i)): \"tea & biscuits\", a <small> gift for Ben's birthday, "
      + "flowers from the market, and the book Chloé asked for — it's the one with the blue "
      + "cover. Don't forget the card & the wrapping paper; the shop closes at 18:00 on "
      + "Saturdays, and it's closed on Sundays. Budget: about 40 euros, more if it's on sale."
    return ("Note #\(i) — Ana's <plans>", body)
  }

  static let textVibe = """
    <main>{% for n in notes %}<article><h2>{{ n.title }}</h2><p>{{ n.body }}</p></article>
    {% endfor %}</main>
    """
  static let textStencil = textVibe
  static let textMustache = """
    <main>{{#notes}}<article><h2>{{title}}</h2><p>{{body}}</p></article>
    {{/notes}}</main>
    """

  static func runText(iterations: Int, environment: RenderEnvironment) throws {
    let notes = (1...rows).map(note)
    print("")
    print("A text-heavy page: \(rows) notes of \(notes[0].body.utf8.count) bytes, escaped.")
    let library = try TemplateLibrary(defaults: ["text.html": textVibe])
    let vibeContext: [String: TemplateValue] = [
      "notes": .array(notes.map { ["title": .string($0.title), "body": .string($0.body)] })
    ]
    let anyNotes: [[String: Any]] = notes.map { ["title": $0.title, "body": $0.body] }
    let stencil = Environment(loader: DictionaryLoader(templates: ["text.html": textStencil]))
    let stencilTemplate = try stencil.loadTemplate(name: "text.html")
    var mustache = MustacheLibrary()
    try mustache.register(textMustache, named: "text")
    let vibeOut = try library.render("text.html", context: vibeContext, environment: environment)
    let mustacheOut = mustache.render(["notes": anyNotes], withTemplate: "text") ?? ""
    print(
      "output: \(vibeOut.output.utf8.count) B; VibeKeeper == swift-mustache: \(vibeOut.output == mustacheOut)"
    )
    let vibe = try measure("VibeKeeper", iterations: iterations) {
      try library.render("text.html", context: vibeContext, environment: environment).output
    }
    let stencilTime = try measure("Stencil 0.15.1", iterations: max(1, iterations / 4)) {
      try stencilTemplate.render(["notes": anyNotes])
    }
    let mustacheTime = measure("swift-mustache", iterations: iterations) {
      mustache.render(["notes": anyNotes], withTemplate: "text") ?? ""
    }
    // What escaping costs in a render: the values escaped into the output's bytes.
    var escaped: [UInt8] = []
    let escapeTime = measure("Escaping.html", iterations: iterations) {
      escaped.removeAll(keepingCapacity: true)
      for n in notes {
        Escaping.html(n.title, into: &escaped)
        Escaping.html(n.body, into: &escaped)
      }
      return escaped.count > 0 ? "x" : ""
    }
    print(
      String(
        format: "VibeKeeper is %.1fx faster than Stencil (which does not escape)",
        stencilTime / vibe))
    print(String(format: "VibeKeeper is %.2fx faster than swift-mustache", mustacheTime / vibe))
    print(String(format: "escaping is %.0f%% of VibeKeeper's render", 100 * (escapeTime / vibe)))
    let jinjaNotes = notes.map { ["title": $0.title, "body": $0.body] }
    if let jinja = jinjaTime(
      templates: ["text.html": textVibe], context: ["notes": jinjaNotes], iterations: iterations)
    {
      print(String(format: "VibeKeeper is %.2fx faster than Jinja2", jinja / vibe))
    }
  }

  /// The gifts as JSON-ready values for Jinja2.
  static func jinjaContext(_ gifts: [Gift]) -> [String: Any] {
    [
      "household": "The Smiths", "count": rows,
      "gifts": gifts.map { g in
        [
          "title": g.title, "recipient": g.recipient, "price": "\(g.price)", "bought": g.bought,
          "even": g.even, "url": g.url,
        ] as [String: Any]
      },
    ]
  }

  /// Jinja2's time per render of `page.html` or `text.html` over `context` (autoescaped),
  /// measured in Python by Benchmarks/jinja_render.py; nil when python3 or Jinja2 is missing.
  static func jinjaTime(templates: [String: String], context: [String: Any], iterations: Int)
    -> Duration?
  {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "jinja_render.py")
    let input: [String: Any] = [
      "templates": templates,
      "main": templates.keys.contains("page.html") ? "page.html" : "text.html",
      "context": context, "iterations": iterations,
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: input) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    stdin.fileHandleForWriting.write(data)
    try? stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let ms = Double(
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      print("Jinja2           (not measured: python3 with jinja2 is needed)")
      return nil
    }
    print("Jinja2 3.1       " + String(format: "%9.3f ms", ms) + " per render")
    return .nanoseconds(Int64(ms * 1_000_000))
  }
}
