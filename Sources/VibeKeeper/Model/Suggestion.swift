/// The candidate closest to a misspelled name, for "did you mean ...?" hints.
///
/// Compares case-insensitively by edit distance (a swap of two neighbours counts as one
/// edit) and accepts a match only when it is a plausible typo: at most a third of the
/// name's length apart (names shorter than three letters only match by case). Ties go to the candidate that sorts first, so
/// the answer is stable.
public func closestMatch(to name: String, in candidates: [String]) -> String? {
  let target = Array(name.lowercased().unicodeScalars)
  guard !target.isEmpty, target.count <= 64 else { return nil }
  let limit = target.count / 3
  var best: (distance: Int, name: String)?
  for candidate in candidates.sorted() {
    let other = Array(candidate.lowercased().unicodeScalars)
    guard abs(other.count - target.count) <= limit, other.count <= 64 else { continue }
    let distance = editDistance(target, other)
    guard distance <= limit else { continue }
    if best == nil || distance < best?.distance ?? Int.max { best = (distance, candidate) }
  }
  return best?.name
}

/// The optimal-string-alignment distance between two sequences of scalars: insertions,
/// deletions, substitutions and swaps of neighbours each cost one.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var older = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], older[j - 2] + 1)
      }
    }
    (older, previous, current) = (previous, current, older)
  }
  return previous[b.count]
}
