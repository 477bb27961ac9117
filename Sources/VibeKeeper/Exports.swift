// The value types every layer shares (dates, clocks, diagnostics, hashing, JSON) live in
// VibeBasics, the template engine in TemplateEngine; both are re-exported so that
// `import VibeKeeper` keeps bringing them along (the executable, the tests, the benchmarks).
@_exported import TemplateEngine
@_exported import VibeBasics
