import Foundation

/// Turns what is left of a capture sentence, once the recipient, occasion, date and price
/// are taken out, into the gift's title: filler words (`would love a`) and dangling
/// connectors (`for`, `on`) are dropped and the first letter is capitalised.
enum CaptureTitle {
  /// Words always dropped from the start of a piece.
  private static let leadingFiller: Set<String> = [
    "would", "will", "might", "may", "could", "should", "maybe", "perhaps", "i", "we", "think",
    "a", "an", "some", "her", "his", "their", "my", "our", "for", "to", "on", "at", "by",
    "with", "and", "of", "about", "around", "is", "be", "really", "loves", "likes", "wants",
    "needs", "uses",
  ]
  /// Words dropped from the start of a piece only inside a run of filler ("would *love* a",
  /// "*buy* a") or before nothing else: they may also be the start of a name ("Gift card",
  /// "Love Actually"). `the` and `this` go only before a word in lower case (not "The
  /// Hobbit").
  private static let leadingVerbs: Set<String> = [
    "love", "like", "want", "need", "use", "get", "buy", "gift", "idea", "ideas", "present",
    "new", "the", "this", "that", "these", "those",
  ]
  /// Words dropped from the end of a piece.
  private static let trailingFiller: Set<String> = [
    "for", "to", "on", "at", "by", "with", "and", "of", "the", "a", "an", "her", "his",
    "their", "my", "our", "about", "around", "in", "is", "or", "maybe", "approx",
    "approximately", "roughly", "under", "costs", "cost", "price", "priced",
  ]

  /// The title in `remainder` (where `\u{1}` marks removed words), with its confidence.
  static func make(from remainder: String) -> Captured<String>? {
    var pieces: [(text: String, afterRemoved: Bool, after: Character?)] = []
    var current = ""
    var afterRemoved = false
    // The break before the piece being read (what joins it to the last one).
    var after: Character?
    let breaks: Set<Character> = [
      ",", ";", ":", "(", ")", "[", "]", "–", "—", "\u{1}", "!", "?", "\n",
    ]
    // A quoted name ("Dune: Part 2") is one piece, whatever it holds; a quote mark without
    // its pair (27" monitor) quotes nothing.
    let straight = remainder.filter { $0 == "\"" }.count
    let quotes =
      straight >= 2 && straight % 2 == 0 || remainder.contains("“") && remainder.contains("”")
    var quoted = false
    for ch in remainder {
      if quotes, ch == "\"" || ch == "“" || ch == "”" { quoted = ch == "”" ? false : !quoted }
      if breaks.contains(ch), !quoted || ch == "\u{1}" {
        // Whether something another field took lies between this piece and the last
        // one with words.
        let blank = current.allSatisfy(\.isWhitespace)
        pieces.append((current, afterRemoved, after))
        after = blank && after != nil && ch == "\u{1}" ? after : ch
        current = ""
        afterRemoved =
          ch == "\u{1}" || ch == "," || ch == ";" || ch == "\n" || (blank && afterRemoved)
      } else {
        current.append(ch)
      }
    }
    pieces.append((current, afterRemoved, after))
    let kept = pieces.map { (text: clean($0.text), afterRemoved: $0.afterRemoved, after: $0.after) }
      .filter { !$0.text.isEmpty }
    let cleaned = kept.map(\.text)
    guard !cleaned.isEmpty else { return nil }
    // Pieces are joined as they were written apart: a colon, a dash or brackets stay what
    // they were ("Dune: Part 2", "Cookbook (Ottolenghi)"); anything else (a comma, words
    // another field took) becomes a comma.
    var title = ""
    for (i, piece) in kept.enumerated() {
      if i > 0 {
        switch piece.after {
        case ":": title += ": "
        case "(", "[": title += " ("
        case "–": title += " – "
        case "—": title += " — "
        case ";": title += "; "
        default: title += ", "
        }
      }
      title += piece.text
      if piece.after == "(" || piece.after == "[", i > 0 { title += ")" }
    }
    // "iPhone case" and "eReader" keep their capitals where they are.
    let firstWord = title.prefix { !$0.isWhitespace }
    if !firstWord.dropFirst().contains(where: \.isUppercase) {
      title = title.prefix(1).uppercased() + title.dropFirst()
    }
    let words = CaptureText(title).words.count
    var confidence = words <= 6 ? 0.9 : words <= 10 ? 0.75 : 0.5
    if cleaned.count > 2 { confidence = min(confidence, 0.6) }
    // Words after a comma, or on both sides of what another field took ("a plant [for her
    // housewarming] party", "Mug [for mom for her] 70th", "pottery class, she mentioned
    // it") are most often the rest of a clause, not the name; pieces a colon or brackets
    // set off ("Cookbook (Ottolenghi)", "Board game: Catan") are the name's own.
    if kept.dropFirst().contains(where: \.afterRemoved) { confidence = min(confidence, 0.65) }
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
    func key(_ w: String) -> String { CaptureText.key(strip(w)).0 }
    var inFiller = false
    while let w = words.first {
      let k = key(w)
      let next = words.dropFirst().first
      let dropped: Bool
      if strip(w).isEmpty || leadingFiller.contains(k) {
        dropped = true
      } else if leadingVerbs.contains(k) {
        let nextIsFiller =
          next.map { leadingFiller.contains(key($0)) || leadingVerbs.contains(key($0)) } ?? true
        let lowerNext = next.map { strip($0).first?.isLowercase ?? true } ?? true
        // As written: `that's` is no article.
        let article = ["the", "this", "that", "these", "those"].contains(strip(w).lowercased())
        dropped = article ? lowerNext : inFiller || nextIsFiller
      } else {
        dropped = false
      }
      guard dropped else { break }
      words.removeFirst()
      inFiller = true
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
