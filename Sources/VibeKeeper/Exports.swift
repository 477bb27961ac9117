// The value types every layer shares (dates, clocks, diagnostics, hashing, JSON) live in
// the VibeBasics target; re-exported so `import VibeKeeper` keeps bringing them along.
@_exported import VibeBasics
