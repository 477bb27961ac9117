import Foundation
import Testing

@testable import TemplateEngine
@testable import VibeKeeper

/// The built-in feed templates rendered without the engine give the engine's bytes, and
/// anything they were not written for goes through the engine.
@Suite struct BuiltInFeedsTests {
  static let feedNames = [
    "feeds/calendar.ics", "feeds/occasions.ics", "feeds/pantry.ics", "feeds/reminders.ics",
    "feeds/shopping.ics", "feeds/streaks.ics",
  ]

  /// The engine's rendering of a library template (never the shortcut).
  static func engine(
    _ library: TemplateLibrary, _ name: String, _ context: [String: TemplateValue],
    _ environment: RenderEnvironment = TemplateFixture.environment()
  ) throws -> RenderResult {
    try library.template(named: name).render(
      context: context, environment: environment, library: library)
  }

  static func event(_ fields: [String: TemplateValue]) -> TemplateValue {
    var e: [String: TemplateValue] = [
      "uid": "birthday-ana-2026@vibekeeper", "kind": "birthday", "id": "ana",
      "summary": "Ana turns 34", "description": "", "url": .null,
      "dtstart": .safe(";VALUE=DATE:20261205"), "dtend": .safe(";VALUE=DATE:20261206"),
      "duration": .null, "rrule": .null, "dtstamp": .safe("20261001T000000Z"),
      "last_modified": .safe("20261001T000000Z"), "sequence": 0, "categories": ["Birthday"],
      "alarms": [], "all_day": true, "date": .date(LocalDate(year: 2026, month: 12, day: 5)!),
      "time": .null, "recurrence_id": .null,
    ]
    for (k, v) in fields { e[k] = v }
    return .dictionary(e)
  }

  /// Events with every optional field on and off, escaping, folding and odd shapes the
  /// engine accepts (categories as a map, safe text with line breaks).
  static var context: [String: TemplateValue] {
    let long = String(repeating: "Geschenk für Ana, ", count: 9)
    let events: [TemplateValue] = [
      event([:]),
      event([
        "summary": .string(long), "description": "Line one\nline two; with \\ and\r\nCRLF\ttab",
        "url": .safe("https://home.example.org/contacts/ana.html"), "sequence": 3,
        "categories": ["Gift", "A,B"],
        "alarms": [
          ["trigger": .safe(";VALUE=DATE-TIME:20261125T070000Z"), "description": "Soon; ok"],
          ["trigger": .safe(":PT0S"), "description": .string(long)],
        ],
      ]),
      event([
        "dtstart": .safe(";TZID=Europe/Berlin:20261005T083000"), "dtend": .null,
        "duration": .safe("PT15M"), "rrule": .safe("FREQ=WEEKLY;BYDAY=MO,WE"),
        "all_day": false, "categories": .dictionary(["Health": 1, "Body": 2]),
        "description": .safe("Safe\ntext\n\n  \nwith breaks"),
      ]),
      event([
        "dtstart": .safe(";TZID=Europe/Berlin:20261007T083000"), "dtend": .null,
        "duration": .safe("PT15M"), "recurrence_id": .safe(";TZID=Europe/Berlin:20261007T083000"),
        "all_day": false, "summary": "✓ Vitamin D",
      ]),
      event(["categories": [], "summary": "", "id": 42, "kind": .null]),
      event(["categories": .dictionary([:]), "alarms": .null, "uid": "x\u{7}y"]),
    ]
    let vtimezone = "BEGIN:VTIMEZONE\nTZID:Europe/Berlin\nEND:VTIMEZONE"
    var feeds: [String: TemplateValue] = ["calendar": .array(events)]
    for topic in FeedTopic.allCases { feeds[topic.rawValue] = .array(Array(events.prefix(2))) }
    feeds["streaks"] = .null
    return [
      "site": ["title": "Our home; the Smiths", "timezone": "Europe/Berlin"],
      "feeds": .dictionary(feeds), "vtimezone": .safe(vtimezone),
    ]
  }

  @Test func theDefaultFeedTemplatesAreTheOnesItWasWrittenFor() throws {
    // A change of `templates/feeds` or `templates/partials/event.ics` turns the shortcut off
    // until `BuiltInFeeds` (and its hashes) are brought up to date.
    let names = BuiltInFeeds().renderable { DefaultTemplates.all[$0] }
    #expect(names == Set(Self.feedNames))
    #expect(Set(BuiltInFeeds.feeds.keys) == Set(Self.feedNames))
  }

