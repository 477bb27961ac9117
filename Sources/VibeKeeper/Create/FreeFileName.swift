/// Picks names for new record files that never collide with an existing record: the slug
/// itself, then `slug-2`, `slug-3`, ...
enum FreeFileName {
  /// How many numbered names are tried before giving up.
  static let limit = 10_000

  /// The candidate base names in order: `slug`, `slug-2`, ..., `slug-<limit>`.
  static func candidates(_ slug: String) -> some Sequence<String> {
    (1...limit).lazy.map { $0 == 1 ? slug : "\(slug)-\($0)" }
  }

  /// Whether a base name is free in `folder` (a kind folder): no record already has its id
  /// and no `.md`, `.yml` or `.yaml` file of that name exists. The final check against a
  /// race is the exclusive create itself.
  static func isFree(
    _ base: String, takenIDs: Set<String>, exists: (String) -> Bool
  ) -> Bool {
    guard !takenIDs.contains(base.lowercased()) else { return false }
    return !["md", "yml", "yaml", "MD", "YML", "YAML"].contains { exists("\(base).\($0)") }
  }
}
