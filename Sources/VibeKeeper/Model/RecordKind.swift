/// The kinds of record, one per top-level folder of the data folder.
public enum RecordKind: String, CaseIterable, Sendable, Hashable, Comparable {
  case contacts, occasions, gifts, reminders, doses, budgets, purchases, items, prices,
    shopping, games, results

  /// The folder name (the same as the raw value).
  public var folder: String { rawValue }

  /// A singular noun for messages: `contact`, `gift`, `shopping list`, ... (from the record
  /// schema).
  public var singular: String { Self.singulars[self] ?? rawValue }

  /// Ids no new record of the kind gets, because the data format gives the name another
  /// meaning: a gift's `occasion: birthday` is the recipient's birthday, so an occasion
  /// called `birthday` could never be named.
  public var reservedIDs: Set<String> { self == .occasions ? ["birthday"] : [] }

  /// The singular noun with its article, for messages ("an item", "a gift").
  public var aSingular: String { RecordKind.article(singular) + " " + singular }

  /// "an" before a vowel, else "a".
  static func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0.lowercased()) } == true ? "an" : "a"
  }

  /// The schema's singular nouns, looked up once (messages name kinds per record).
  private static let singulars = Dictionary(
    RecordSchema.standard.kinds.map { ($0.kind, $0.singular) }, uniquingKeysWith: { a, _ in a })

  /// The kinds in folder order (`allCases`).
  public static func < (a: RecordKind, b: RecordKind) -> Bool {
    (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
  }
}

/// What every record carries besides its fields: its id and where it came from.
public struct RecordMeta: Hashable, Sendable {
  /// The record id, unique per kind (`family/mom`).
  public var id: String
  /// Where the record starts (the front matter's first line, or the list entry).
  public var location: SourceLocation
  /// The file's path inside the data folder (`contacts/family/mom.md`).
  public var path: String
  /// When the record last changed, from its `updated:` field (used for feed stamps).
  public var updated: LocalDate?
  /// `private: true`: never published (pages, feeds, search); reports still show it.
  public var isPrivate = false
  /// `source:`: the key of the import that made the record (`vcard:UID`), so a second
  /// import of the same export skips it.
  public var source: String?

  /// Creates the metadata of a record.
  public init(id: String, location: SourceLocation, path: String, updated: LocalDate? = nil) {
    self.id = id
    self.location = location
    self.path = path
    self.updated = updated
  }
}
