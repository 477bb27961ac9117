/// Finds the gift's recipient among the contacts: by full name, first name, a nickname in
/// quotes, the relationship (`mom`, `mum`, `mother`, `my sister`) or the id's last part,
/// ignoring case, diacritics and a possessive `'s`.
enum CaptureRecipient {
  /// A recipient read from the sentence.
  struct Match {
    let recipient: Captured<String>
    /// The words used, through the name's possessive and a leading `for`, `to` or `my`,
    /// and the words of other people named alongside.
    let ranges: [Range<String.Index>]
    /// Every contact the recipient's words fit alike, when more than one does (`Lena` for
    /// two Lenas): then the recipient is a guess that must not be taken.
    var choices: [String] = []
  }

  /// Words that name the same relationship, lower-case and folded.
  static let synonymGroups: [[String]] = [
    ["mom", "mum", "mother", "mommy", "mummy", "mama", "mam"],
    ["dad", "father", "daddy", "papa"],
    ["partner", "wife", "husband", "spouse", "girlfriend", "boyfriend"],
    ["sister", "sis"], ["brother", "bro"],
    ["grandma", "granny", "grandmother", "nana", "gran", "oma"],
    ["grandpa", "grandfather", "granddad", "grandad", "opa"],
    ["colleague", "coworker", "co-worker"], ["aunt", "auntie"], ["son"], ["daughter"],
    ["uncle"], ["niece"], ["nephew"], ["cousin"], ["friend"],
  ]

  private struct Candidate {
    let contact: String
    let confidence: Double
    let first: Int
    let last: Int
    /// Read from the contact's whole name (`Cher` for a contact named only Cher).
    var isFullName = false
    /// A word that names other contacts as well (`Lena` for two Lenas).
    var isShared = false
  }

  /// Every contact the free words may name: a full name (consecutive words), a first
  /// name, a nickname, a relationship or the id's last part, each with its confidence.
  private static func candidates(
    in text: CaptureText, contacts: [Contact], relationships: [Set<String>]
  ) -> [Candidate] {
    let free = text.freeWords
    var found: [Candidate] = []
    let firstNames = contacts.map { firstName($0) }
    for (ci, contact) in contacts.enumerated() {
      let full = nameWords(contact.name)
      if !full.isEmpty {
        for (n, start) in free.enumerated() where n + full.count <= free.count {
          let slice = free[n..<(n + full.count)]
          if zip(slice, full).allSatisfy({ text.words[$0.0].key == $0.1 }),
            let last = slice.last, last - start == full.count - 1
          {
            found.append(
              Candidate(
                contact: contact.id, confidence: 0.95, first: start, last: last, isFullName: true))
          }
        }
      }
      for w in free {
        let key = text.words[w].key
        var confidence = 0.0
        if let first = firstNames[ci], key == first {
          confidence = firstNames.filter { $0 == key }.count == 1 ? 0.9 : 0.45
        }
        if let nick = nickname(contact.name), key == nick { confidence = max(confidence, 0.9) }
        if relationships[ci].contains(key) {
          let shared = relationships.filter { $0.contains(key) }.count
          confidence = max(confidence, shared == 1 ? 0.9 : 0.45)
        }
        if contact.id.split(separator: "/").last.map(String.init) == key {
          confidence = max(confidence, 0.85)
        }
        if confidence > 0 {
          found.append(Candidate(contact: contact.id, confidence: confidence, first: w, last: w))
        }
      }
    }
    // One word that names two contacts (`Lena` for Lena Vogel, id `work/lena`, and Lena
    // Berg) names neither for sure, whatever rule each went by; a contact whose whole name
    // it is (`Cher`, beside Cher Lloyd) is named by it.
    var byWord: [Int: Set<String>] = [:]
    var wholeName: Set<Int> = []
    for c in found where c.first == c.last {
      byWord[c.first, default: []].insert(c.contact)
      if c.isFullName { wholeName.insert(c.first) }
    }
    return found.compactMap { c in
      guard c.first == c.last, (byWord[c.first]?.count ?? 0) > 1 else { return c }
      if wholeName.contains(c.first) {
        // The whole name's contact keeps its word; the others' readings of it go.
        return c.isFullName ? c : nil
      }
      var shared = c
      shared = Candidate(
        contact: c.contact, confidence: min(c.confidence, 0.45), first: c.first, last: c.last,
        isShared: true)
      return shared
    }
  }

