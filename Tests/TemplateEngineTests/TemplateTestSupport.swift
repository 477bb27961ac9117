import Foundation
import VibeBasics

@testable import TemplateEngine

/// Shared fixtures for the template tests: a fixed clock in Europe/Berlin and helpers that
/// parse and render a template text in one call.
enum TT {
  /// 2026-11-22 10:00 UTC (11:00 in Berlin), a Sunday.
  static let clock = LocalClock(
    now: Date(timeIntervalSince1970: 1_795_341_600),
    timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)

  static func environment(strict: Bool = false, currency: String = "EUR") -> RenderEnvironment {
    RenderEnvironment(clock: clock, currency: currency, strict: strict)
  }

  /// Renders `text` as a template called `name`.
  static func render(
    _ text: String, name: String = "t.txt", _ context: [String: TemplateValue] = [:],
    strict: Bool = true, library: TemplateLibrary? = nil
  ) throws -> String {
    try result(text, name: name, context, strict: strict, library: library).output
  }

  /// Renders and returns output and warnings.
  static func result(
    _ text: String, name: String = "t.txt", _ context: [String: TemplateValue] = [:],
    strict: Bool = true, library: TemplateLibrary? = nil
  ) throws -> RenderResult {
    let template = try Template(name: name, text: text, displayPath: "templates/" + name)
    return try template.render(
      context: context, environment: environment(strict: strict), library: library)
  }

  /// The error a template gives (parse or render), as text; "" when there is none.
  static func error(
    _ text: String, name: String = "t.html", _ context: [String: TemplateValue] = [:],
    library: TemplateLibrary? = nil
  ) -> String {
    do {
      _ = try render(text, name: name, context, strict: true, library: library)
      return ""
    } catch {
      return "\(error)"
    }
  }

  static func library(_ templates: [String: String]) throws -> TemplateLibrary {
    try TemplateLibrary(defaults: templates)
  }

  static let gift: TemplateValue = [
    "title": "Tea set", "price": .decimal(Decimal(string: "42.5") ?? 0),
    "recipient": ["name": "Ana", "birthday": .date(LocalDate(year: 1990, month: 2, day: 28)!)],
    "tags": ["kitchen", "gift"],
  ]
}
