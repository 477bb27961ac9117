import Foundation

/// A capture sentence split into words, with the spans the parser has already used up, so
/// each later pattern only sees what is left and the title is what remains at the end.
struct CaptureText {
  /// A word: letters and digits, with inner apostrophes and hyphens (`Sam's`,
  /// `noise-cancelling`).
  struct Word {
    /// Where it is in the sentence.
    let range: Range<String.Index>
    /// As written.
    let text: String
    /// Lower-cased, diacritics folded, a possessive `'s` removed (`sam`).
    let key: String
    /// Whether it ended in `'s` (or `'`).
    let possessive: Bool
  }

  /// The sentence as given.
  let original: String
  /// Its words in order.
  let words: [Word]
  /// Spans already used by a field, in no particular order.
  private(set) var used: [Range<String.Index>] = []

  init(_ text: String) {
    original = text
    words = Self.split(text)
  }

  /// Whether `range` overlaps a used span.
  func isUsed(_ range: Range<String.Index>) -> Bool {
    used.contains { $0.overlaps(range) }
  }

  /// Marks `range` as used.
  mutating func use(_ range: Range<String.Index>) {
    used.append(range)
  }

  /// The indices of words not yet used.
  var freeWords: [Int] {
    words.indices.filter { !isUsed(words[$0].range) }
  }

  /// The sentence text of a span.
  func text(_ range: Range<String.Index>) -> String { String(original[range]) }

  /// The span from word `a` through word `b`.
  func span(_ a: Int, _ b: Int) -> Range<String.Index> {
    words[a].range.lowerBound..<words[b].range.upperBound
  }

  /// The text left after removing every used span; each removed span becomes `\u{1}`.
  var remainder: String {
    var out = ""
    var i = original.startIndex
    let spans = used.sorted { $0.lowerBound < $1.lowerBound }
    for span in spans {
      if span.lowerBound > i { out += original[i..<span.lowerBound] }
      if span.upperBound > i {
        out += "\u{1}"
        i = span.upperBound
      }
    }
    out += original[i...]
    return out
  }

  /// A word's lookup key: folded, lower-case, `'s` removed.
  static func key(_ word: String) -> (String, Bool) {
    var k = Slug.fold(word).replacingOccurrences(of: "’", with: "'")
    if k.hasSuffix("'s") {
      k.removeLast(2)
      return (k, true)
    }
    if k.hasSuffix("'") {
      k.removeLast()
      return (k, true)
    }
    return (k, false)
  }

  private static func split(_ text: String) -> [Word] {
    var words: [Word] = []
    var start: String.Index?
    var i = text.startIndex
    func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    while i < text.endIndex {
      let c = text[i]
      let next = text.index(after: i)
      let joins =
        (c == "'" || c == "’" || c == "-") && start != nil
        && (next < text.endIndex ? isWordChar(text[next]) || c != "-" : c != "-")
      if isWordChar(c) || joins {
        if start == nil { start = i }
      } else if let s = start {
        words.append(word(text, s..<i))
        start = nil
      }
      i = next
    }
    if let s = start { words.append(word(text, s..<text.endIndex)) }
    return words
  }

  private static func word(_ text: String, _ range: Range<String.Index>) -> Word {
    let raw = String(text[range])
    let (key, possessive) = Self.key(raw)
    return Word(range: range, text: raw, key: key, possessive: possessive)
  }
}