  /// The contacts `typed` names (`--for Mum`, `--for Lena`): the one whose id it is, else
  /// those its words name best (a full name before a first name, a nickname, a
  /// relationship or an id's last part). Several when it names more than one; none for
  /// what is written as an id (with a `/`) and is no contact's.
  static func contacts(named typed: String, in contacts: [Contact]) -> [String] {
    let wanted = typed.trimmingCharacters(in: .whitespaces).lowercased()
    if contacts.contains(where: { $0.id == wanted }) { return [wanted] }
    // Written as an id (`family/mum`): an id or nothing, never a name's words.
    guard !wanted.contains("/") else { return [] }
    let text = CaptureText(typed)
    let found = candidates(
      in: text, contacts: contacts, relationships: contacts.map { relationshipWords($0) })
    // A full name wins over a word, a word that names one contact over one that names
    // several (whose contacts are all given back).
    for floor in [0.95, 0.7, 0] {
      let sure = found.filter { $0.confidence >= floor }
      // Of full names, the longest read ("Cher Lloyd" is not also Cher).
      let widest = sure.map { $0.last - $0.first }.max() ?? 0
      var ids: [String] = []
      for c in sure where c.last - c.first == widest && !ids.contains(c.contact) {
        ids.append(c.contact)
      }
      if !ids.isEmpty { return ids.sorted() }
    }
    return []
  }

  /// The best recipient in the free words of `text`.
  static func find(in text: CaptureText, contacts: [Contact]) -> Match? {
    let relationships = contacts.map { relationshipWords($0) }
    let found = candidates(in: text, contacts: contacts, relationships: relationships)
    guard
      // The surest; of two alike, the one that takes more words ("Cher Lloyd" over "Cher").
      let best = found.max(by: {
        ($0.confidence, $0.last - $0.first, -$0.first, $1.contact)
          < ($1.confidence, $1.last - $1.first, -$1.first, $0.contact)
      })
    else { return nil }
    var confidence = best.confidence
    // Another person named beside the recipient, surely or by a shared word ("Scarf for
    // Lena and Mum" with two Lenas), makes the recipient a question.
    func besides(_ c: Candidate) -> Bool {
      c.contact != best.contact && (c.confidence >= 0.7 || c.isShared)
        && (c.last < best.first || c.first > best.last)
    }
    let others = Set(found.filter(besides).map(\.contact))
    if !others.isEmpty { confidence = min(confidence, 0.6) }  // "Mom and Dad": which one?
    var first = best.first
    // Take a leading "for", "to", "my", "for my", "my friend" along.
    let leading = Set(["my", "for", "to", "our"]).union(relationships.joined())
    while first > 0, leading.contains(text.words[first - 1].key),
      !text.isUsed(text.words[first - 1].range)
    {
      first -= 1
    }
    var ranges = [text.span(first, best.last)]
    // The other people named ("Mom and Dad") go with it, so they stay out of the title.
    for other in found where besides(other) {
      var a = other.first
      while a > 0, leading.union(["and", "&"]).contains(text.words[a - 1].key) { a -= 1 }
      ranges.append(text.span(a, other.last))
    }
    let alike = Set(
      found.filter { $0.first == best.first && $0.last == best.last }.map(\.contact))
    return Match(
      recipient: Captured(
        best.contact, confidence: confidence, source: text.text(text.span(best.first, best.last))),
      ranges: ranges, choices: alike.count > 1 ? alike.sorted() : [])
  }

  /// The folded words of a name, without a nickname in quotes.
  static func nameWords(_ name: String) -> [String] {
    var plain = name
    if let nick = nickname(name) {
      plain = plain.replacingOccurrences(of: "\"\(nick)\"", with: "", options: .caseInsensitive)
    }
    return CaptureText(plain).words.map(\.key).filter { !$0.isEmpty }
  }

  /// The first name: the contact's `first_name`, else the name's first word.
  static func firstName(_ contact: Contact) -> String? {
    if let f = contact.firstName { return CaptureText(f).words.first?.key }
    return nameWords(contact.name).first
  }

  /// A nickname written in double quotes inside the name (`Ifeoma "Ify" Okafor`).
  static func nickname(_ name: String) -> String? {
    let parts = name.split(separator: "\"", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    return CaptureText(String(parts[1])).words.first?.key
  }

  /// The relationship and its synonyms, folded.
  static func relationshipWords(_ contact: Contact) -> Set<String> {
    guard let r = contact.relationship.map({ CaptureText.key($0).0 }), !r.isEmpty else { return [] }
    return Set(synonymGroups.first { $0.contains(r) } ?? [r])
  }
}
