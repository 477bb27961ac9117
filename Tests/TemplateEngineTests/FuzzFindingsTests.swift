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

  /// Issue 19: each of these aborted the process with "failed to allocate"; each now ends
  /// in the error that names its limit, at the node that hit it (`line:column message`), or
  /// in its output (`= output`).
  static let findings: [(text: String, outcome: String)] = [
    (
      "{% set s = 'xy' %}" + String(repeating: "{% set s = s ~ s %}", count: 30),
      "1:393 the value grows beyond 1 MB, the most a template may build (the value limit)"
    ),
    (
      "{% set l = [1, 2] %}" + String(repeating: "{% set l = l + l %}", count: 30),
      "1:319 the value grows beyond 1 MB, the most a template may build (the value limit)"
    ),
    (
      "{% set s = 'ab' %}" + String(repeating: "{% set s = [s, s] | join(s) %}", count: 20),
      "1:369 the value grows beyond 1 MB, the most a template may build (the value limit)"
    ),
    (
      "{% set s = 'ab' %}" + String(repeating: "{% set s = s | replace('a', s) %}", count: 30),
      "1:661 the value grows beyond 1 MB, the most a template may build (the value limit)"
    ),
    ("{{ 'x' * 9223372036854775807 }}", "1:8 the value grows beyond 1 MB, \(Self.valueLimit)"),
    ("{{ [1] * 9223372036854775807 }}", "1:8 the value grows beyond 1 MB, \(Self.valueLimit)"),
    ("{{ range(9223372036854775807) }}", "1:9 the value grows beyond 1 MB, \(Self.valueLimit)"),
    (
      "{{ range(-9223372036854775807, 9223372036854775807, 2) }}",
      "1:9 the value grows beyond 1 MB, \(Self.valueLimit)"
    ),
    (
      "{% for i in range(100000000) %}{% endfor %}",
      "1:18 the value grows beyond 1 MB, \(Self.valueLimit)"
    ),
    (
      "{% set l = [1] %}" + String(repeating: "{% set l = [l, l] %}", count: 40) + "{{ l }}",
      "1:310 the value grows beyond 1 MB, \(Self.valueLimit)"
    ),
    (
      "{% set l = [] %}" + String(repeating: "{% set l = [l] %}", count: 10_000) + "{{ l }}",
      "1:556 lists and maps nest more than 32 deep"
    ),
    (
      "{% set m = {} %}" + String(repeating: "{% set m = {'a': m, 'b': m} %}", count: 40)
        + "{{ m | json }}",
      "1:454 the value grows beyond 1 MB, \(Self.valueLimit)"
    ),
    (
      "{% macro m(s) %}{{ s }}{{ s }}{% endmacro %}{% set s = 'x' * 1000 %}"
        + String(repeating: "{% set s = m(s) %}", count: 30),
      "1:24 the output grows beyond 1 MB, the most one page may have (the output limit)"
    ),
    (
      "{{ ('ab' * 10) | replace('', 'x' * 100000) }}",
      "1:18 the value grows beyond 1 MB, \(Self.valueLimit)"
    ),
    (
      "{% for i in range(1000) %}{% set t = ('y' * 1000000) ~ i %}{% endfor %}",
      "1:43 the template builds more than 16 MB of values in all (the build limit)"
    ),
    // From the fuzzer: parser and lexer inputs.
    (String(repeating: "{{ -", count: 200), "1:1 unclosed '{{'; expected '}}'"),
    (String(repeating: "(", count: 10_000), "= " + String(repeating: "(", count: 10_000)),
    ("{{ '\\U0011FFFF' }}", "1:5 '\\U' gives U+11FFFF, which is not a character"),
    ("{{ '\\x' }}", "1:5 '\\x' needs 2 hexadecimal digits"),
    ("{#-#}", "= "),
    ("{{ 1 < 2 < }}", "1:12 expected an expression, found the end of the tag"),
  ]

  static let valueLimit = "the most a template may build (the value limit)"

  /// How a finding ends: `line:column message`, or `= output`.
  static func outcome(of text: String) throws -> String {
    let library = try TemplateLibrary(defaults: ["in.html": text])
    do {
      return "= " + (try library.render("in.html", context: [:], environment: environment).output)
    } catch {
      let at = error.diagnostic.location
      return "\(at.line):\(at.column) \(error.message)"
    }
  }

  @Test func everyFindingEndsInItsErrorOrOutput() throws {
    for (text, expected) in Self.findings {
      #expect(try Self.outcome(of: text) == expected, "\(text.prefix(60))")
    }
  }
}
