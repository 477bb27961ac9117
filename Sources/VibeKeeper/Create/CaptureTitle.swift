import Foundation

/// Turns what is left of a capture sentence, once the recipient, occasion, date and price
/// are taken out, into the gift's title: filler words (`would love a`) and dangling
/// connectors (`for`, `on`) are dropped and the first letter is capitalised.
enum CaptureTitle {
  /// Words dropped from the start of a piece.
  private static let leadingFiller: Set<String> = [
    "would", "will", "might", "may", "could", "should", "love", "loves", "like", "likes",
    "want", "wants", "need", "needs", "use", "get", "buy", "gift", "idea", "ideas", "present",
    "maybe", "perhaps", "i", "we", "think", "a", "an", "the", "some", "her", "his", "their",
    "my", "our", "for", "to", "on", "at", "by", "with", "and", "of", "about", "around", "is",
    "be", "really", "new",
  ]
  /// Words dropped from the end of a piece.
  private static let trailingFiller: Set<String> = [
    "for", "to", "on", "at", "by", "with", "and", "of", "the", "a", "an", "her", "his",
    "their", "my", "our", "about", "around", "in", "is", "or", "maybe", "approx",
    "approximately", "roughly", "under", "costs", "cost", "price", "priced",
  ]

  /// The title in `remainder` (where `\u{1}` marks removed words), with its confidence.
  static func make(from remainder: String) -> Captured<String>? {
    var pieces: [String] = []
    var current = ""
    let breaks: Set<Character> = [
      ",", ";", ":", "(", ")", "[", "]", "–", "—", "\u{1}", "!", "?", "\n",
    ]
    for ch in remainder {
      if breaks.contains(ch) {
        pieces.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    pieces.append(current)
    let cleaned = pieces.map(clean).filter { !$0.isEmpty }
    guard !cleaned.isEmpty else { return nil }
    var title = cleaned.joined(separator: ", ")
    title = title.prefix(1).uppercased() + title.dropFirst()
    let words = CaptureText(title).words.count
    var confidence = words <= 6 ? 0.9 : words <= 10 ? 0.75 : 0.5
    if cleaned.count > 2 { confidence = min(confidence, 0.6) }
    if CaptureText(title).words.contains(where: { $0.text.allSatisfy(\.isNumber) }) {
      confidence = min(confidence, 0.65)  // a number left over may be a missed price or date
    }
    return Captured(title, confidence: confidence, source: title)
  }

  /// A piece without surrounding filler, stray dashes and dots, and extra spaces.
  private static func clean(_ piece: String) -> String {
    var words = piece.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    let strip: (String) -> String = {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: ".-–—\"'“”‘’~"))
    }
    while let w = words.first,
      strip(w).isEmpty || leadingFiller.contains(CaptureText.key(strip(w)).0)
    {
      words.removeFirst()
    }
    while let w = words.last,
      strip(w).isEmpty || trailingFiller.contains(CaptureText.key(strip(w)).0)
    {
      words.removeLast()
    }
    var text = words.joined(separator: " ")
    while let last = text.last, ".-".contains(last) { text.removeLast() }
    return text
  }
}
