/// Finds the occasion in a capture sentence: `birthday` (the recipient's birthday),
/// `Christmas`/`Xmas` (the household's Christmas occasion), or any loaded occasion whose
/// title or id words appear (`housewarming`); failing that, an occasion or the recipient's
/// birthday on the date the sentence names.
enum CaptureOccasion {
  /// An occasion read from the sentence.
  struct Match {
    let occasion: Captured<String>?
    let range: Range<String.Index>?
    let note: String?
  }

  private static let birthdayWords: Set<String> = ["birthday", "bday", "b-day", "birthdays"]
  private static let christmasWords: Set<String> = ["christmas", "xmas", "x-mas", "weihnachten"]
  /// Words too common to pick an occasion by.
  private static let stopWords: Set<String> = [
    "the", "our", "and", "day", "with", "from", "this", "that", "year's",
  ]
  /// Words that may sit around an occasion's words and go with them.
  private static let around: Set<String> = [
    "for", "at", "on", "to", "the", "her", "his", "their", "our", "my", "your", "its",
  ]

  /// The occasion in the free words of `text`; `recipient` breaks ties and enables
  /// `birthday`; `date` is used when no word names an occasion.
  static func find(
    in text: CaptureText, occasions: [Occasion], contacts: [Contact], recipient: String?,
    date: LocalDate?
  ) -> Match? {
    let free = text.freeWords
    // Of several ("a birthday cake for Zoë's birthday"), the one that is the occasion.
    let birthdays = free.filter { birthdayWords.contains(text.words[$0].key) }
    if let w = birthdays.first(where: { !namesThing(text, $0, $0) }) ?? birthdays.first {
      let hasBirthday = contacts.first { $0.id == recipient }?.birthday != nil
      // "a birthday cake mold" is the idea's name: the word stays in the title, and the
      // occasion is only a guess.
      let modifier = namesThing(text, w, w)
      return Match(
        occasion: Captured(
          "birthday", confidence: hasBirthday && !modifier ? 0.9 : 0.6,
          source: text.words[w].text),
        range: modifier ? nil : widen(text, w, w, extra: []), note: nil)
    }
    if let w = free.first(where: { christmasWords.contains(text.words[$0].key) }) {
      let hits = occasions.filter {
        let key = Slug.fold($0.id + " " + $0.title)
        return key.contains("christmas") || key.contains("xmas")
      }.sorted {
        ($0.id == "christmas" ? 0 : 1, $0.id.count, $0.id) < (
          $1.id == "christmas" ? 0 : 1, $1.id.count, $1.id
        )
      }
      var last = w
      if w + 1 < text.words.count, text.words[w + 1].key == "eve" { last = w + 1 }
      // "a Christmas jumper" is the idea's name, as for birthdays.
      let modifier = namesThing(text, w, last)
      let range = modifier ? nil : widen(text, w, last, extra: ["eve"])
      guard let best = hits.first else {
        return Match(
          occasion: nil, range: range,
          note:
            "no Christmas occasion in the data, so none is set (add one with `vibekeeper new occasion Christmas --date 2026-12-25 --recurring yearly`)"
        )
      }
      return Match(
        occasion: Captured(
          best.id, confidence: modifier ? 0.6 : hits.count == 1 ? 0.9 : 0.85,
          source: text.text(text.span(w, last))),
        range: range, note: nil)
    }
    if let match = byWords(text, free, occasions, contacts, recipient) { return match }
    guard let date else { return nil }
    if let o = occasions.first(where: {
      occurs($0, on: date) && ($0.contact == nil || $0.contact == recipient)
    }) {
      return Match(
        occasion: Captured(o.id, confidence: 0.8, source: "the date"), range: nil, note: nil)
    }
    if let c = contacts.first(where: { $0.id == recipient }), let b = c.birthday,
      b.date(in: date.year, leap: c.leapBirthday) == date
    {
      return Match(
        occasion: Captured("birthday", confidence: 0.8, source: "the date"), range: nil, note: nil)
    }
    return nil
  }

