/// One file a write changes: its path inside the data folder, its text before (nil for a
/// new file) and after.
public struct FileChange: Sendable, Equatable {
  /// The path inside the data folder (`purchases/2026/11.yml`).
  public let path: String
  /// The text it had when it was read, nil when it did not exist.
  public let before: String?
  /// The text to write.
  public let after: String
  /// Whether the file holds a secret: written readable by its owner only.
  public let isPrivate: Bool
  /// The bytes of a new file that is not text (a picture in `media/`); `after` is then empty.
  public let bytes: [UInt8]?

  /// A change of `path` from `before` to `after` (or, for a new binary file, to `bytes`).
  public init(
    path: String, before: String?, after: String, isPrivate: Bool = false, bytes: [UInt8]? = nil
  ) {
    self.path = path
    self.before = before
    self.after = after
    self.isPrivate = isPrivate
    self.bytes = bytes
  }

  /// The lines that change, as a small diff: ` ` for context, `-` removed, `+` added, one
  /// hunk around the changed lines (the writers change only the lines they must).
  public var diff: String {
    let old = TextLines(before ?? "").lines.map(TextLines.bare)
    let new = TextLines(after).lines.map(TextLines.bare)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var out: [String] = []
    let from = max(0, prefix - 1)
    out += old[from..<prefix].map { "  " + $0 }
    out += FileChange.middle(
      Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
    out += new[(new.count - suffix)..<min(new.count, new.count - suffix + 1)].map { "  " + $0 }
    return out.joined(separator: "\n")
  }

  /// The changed middle of a file, line by line: the lines both sides keep (a longest
  /// common subsequence) as context, the rest removed or added, so fields an edit leaves
  /// alone between the ones it changes are not shown as removed and added again. A middle
  /// too large to compare (over a million line pairs) is shown as removed, then added.
  static func middle(_ old: [String], _ new: [String]) -> [String] {
    guard !old.isEmpty, !new.isEmpty, old.count * new.count <= 1_000_000 else {
      return old.map { "- " + $0 } + new.map { "+ " + $0 }
    }
    // kept[i][j]: the longest common subsequence of old[i...] and new[j...].
    var kept = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        kept[i][j] = old[i] == new[j] ? kept[i + 1][j + 1] + 1 : max(kept[i + 1][j], kept[i][j + 1])
      }
    }
    var out: [String] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        out.append("  " + old[i])
        (i, j) = (i + 1, j + 1)
      } else if j == new.count || (i < old.count && kept[i + 1][j] >= kept[i][j + 1]) {
        out.append("- " + old[i])
        i += 1
      } else {
        out.append("+ " + new[j])
        j += 1
      }
    }
    return out
  }
}
