import Foundation
import Testing
import VibeBasics

@testable import TemplateEngine

/// Every template that ever crashed the engine or took all its memory, kept as a test: from
/// the fuzzer (`Benchmarks/Fuzz/run-fuzz.sh`, whose small limits this suite uses) and from
/// the issues. Each must end in an error or an output, never in a crash.
@Suite struct FuzzFindingsTests {
  /// The fuzzer's render environment: small limits, so a runaway stops early.
  static let environment: RenderEnvironment = {
    var env = TT.environment(strict: false)
    env.maxSteps = 20_000
    env.maxOutputBytes = 1 << 20
    env.maxDepth = 12
    env.maxValueBytes = 1 << 20
    env.maxBuiltBytes = 16 << 20
    return env
  }()

  /// Issue 19: each of these aborted the process with "failed to allocate".
  static let findings = [
    "{% set s = 'xy' %}" + String(repeating: "{% set s = s ~ s %}", count: 30),
    "{% set l = [1, 2] %}" + String(repeating: "{% set l = l + l %}", count: 30),
    "{% set s = 'ab' %}" + String(repeating: "{% set s = [s, s] | join(s) %}", count: 20),
    "{% set s = 'ab' %}" + String(repeating: "{% set s = s | replace('a', s) %}", count: 30),
    "{{ 'x' * 9223372036854775807 }}", "{{ [1] * 9223372036854775807 }}",
    "{{ range(9223372036854775807) }}", "{{ range(-9223372036854775807, 9223372036854775807, 2) }}",
    "{% for i in range(100000000) %}{% endfor %}",
    "{% set l = [1] %}" + String(repeating: "{% set l = [l, l] %}", count: 40) + "{{ l }}",
    "{% set l = [] %}" + String(repeating: "{% set l = [l] %}", count: 10_000) + "{{ l }}",
    "{% set m = {} %}" + String(repeating: "{% set m = {'a': m, 'b': m} %}", count: 40)
      + "{{ m | json }}",
    "{% macro m(s) %}{{ s }}{{ s }}{% endmacro %}{% set s = 'x' * 1000 %}"
      + String(repeating: "{% set s = m(s) %}", count: 30),
    "{{ ('ab' * 10) | replace('', 'x' * 100000) }}",
    "{% for i in range(1000) %}{% set t = ('y' * 1000000) ~ i %}{% endfor %}",
    String(repeating: "{{ -", count: 200), String(repeating: "(", count: 10_000),
    "{{ '\\U0011FFFF' }}", "{{ '\\x' }}", "{#-#}", "{{ 1 < 2 < }}",
  ]

  @Test func everyFindingEndsWithoutACrash() throws {
    for text in Self.findings {
      let library = try TemplateLibrary(defaults: ["in.html": text])
      let result = Result {
        try library.render("in.html", context: [:], environment: Self.environment)
      }
      if case .success(let output) = result {
        #expect(output.output.utf8.count <= Self.environment.maxOutputBytes, "\(text.prefix(60))")
      }
    }
  }

  @Test func theRunawayOnesAreStoppedByALimitThatSaysSo() throws {
    let limits = [
      "(the value limit)", "(the build limit)", "(the step limit)", "(the output limit)",
      "nest more than 32",
    ]
    for text in Self.findings.prefix(15) {
      let library = try TemplateLibrary(defaults: ["in.html": text])
      do {
        _ = try library.render("in.html", context: [:], environment: Self.environment)
        Issue.record("no error: \(text.prefix(60))")
      } catch {
        #expect(limits.contains { error.message.contains($0) }, "\(text.prefix(60)): \(error)")
      }
    }
  }
}
