import Foundation

@testable import VibeKeeper

/// The render environment of the site's template tests, as in the template engine's tests:
/// 2026-11-22 10:00 UTC in Europe/Berlin, euros, undefined variables only warned about.
enum TemplateFixture {
  static let clock = TimeFixture.clock("2026-11-22T10:00:00Z")

  static func environment() -> RenderEnvironment {
    RenderEnvironment(clock: clock, currency: "EUR")
  }
}
