import Foundation

/// One search result.
public struct SearchHit: Hashable, Sendable {
  /// The kinds search looks at.
  public enum Kind: String, Sendable, Hashable {
    case gift, item, contact
  }

  /// What the record is.
  public var kind: Kind
  /// The record id.
  public var id: String
  /// The record's name (a gift's title).
  public var name: String
  /// The summed score.
  public var score: Int
  /// The fields that matched (`name`, then the others in a fixed order).
  public var matchedFields: [String]
}

/// A record as search sees it: its name and its other text fields.
public struct SearchDocument: Sendable {
  /// What the record is.
  public var kind: SearchHit.Kind
  /// The record id.
  public var id: String
  /// The name that scores 100, 50 or 25.
  public var name: String
  /// The other fields (each scores 10 when any of its texts contains the query).
  public var fields: [(String, [String])]
}

/// Search over gifts, items and contacts.
///
/// Scoring, per the spec: the name scores 100 when it equals the query, else 50 when it
/// starts with it, else 25 when it contains it (only the best of the three counts, so an
/// exact name scores 100, not 175); then every other text field that contains the query
/// adds 10. Matching folds case and diacritics (`zoe` finds `Zoë`, `STRASSE` finds
/// `Straße`) and collapses runs of white space. Results: highest score first, ties by
/// name (folded, then as written), then kind and id. An empty query finds nothing.
public enum Search {
  /// The records matching `query`, best first.
  public static func run(_ query: String, in household: Household) -> [SearchHit] {
    let q = fold(query)
    guard !q.isEmpty else { return [] }
    let hits = documents(household).flatMap { d in
      score(q, kind: d.kind, id: d.id, name: d.name, others: d.fields)
    }
    return hits.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      let (fa, fb) = (fold(a.name), fold(b.name))
      return (fa, a.name, a.kind.rawValue, a.id) < (fb, b.name, b.kind.rawValue, b.id)
    }
  }

  /// The searchable records: gifts, items and contacts with their name and other fields
  /// (a gift's `for` field also holds the recipient's name).
  public static func documents(_ household: Household) -> [SearchDocument] {
    household.gifts.map { document($0, recipientName: household.contact($0.recipient)?.name) }
      + household.items.map(document) + household.contacts.map(document)
  }

  /// A gift's document; `recipientName` is the name of the contact it is for.
  static func document(_ g: Gift, recipientName: String?) -> SearchDocument {
    SearchDocument(
      kind: .gift, id: g.id, name: g.title,
      fields: [
        ("description", [g.description]), ("tags", g.tags),
        ("for", [g.recipient, recipientName].compactMap { $0 }),
        ("occasion", [g.occasion?.written ?? ""]), ("url", [g.url ?? ""]),
      ])
  }

  /// An item's document.
  static func document(_ i: Item) -> SearchDocument {
    SearchDocument(
      kind: .item, id: i.id, name: i.name,
      fields: [
        ("brand", [i.brand ?? ""]), ("category", [i.category ?? ""]), ("unit", [i.unit ?? ""]),
        ("notes", [i.notes]),
      ])
  }

  /// A contact's document.
  static func document(_ c: Contact) -> SearchDocument {
    SearchDocument(
      kind: .contact, id: c.id, name: c.name,
      fields: [
        ("first_name", [c.firstName ?? ""]), ("last_name", [c.lastName ?? ""]),
        ("relationship", [c.relationship ?? ""]), ("tags", c.tags), ("notes", [c.notes]),
      ])
  }

  /// One record's hit, or nothing when nothing matched. `q` is already folded.
  static func score(
    _ q: String, kind: SearchHit.Kind, id: String, name: String, others: [(String, [String])]
  ) -> [SearchHit] {
    var total = 0
    var fields: [String] = []
    let n = fold(name)
    if n == q {
      total += 100
    } else if n.hasPrefix(q) {
      total += 50
    } else if n.contains(q) {
      total += 25
    }
    if total > 0 { fields.append("name") }
    for (field, values) in others where values.contains(where: { fold($0).contains(q) }) {
      total += 10
      fields.append(field)
    }
    guard total > 0 else { return [] }
    return [SearchHit(kind: kind, id: id, name: name, score: total, matchedFields: fields)]
  }

  /// Text folded for matching: compatibility-decomposed, combining marks dropped, letters
  /// without a decomposition spelt out (`ß` ss, `ø` o, `æ` ae, `œ` oe, `ł` l, `đ` d,
  /// `þ` th), lower-cased, white space collapsed to single spaces and trimmed.
  public static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(text) }
    var out = ""
    var space = false
    for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if scalar.properties.isWhitespace {
        space = !out.isEmpty
        continue
      }
      if space {
        out += " "
        space = false
      }
      let lower = String(scalar).lowercased()
      out += letters[lower] ?? lower
    }
    return out
  }

  /// `fold` for ASCII text (most of it): nothing decomposes, so lower-case and collapse
  /// white space byte by byte.
  private static func foldASCII(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var space = false
    for b in text.utf8 {
      if b == 0x20 || (0x09...0x0D).contains(b) {
        space = !out.isEmpty
        continue
      }
      if space {
        out.append(0x20)
        space = false
      }
      out.append((0x41...0x5A).contains(b) ? b + 32 : b)
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static let letters: [String: String] = [
    "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "þ": "th", "ı": "i",
  ]
}