  @Test func givesTheEnginesBytes() throws {
    let library = try TemplateLibrary()
    for name in Self.feedNames {
      let fast = BuiltInFeeds().render(
        name, context: Self.context, environment: TemplateFixture.environment())
      let slow = try Self.engine(library, name, Self.context)
      #expect(slow.warnings.isEmpty)
      #expect(fast == slow.output, "\(name)")
      #expect(
        try library.render(name, context: Self.context, environment: TemplateFixture.environment())
          .output
          == slow.output)
    }
    let calendar = try #require(
      BuiltInFeeds().render(
        "feeds/calendar.ics", context: Self.context, environment: TemplateFixture.environment()))
    #expect(calendar.contains("CATEGORIES:Gift,A\\,B\r\n"))
    #expect(calendar.contains("CATEGORIES:Body,Health\r\n"))
    #expect(calendar.contains("DESCRIPTION:Line one\\nline two\\; with \\\\ and\\nCRLF tab\r\n"))
    #expect(calendar.contains("UID:xy\r\n"))
    #expect(calendar.contains("NAME:Our home\\; the Smiths\r\n"))
  }

  @Test func givesTheEnginesBytesForTheBundledData() throws {
    let data = repositoryRoot.appendingPathComponent("data")
    let household = DataLoader(root: data, displayRoot: "data").load().household
    let clock = LocalClock(
      now: NowOption.parse("2026-11-22T10:00", timeZone: household.settings.timeZone)!,
      timeZone: household.settings.timeZone)
    let analysis = HouseholdAnalysis(household, clock: clock)
    let links = Permalinks(household)
    let values = SiteValues(
      household: household, analysis: analysis, links: links, markdown: MarkdownOptions(),
      mediaSizes: [:])
    var context = SiteModel(values: values).globals
    let feeds = Feeds(
      FeedInputs(household: household, analysis: analysis, stamps: FeedStamps(), links: links),
      previous: nil)
    for (k, v) in feeds.templateValues { context[k] = v }
    let library = try TemplateLibrary()
    let environment = RenderEnvironment(clock: clock, currency: household.settings.currency)
    var events = 0
    for name in Self.feedNames {
      let fast = BuiltInFeeds().render(name, context: context, environment: environment)
      let slow = try Self.engine(library, name, context, environment)
      #expect(fast == slow.output, "\(name)")
      events += slow.output.components(separatedBy: "BEGIN:VEVENT").count - 1
    }
    #expect(events > 20)
    // An event read by name is the map it used to be, and equal to it.
    for e in feeds.events.prefix(50) {
      let object = TemplateValue.object(FeedEventValue(event: e, format: feeds.format))
      let map = feeds.value(e)
      #expect(ValueOperations.equals(object, map))
      #expect(ValueOperations.equals(map, object))
      #expect(object.text(clock) == map.text(clock))
    }
    if let a = feeds.events.first, let b = feeds.events.last, a != b {
      #expect(
        !ValueOperations.equals(
          .object(FeedEventValue(event: a, format: feeds.format)), feeds.value(b)))
    }
  }

  @Test func otherShapesGoThroughTheEngine() throws {
    let library = try TemplateLibrary()
    let environment = TemplateFixture.environment()
    // A missing field: the engine's warning.
    var missing = Self.context
    missing["feeds"] = ["calendar": [.dictionary(["uid": "a"])]]
    #expect(
      BuiltInFeeds().render("feeds/calendar.ics", context: missing, environment: environment) == nil
    )
    let warned = try library.render(
      "feeds/calendar.ics", context: missing, environment: environment)
    #expect(!warned.warnings.isEmpty)
    #expect(warned.output == (try Self.engine(library, "feeds/calendar.ics", missing).output))
    // Categories that cannot be looped over: the engine's error.
    var text = Self.context
    text["feeds"] = ["calendar": [Self.event(["categories": "Birthday"])]]
    #expect(
      BuiltInFeeds().render("feeds/calendar.ics", context: text, environment: environment) == nil)
    #expect(throws: TemplateError.self) {
      try library.render("feeds/calendar.ics", context: text, environment: environment)
    }
    // No site: the engine.
    var bare = Self.context
    bare["site"] = nil
    #expect(
      BuiltInFeeds().render("feeds/pantry.ics", context: bare, environment: environment) == nil)
    // A user's own event macro is used, not the shortcut.
    var templates = DefaultTemplates.all
    templates["partials/event.ics"] = templates["partials/event.ics"]?.replacingOccurrences(
      of: "X-VIBEKEEPER-KIND", with: "X-OWN-KIND")
    let own = try SiteTemplates.library(defaults: templates)
    let output = try own.render(
      "feeds/calendar.ics", context: Self.context, environment: environment
    )
    .output
    #expect(output.contains("X-OWN-KIND:birthday"))
  }

  @Test func aFeedTooLargeForTheEngineStillFailsThere() throws {
    var environment = TemplateFixture.environment()
    environment.maxSteps = 200
    #expect(
      BuiltInFeeds().render("feeds/calendar.ics", context: Self.context, environment: environment)
        == nil)
  }
}
