import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

@Suite struct TemplateFilterTests {
  let d: (String) -> TemplateValue = { .decimal(Decimal(string: $0) ?? 0) }

  @Test func textFilters() throws {
    let out = try TT.render(
      "{{ 'hello wORLD' | upper }}|{{ 'ABC' | lower }}|{{ \"o'neil and anne-marie\" | title }}|"
        + "{{ 'hELLO' | capitalize }}|{{ '  x ' | trim }}|{{ 'a-b' | replace('-', '+') }}|"
        + "{{ 'Crème Brûlée & Co. 2026!' | slug }}|{{ 42 | string ~ '!' }}")
    #expect(out == "HELLO WORLD|abc|O'neil And Anne-Marie|Hello|x|a+b|creme-brulee-co-2026|42!")
    #expect(
      try TT.render("{{ 'The quick brown fox' | truncate(12) }}|{{ 'short' | truncate(10) }}")
        == "The quick…|short")
    #expect(try TT.render("{{ 'abcdef' | truncate(4, end='..') }}") == "ab..")
  }

  @Test func defaultFilter() throws {
    let out = try TT.result(
      "{{ missing | default('n/a') }}|{{ none | default('x') }}|{{ '' | default('e') }}|"
        + "{{ '' | default('e', true) }}|{{ gift.nope | d('-') }}", ["gift": TT.gift], strict: true)
    #expect(out.output == "n/a|x||e|-")
    #expect(out.warnings.isEmpty)
  }

  @Test func numberAndMoneyFilters() throws {
    let context: [String: TemplateValue] = [
      "a": d("1234.565"), "b": d("-0.5"), "r": d("0.256"), "y": 1500,
    ]
    let out = try TT.render(
      "{{ a | currency }}|{{ a | currency('USD') }}|{{ b | currency('GBP') }}|{{ y | currency('JPY') }}|"
        + "{{ 3 | currency('CHF') }}|{{ r | percent }}|{{ r | percent(1) }}|{{ 2.5 | round }}|{{ 3.5 | round }}|"
        + "{{ a | round(2) }}|{{ a | fixed }}|{{ b | abs }}|{{ (-3) | abs }}|{{ 7.9 | int }}|{{ '12.5' | currency }}",
      context)
    #expect(
      out
        == "€1,234.56|$1,234.56|-£0.50|¥1,500|CHF 3.00|26%|25.6%|2|4|1234.56|1,234.56|0.5|3|7|€12.50"
    )
  }

  /// `currency` writes as many decimals as the currency's ISO 4217 minor unit (the table in
  /// VibeBasics the reports read too): KWD and BHD 3, JPY and XOF 0, EUR 2.
  @Test func currencyUsesTheISO4217MinorUnit() throws {
    let context: [String: TemplateValue] = [
      "k": d("1.005"), "half": d("1.0005"), "big": d("1234.5678"), "x": 1500, "e": d("2.5"),
      "yen": d("1500.5"),
    ]
    let out = try TT.render(
      "{{ k | currency('KWD') }}|{{ k | currency('BHD') }}|{{ half | currency('KWD') }}|"
        + "{{ big | currency('kwd') }}|{{ x | currency('XOF') }}|{{ x | currency('JPY') }}|"
        + "{{ yen | currency('JPY') }}|{{ e | currency('EUR') }}|{{ k | currency('EUR') }}",
      context)
    #expect(
      out
        == "KWD 1.005|BHD 1.005|KWD 1.000|KWD 1,234.568|XOF 1,500|¥1,500|¥1,500|€2.50|€1.00")
    #expect(ISO4217.minorUnits(of: "KWD") == 3)
    #expect(ISO4217.minorUnits(of: " bhd ") == 3)
    #expect(ISO4217.minorUnits(of: "XOF") == 0)
    #expect(ISO4217.minorUnits(of: "JPY") == 0)
    #expect(ISO4217.minorUnits(of: "EUR") == 2)
    #expect(ISO4217.minorUnits(of: "XYZ") == 2)
  }

  @Test func dateFilters() throws {
    let context: [String: TemplateValue] = [
      "leap": .date(LocalDate(year: 2028, month: 2, day: 29)!),
      "now": .dateTime(TT.clock.now),
      "eve": .dateTime(Date(timeIntervalSince1970: 1_798_761_540)),  // 2026-12-31 23:59 UTC
      "t": .time(TimeOfDay(hour: 0, minute: 5)!),
    ]
    let out = try TT.render(
      "{{ leap | date }}|{{ leap | date('EEEE d MMMM yyyy') }}|{{ leap | date('EEE dd/MM/yy') }}|"
        + "{{ now | date('yyyy-MM-dd HH:mm') }}|{{ eve | date(\"d MMM yyyy 'at' h:mm a\") }}|"
        + "{{ t | date('HH:mm a') }}|{{ now | ics_date }}|{{ leap | ics_date }}|{{ '2026-11-25' | date('d MMM') }}",
      context)
    #expect(
      out
        == "2028-02-29|Tuesday 29 February 2028|Tue 29/02/28|2026-11-22 11:00|"
        + "1 Jan 2027 at 12:59 AM|00:05 AM|20261122T100000Z|20280229|25 Nov")
  }

  @Test func relativeDays() throws {
    let today = TT.clock.today
    let context: [String: TemplateValue] = [
      "days": .array([-3, -1, 0, 1, 3, 40].map { .date(today.adding(days: $0)) }),
      "late": .dateTime(Date(timeIntervalSince1970: 1_795_384_800)),  // 2026-11-22 23:00 Berlin
    ]
    let out = try TT.render(
      "{% for x in days %}{{ x | relative }}, {% endfor %}{{ late | relative }}|{{ days[4] | days_until }}",
      context)
    #expect(out == "3 days ago, yesterday, today, tomorrow, in 3 days, in 40 days, today|3")
    #expect(
      try TT.render("{{ (d + 7) | relative }} {{ d - (d - 2) }}", ["d": .date(today)])
        == "in 7 days 2")
  }

  @Test func relativeDaysAcrossDSTAndYearEnd() throws {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
    // 2026-03-28 12:00 Berlin; DST starts the next night. Two days later is "in 2 days".
    let clock = LocalClock(now: Date(timeIntervalSince1970: 1_774_695_600), timeZone: berlin)
    let env = RenderEnvironment(clock: clock, strict: true)
    let t = try Template(name: "r.txt", text: "{{ a | relative }}|{{ b | relative }}")
    let context: [String: TemplateValue] = [
      "a": .date(LocalDate(year: 2026, month: 3, day: 30)!),
      "b": .date(LocalDate(year: 2027, month: 1, day: 1)!),
    ]
    #expect(try t.render(context: context, environment: env).output == "in 2 days|in 279 days")
  }

  @Test func dateTimesAcrossDSTChangesAndMidnight() throws {
    func at(_ seconds: Int) -> TemplateValue {
      .dateTime(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
    let context: [String: TemplateValue] = [
      "springBefore": at(1_774_744_200),  // 2026-03-29 00:30 UTC = 01:30 CET
      "springAfter": at(1_774_747_800),  // 2026-03-29 01:30 UTC = 03:30 CEST
      "autumnFirst": at(1_792_888_200),  // 2026-10-25 00:30 UTC = 02:30 CEST
      "autumnSecond": at(1_792_891_800),  // 2026-10-25 01:30 UTC = 02:30 CET
      "lateUTC": at(1_795_390_200),  // 2026-11-22 23:30 UTC = 2026-11-23 00:30 Berlin
    ]
    let out = try TT.render(
      "{{ springBefore | date('HH:mm') }} {{ springAfter | date('HH:mm') }} "
        + "{{ autumnFirst | date('HH:mm') }} {{ autumnSecond | date('HH:mm') }} "
        + "{{ lateUTC | date('yyyy-MM-dd HH:mm') }} {{ lateUTC | relative }} {{ lateUTC | ics_date }}",
      context)
    #expect(out == "01:30 03:30 02:30 02:30 2026-11-23 00:30 tomorrow 20261122T233000Z")
  }

  @Test func collectionFilters() throws {
    let gifts: TemplateValue = [
      ["name": "Tea", "who": "Ana", "price": .decimal(Decimal(string: "12.50")!)],
      ["name": "Book", "who": "Ben", "price": 20],
      ["name": "Mug", "who": "Ana", "price": .decimal(Decimal(string: "7.25")!)],
    ]
    let context: [String: TemplateValue] = ["gifts": gifts, "xs": [3, 1, 2, 1]]
    let out = try TT.render(
      "{{ xs | length }}|{{ xs | first }}|{{ xs | last }}|{{ xs | join('-') }}|{{ xs | sort | join }}|"
        + "{{ xs | sort(reverse=true) | join }}|{{ xs | sum }}|{{ xs | unique | join }}|{{ xs | reverse | join }}|"
        + "{{ gifts | sort('name') | map('name') | join(', ') }}|{{ gifts | sum('price') }}|"
        + "{{ gifts | join(', ', 'who') }}|{{ gifts | where('who', 'Ana') | length }}|{{ xs | limit(2) | join }}|"
        + "{{ 'abc' | length }}|{{ {'b': 1, 'a': 2} | keys | join }}|{{ {'b': 1, 'a': 2} | values | join }}",
      context)
    #expect(
      out == "4|3|1|3-1-2-1|1123|3211|7|312|1213|Book, Mug, Tea|39.75|Ana, Ben, Ana|2|31|3|ab|21")
    let grouped = try TT.render(
      "{% for g in gifts | group_by('who') %}{{ g.key }}: {{ g.items | map('name') | join('+') }}; {% endfor %}",
      context)
    #expect(grouped == "Ana: Tea+Mug; Ben: Book; ")
  }

  /// A key of one part, of dotted parts and of a list position read the same member
  /// (`where`, `sort` and `map` over a list of thousands take the one-part key without
  /// splitting it).
  @Test func keyPathsOfOneAndMoreParts() throws {
    let context: [String: TemplateValue] = [
      "gifts": [
        ["name": "Tea", "for": ["name": "Ben"], "tags": ["b", "x"], "0": "zero"],
        ["name": "Mug", "for": ["name": "Ana"], "tags": ["a"], "0": "nil"],
      ],
      "pairs": [["x", 2], ["y", 1]],
    ]
    let out = try TT.render(
      "{{ gifts | sort('name') | map('name') | join }}|{{ gifts | sort('for.name') | map('name') | join }}|"
        + "{{ gifts | map('tags.0') | join }}|{{ gifts | map('0') | join }}|{{ pairs | sort('1') | map('0') | join }}|"
        + "{{ gifts | where('for.name', 'Ana') | map('name') | join }}|{{ gifts | map('missing') | join('-') }}|"
        + "{{ gifts | map('') | length }}",
      context)
    #expect(out == "MugTea|MugTea|ba|zeronil|yx|Mug|-|2")
  }

  /// A map given to `first` or `last` is its values in key order, as for the other list
  /// filters; an empty map gives none.
  @Test func firstAndLastOfAMap() throws {
    #expect(
      try TT.render(#"{% set d = {"b": 2, "a": 1} %}[{{ d|first }}][{{ d|last }}]"#) == "[1][2]")
    let maps: [String: TemplateValue] = [
      "m": ["z": "last", "c": "first", "k": "middle"], "e": [:],
    ]
    let out = try TT.render("[{{ m | first }}][{{ m | last }}][{{ e | first }}]", maps)
    #expect(out == "[first][last][]")
  }

  @Test func escapingFilters() throws {
    let out = try TT.render(
      "{{ 'a b&c/é' | urlencode }}|{{ 'x;y,z' | ics }}|{{ {'k': [1, 'é<']} | json }}", name: "x.txt"
    )
    #expect(out == #"a%20b%26c%2F%C3%A9|x\;y\,z|{"k":[1,"é\u003c"]}"#)
    #expect(
      try TT.render("<p title=\"{{ v | json }}\">", name: "p.html", ["v": "q\""])
        == "<p title=\"&quot;q\\&quot;&quot;\">")
  }

  @Test func icsDateTimeFilters() throws {
    // TT.clock is 2026-11-22 10:00 UTC in Europe/Berlin; the 29 March 2026 08:30 is CEST.
    let context: [String: TemplateValue] = [
      "now": .dateTime(TT.clock.now), "d": .date(LocalDate(year: 2026, month: 3, day: 29)!),
      "t": .time(TimeOfDay(hour: 8, minute: 30)!),
    ]
    let out = try TT.render(
      "{{ now | ics_datetime }}|{{ now | ics_utc }}|{{ d | ics_datetime }}|{{ d | ics_utc }}|"
        + "{{ t | ics_utc }}", context)
    #expect(
      out == "20261122T110000|20261122T100000Z|20260329T000000|20260328T230000Z|20261122T073000Z")
  }
}
