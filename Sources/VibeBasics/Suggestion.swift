/// Did-you-mean suggestions for unknown names (fields, filters, ids).
public enum Suggestion {
  /// The candidate closest to `word` by edit distance (case-insensitive), when it is close
  /// enough to be a plausible typo: at most a third of the word's length apart (so words
  /// shorter than three letters only match by case); ties go to the first in sorted order.
  public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty, target.count <= 64 else { return nil }
    let limit = target.count / 3
    var best: (String, Int)?
    // The word itself is no suggestion ("did you mean 'items'?" for `items`).
    for candidate in candidates where candidate != word {
      let c = Array(candidate.lowercased().unicodeScalars)
      guard abs(c.count - target.count) <= limit else { continue }
      let d = distance(target, c)
      if d <= limit, d < (best?.1 ?? Int.max) || (d == best?.1 && candidate < (best?.0 ?? "")) {
        best = (candidate, d)
      }
    }
    if best == nil {
      // A prefix or containment match ("birth" for "birthday") is also a good hint.
      best = candidates.filter {
        let l = $0.lowercased()
        return target.count >= 3 && $0 != word
          && (l.hasPrefix(word.lowercased()) || word.lowercased().hasPrefix(l))
      }.sorted().first.map { ($0, 0) }
    }
    return best?.0
  }

  /// The id whose name is closest to `word`, where an id goes by several names (itself,
  /// its last path part, its title): a name equal to `word` names its id (unless that id
  /// is `word` itself), else the closest name as `closest(to:in:)` finds it. A name given
  /// for two ids names the first.
  public static func closestID(to word: String, names: [(name: String, id: String)]) -> String? {
    var byName: [String: String] = [:]
    for (name, id) in names where byName[name] == nil { byName[name] = id }
    if let exact = byName[word], exact != word { return exact }
    return closest(to: word, in: byName.keys.sorted()).flatMap { byName[$0] }
  }

  /// Damerau-Levenshtein (optimal string alignment) distance.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev2 = [Int](repeating: 0, count: b.count + 1)
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      cur[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
        cur[j] = v
      }
      (prev2, prev, cur) = (prev, cur, prev2)
    }
    return prev[b.count]
  }
}
