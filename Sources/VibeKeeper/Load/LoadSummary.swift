/// The per-kind counts `check` prints after the diagnostics.
public enum LoadSummary {
  /// One line per kind with its count, then the total and the diagnostics count.
  public static func text(_ household: Household) -> String {
    let width = RecordKind.allCases.map(\.folder.count).max() ?? 10
    var out = ""
    for kind in RecordKind.allCases {
      let name = kind.folder + String(repeating: " ", count: width - kind.folder.count)
      out += "  \(name)  \(household.count(of: kind))\n"
    }
    out += "  \(String(repeating: " ", count: width))  \(household.recordCount) records"
    if !household.media.isEmpty { out += ", \(household.media.count) media files" }
    out += "\n"
    return out
  }
}
