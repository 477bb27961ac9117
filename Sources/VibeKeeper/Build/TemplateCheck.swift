import Foundation

/// The template half of `vibekeeper check`: renders every page and feed in memory in strict
/// mode (an undefined variable is an error) and publishes nothing.
public enum TemplateCheck {
  /// The template problems of the site built from `household` at `clock`: syntax errors,
  /// runtime errors and undefined variables, each at its template's line and column.
  public static func diagnostics(
    household: Household, templates: URL?, templatesDisplay: String?, clock: LocalClock
  ) -> [Diagnostic] {
    let library: TemplateLibrary
    do {
      library = try TemplateLibrary(userFolder: templates, displayRoot: templatesDisplay)
    } catch {
      let shown = templatesDisplay ?? templates?.path ?? "templates"
      return [
        Diagnostic(
          .error, SourceLocation(file: shown, line: 1, column: 1),
          "the template folder cannot be read")
      ]
    }
    let analysis = HouseholdAnalysis(household, clock: clock)
    // Media sizes do not matter here; the paths are enough to report missing photos.
    let media = Dictionary(uniqueKeysWithValues: household.media.map { ($0, [UInt8]()) })
    let renderer = SiteRenderer(
      household: household, analysis: analysis, library: library, strict: true, media: media)
    let site = renderer.render()
    return library.diagnostics + site.diagnostics
  }
}
