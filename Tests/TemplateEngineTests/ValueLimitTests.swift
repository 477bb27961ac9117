import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

/// A template cannot build a value beyond `maxValueBytes`: doubling a text thirty times
/// fails with a positioned error instead of taking all memory.
@Suite struct ValueLimitTests {
  static let doubling =
    "{% set s = 'xy' %}" + String(repeating: "{% set s = s ~ s %}", count: 30) + "{{ s | length }}"

  @Test func doublingATextStopsAtTheLimit() {
    let message = TT.error(Self.doubling)
    #expect(message.contains("the value limit"), "\(message)")
    // The 26th doubling passes 64 MB: its `~` is at column 18 + 25 * 19 + 14.
    #expect(message.hasPrefix("templates/t.html:1:\(18 + 25 * 19 + 14):"), "\(message)")
  }

  @Test func addingListsAndJoiningStopAtTheLimit() {
    let lists = "{% set l = [1, 2, 3, 4] %}" + String(repeating: "{% set l = l + l %}", count: 30)
    #expect(TT.error(lists).contains("the value limit"))
    let join =
      "{% set s = 'abcdefgh' %}"
      + String(repeating: "{% set s = [s, s, s, s] | join(s) %}", count: 12)
    #expect(TT.error(join).contains("the value limit"))
  }

  @Test func repetitionRangesAndReplacementsStopBeforeTheyAreMade() {
    // Each error is at the operator or call that would make the value.
    let cases = [
      ("{{ ('x' * 1000000) * 1000 }}", 20), ("{{ ([1] * 1000000) * 1000 }}", 20),
      ("{{ range(1000000000) | length }}", 9),
      ("{{ range(-9223372036854775807, 9223372036854775807) }}", 9),
      ("{% set s = 'a' * 40000000 %}{{ s | replace('a', 'bb') }}", 36),
      ("{% set s = 'a' * 40000000 %}{{ s | replace('', 'bb') }}", 36),
    ]
    for (text, column) in cases {
      #expect(
        TT.error(text).prefix { $0 != "\n" }
          == "templates/t.html:1:\(column): error: the value grows beyond 64 MB, the most a template may build (the value limit)",
        "\(text)")
    }
  }

  @Test func nestedListsCannotMultiplyUnseen() {
    // Each list holds the last twice: thirty levels would print as 2^30 items.
    let doubling =
      "{% set l = [1] %}" + String(repeating: "{% set l = [l, l] %}", count: 30) + "{{ l }}"
    #expect(TT.error(doubling).contains("the value limit"), "\(TT.error(doubling))")
    let deep = "{% set l = [] %}" + String(repeating: "{% set l = [l] %}", count: 40) + "{{ l }}"
    #expect(TT.error(deep).contains("lists and maps nest more than 32 deep"))
  }

  @Test func manyLargeValuesStopAtTheBuildLimit() throws {
    var environment = TT.environment(strict: true)
    environment.maxValueBytes = 1 << 20
    environment.maxBuiltBytes = 8 << 20
    let text =
      "{% set s = 'x' * 1000000 %}{% for i in range(100) %}{% set t = s ~ i %}{% endfor %}"
    let template = try Template(name: "t.txt", text: text, displayPath: "t.txt")
    #expect(throws: TemplateError.self) {
      try template.render(context: [:], environment: environment)
    }
    do {
      _ = try template.render(context: [:], environment: environment)
    } catch {
      #expect(error.message.contains("(the build limit)"), "\(error)")
      #expect(error.location.column == 66, "\(error)")
    }
  }

  @Test func theStepAndOutputLimitsSayWhichAndWhere() throws {
    var environment = TT.environment(strict: true)
    environment.maxSteps = 1000
    environment.maxOutputBytes = 10_000
    let loop = try Template(
      name: "t.txt", text: "a\n  {% for i in range(5000) %}{% endfor %}", displayPath: "t.txt")
    do {
      _ = try loop.render(context: [:], environment: environment)
      Issue.record("no error")
    } catch {
      #expect(error.message.contains("more than 1000 steps of work (the step limit)"))
      #expect("\(error.location)" == "t.txt:2:6")
    }
    let big = try Template(
      name: "t.txt", text: "{% for i in range(500) %}\n{{ 'x' * 100 }}{% endfor %}",
      displayPath: "t.txt")
    do {
      _ = try big.render(context: [:], environment: environment)
      Issue.record("no error")
    } catch {
      #expect(
        error.message.contains("beyond 10000 bytes, the most one page may have (the output limit)"))
      #expect(error.location.line == 2, "\(error)")
    }
  }

  @Test func ordinaryValuesAreFine() throws {
    #expect(try TT.render("{{ 'a' ~ 'b' }}{{ ([1] + [2]) | length }}") == "ab2")
  }
}

/// Control characters from data never reach the HTML (issue 14, item 7).
@Suite struct HTMLControlCharacterTests {
  @Test func controlCharactersBecomeReplacementCharacters() throws {
    let html = try TT.render(
      "<p>{{ t }}</p>", name: "t.html", ["t": "a\u{0}b\u{1B}[2J\tc\nd\u{7F}"])
    #expect(html == "<p>a\u{FFFD}b\u{FFFD}[2J\tc\nd\u{FFFD}</p>")
  }
}