  private static func byWords(
    _ text: CaptureText, _ free: [Int], _ occasions: [Occasion], _ contacts: [Contact],
    _ recipient: String?
  ) -> Match? {
    let names = Set(contacts.flatMap { CaptureRecipient.nameWords($0.name) })
    var scored: [(occasion: Occasion, hits: [Int])] = []
    for o in occasions {
      let keys = Set(
        CaptureText(o.title + " " + o.id.replacingOccurrences(of: "/", with: " ")).words.map(\.key)
      )
      .filter { $0.count >= 4 && !stopWords.contains($0) && !names.contains($0) }
      let hits = free.filter { keys.contains(text.words[$0].key) }
      if !hits.isEmpty { scored.append((o, hits)) }
    }
    guard !scored.isEmpty else { return nil }
    func rank(_ s: (occasion: Occasion, hits: [Int])) -> (Int, Int) {
      (
        Set(s.hits.map { text.words[$0].key }).count,
        s.occasion.contact == recipient && recipient != nil ? 1 : 0
      )
    }
    let sorted = scored.sorted {
      let (a, b) = (rank($0), rank($1))
      return a != b ? a > b : $0.occasion.id < $1.occasion.id
    }
    let best = sorted[0]
    let tied = sorted.count > 1 && rank(sorted[1]) == rank(best)
    let wordCount = rank(best).0
    var confidence = tied ? 0.5 : (wordCount >= 2 ? 0.95 : 0.85)
    if let owner = best.occasion.contact, let recipient, owner != recipient {
      confidence = min(confidence, 0.55)  // someone else's occasion
    }
    let first = best.hits.min() ?? 0
    let last = best.hits.max() ?? first
    let titleWords = Set(CaptureText(best.occasion.title).words.map(\.key)).union(names)
    return Match(
      occasion: Captured(
        best.occasion.id, confidence: confidence, source: text.text(text.span(first, last))),
      range: widen(text, first, last, extra: titleWords), note: nil)
  }

  /// Words after an occasion's name that say the gift is for the occasion ("birthday
  /// present"), not part of what the idea is called.
  private static let occasionNouns: Set<String> = [
    "gift", "gifts", "present", "presents", "party", "dinner", "eve", "day", "idea", "ideas",
  ]

  /// Whether the occasion words `a...b` name a kind of thing ("a birthday cake mold", "a
  /// Christmas jumper"): another free word (not `a` or `and`) follows them, and no `for`,
  /// `on`, `her` or possessive (`Mom's`) comes before them.
  private static func namesThing(_ text: CaptureText, _ a: Int, _ b: Int) -> Bool {
    guard b + 1 < text.words.count else { return false }
    let next = text.words[b + 1]
    guard !text.isUsed(next.range), !next.key.isEmpty, !around.contains(next.key),
      !occasionNouns.contains(next.key), !["a", "an", "some", "and", "or"].contains(next.key),
      next.text.first?.isLetter == true
    else { return false }
    // Only a space between them: "birthday, scarf" is two things.
    let between = text.original[text.words[b].range.upperBound..<next.range.lowerBound]
    guard between.allSatisfy({ $0 == " " }) else { return false }
    guard a > 0 else { return true }
    // "Mom's birthday scarf", "for her birthday": the occasion's own words.
    let before = text.words[a - 1]
    return !around.contains(before.key) && !before.possessive
  }

  /// The span of words `a...b`, widened over neighbouring free words that belong with
  /// them: `for her`, `Sam's`, the occasion's other title words.
  private static func widen(_ text: CaptureText, _ a: Int, _ b: Int, extra: Set<String>) -> Range<
    String.Index
  > {
    var first = a
    var last = b
    func fits(_ i: Int) -> Bool {
      !text.isUsed(text.words[i].range)
        && (around.contains(text.words[i].key) || extra.contains(text.words[i].key))
    }
    while first > 0, fits(first - 1) { first -= 1 }
    while last + 1 < text.words.count, fits(last + 1), text.words[last + 1].key != "for" {
      last += 1
    }
    return text.span(first, last)
  }

  /// Whether an occasion falls on `date` (yearly ones in any year).
  static func occurs(_ o: Occasion, on date: LocalDate) -> Bool {
    o.date(in: date.year) == date
  }
}
