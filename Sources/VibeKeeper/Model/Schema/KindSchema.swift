/// One kind of record, described once: its folder, how it is named, its fields, its body
/// and its file forms. The loader, `new`, the daily-action writers and the docs' field
/// tables all read this description, so adding a field is one edit here.
public struct KindSchema: Sendable, Hashable {
  /// The kind (and so its top-level folder).
  public var kind: RecordKind
  /// A singular noun for messages: `gift`, `shopping list`.
  public var singular: String
  /// Other words a user may name the kind by on the command line (`list`).
  public var words: [String]
  /// What the folder holds, for the docs (`gift ideas and gifts bought or given`).
  public var holds: String
  /// The field `new`'s TITLE argument fills (`title`, `name`, or the `item` of a price).
  public var titleField: String
  /// The fields, in the order a new record's skeleton writes them.
  public var fields: [FieldSchema]
  /// What a Markdown file's body is for this kind (`notes`), or nil when it is not kept.
  public var body: String?
  /// Whether a YAML file may hold a list of records (`purchases/2026/11.yml`).
  public var lists: Bool

  /// Describes a kind.
  public init(
    _ kind: RecordKind, singular: String, words: [String] = [], holds: String,
    titleField: String, body: String?, lists: Bool = true, fields: [FieldSchema]
  ) {
    self.kind = kind
    self.singular = singular
    self.words = words
    self.holds = holds
    self.titleField = titleField
    self.fields = fields
    self.body = body
    self.lists = lists
  }
}

/// The description of every kind of record, and the fields every record may have.
public struct RecordSchema: Sendable, Hashable {
  /// The kinds, in `RecordKind` order.
  public var kinds: [KindSchema]
  /// Fields every record accepts (`id`, `updated`).
  public var common: [FieldSchema]

  /// A kind's description.
  public subscript(kind: RecordKind) -> KindSchema {
    get { kinds.first { $0.kind == kind } ?? KindSchema.unknown(kind) }
    set {
      if let i = kinds.firstIndex(where: { $0.kind == kind }) {
        kinds[i] = newValue
      } else {
        kinds.append(newValue)
      }
    }
  }

  /// Every field a record of `kind` accepts: its own, then the common ones.
  public func fields(of kind: RecordKind) -> [FieldSchema] { self[kind].fields + common }

  /// The data format as VibeKeeper reads it.
  public static let standard = RecordSchema(
    kinds: [
      .contacts, .occasions, .gifts, .reminders, .doses, .budgets, .purchases, .items, .prices,
      .shopping, .games, .results,
    ],
    common: [
      FieldSchema(
        "id", .text, example: "family/mom",
        meaning: "overrides the id taken from the file name ([ids](#ids-and-references))"),
      FieldSchema(
        "updated", .date, example: "2026-11-22",
        meaning: "the date you last changed the record (optional)"),
      FieldSchema(
        "private", .bool, example: "true",
        meaning:
          "`true` keeps the record out of every page, feed and search index (reports still show it), with what is about it: a private item's purchases, prices and shopping-list lines, a private occasion's or person's gifts. The site's figures are worked out without them (a budget page then counts less than `report budgets`)"
      ),
      FieldSchema(
        "source", .text, example: "vcard:6f1c2a",
        meaning:
          "where an imported record came from (`vcard:UID`, `ical:UID`, `csv:HASH`); `import` "
          + "never adds a record whose source is already here ([import](import.md))"),
    ])
}

extension KindSchema {
  /// A stand-in for a kind a custom schema leaves out: no fields.
  static func unknown(_ kind: RecordKind) -> KindSchema {
    KindSchema(kind, singular: kind.rawValue, holds: "", titleField: "title", body: nil, fields: [])
  }
}
