/// The one place a run's diagnostics are put together, used by `check`, `build`, `watch`
/// and `report`: the loader's (by file and position), then the analyses' cross-record
/// warnings, then, when the site was rendered, the templates' and the pages'.
public enum BuildDiagnostics {
  /// The diagnostics in the order they are printed.
  public static func collect(
    loaded: LoadedData, analysis: HouseholdAnalysis, templates: [Diagnostic] = [],
    site: [Diagnostic] = []
  ) -> [Diagnostic] {
    // A template that fails to parse is said by the library and again by the page that
    // renders it: once is enough.
    var seen: Set<Diagnostic> = []
    return (loaded.diagnostics + analysis.diagnostics + templates + site).filter {
      $0.severity != .error || seen.insert($0).inserted
    }
  }
}
