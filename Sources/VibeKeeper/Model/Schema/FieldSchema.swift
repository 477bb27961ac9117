/// What a field holds; it decides how the loader reads an otherwise unread field, how `new`
/// writes a value, and what the docs say.
public indirect enum FieldType: Sendable, Hashable {
  /// Free text.
  case text
  /// A number, zero or more (`12.50`).
  case number
  /// `YYYY-MM-DD`.
  case date
  /// `YYYY-MM-DDTHH:MM[:SS]` with an optional zone.
  case dateTime
  /// `HH:MM` (always quoted when written: YAML 1.1 reads `08:30` as a number).
  case time
  /// `true` or `false`.
  case bool
  /// One of a fixed set of words.
  case choice([String])
  /// The id of another record; `words` are also accepted (`birthday`).
  case reference(RecordKind, orWords: [String] = [])
  /// A list of words, `[a, b]` or `a, b`.
  case words
  /// An http(s) link.
  case link
  /// A path inside `media/`.
  case mediaPath
  /// A three-letter ISO 4217 code.
  case currency
  /// `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
  case birthday
  /// `daily`, or a list of weekdays.
  case days
  /// `true`, `false`, or the date it happened.
  case completion
  /// A map of names to amounts (`{groceries: 400}`).
  case amounts
  /// A nested mapping with fields of its own (a reminder's `schedule`).
  case mapping([FieldSchema])
  /// A list of entries with fields of their own (a shopping list's `items`); a plain text
  /// entry is short for its first field.
  case entries([FieldSchema])
}

/// Whether a record can load without a field.
public enum Requirement: Sendable, Hashable {
  /// It may be left out.
  case optional
  /// It must be given (the loader reports it missing).
  case required
  /// It must be given unless one of these is (`date` unless `at`); the kind's decoder says
  /// what is missing.
  case requiredUnless([String])

  /// Whether the field is needed in some form (bold in the docs).
  public var isRequired: Bool { self != .optional }
}

/// A value `new` fills in when the user gives none.
public enum FieldDefault: Sendable, Hashable {
  /// Today's date.
  case today
  /// Now, as a local date-time (`2026-11-24T08:05`).
  case now
  /// The first day of the current month.
  case monthStart
  /// The last day of the current month.
  case monthEnd
  /// A fixed text.
  case fixed(String)
}

/// One field of a record kind, described once: the loader, `new` and the docs read it.
public struct FieldSchema: Sendable, Hashable {
  /// The name as written (`price`).
  public var name: String
  /// What it holds.
  public var type: FieldType
  /// Whether it must be given.
  public var requirement: Requirement
  /// Other names accepted for it (`idea` for a gift's `title`).
  public var aliases: [String]
  /// An example value (`0.00`); `$` stands for the settings currency, `%` for the record's
  /// slug.
  public var example: String
  /// What it means, for the docs (Markdown).
  public var meaning: String
  /// The value `new` writes when none is given.
  public var fallback: FieldDefault?

  /// Describes a field.
  public init(
    _ name: String, _ type: FieldType, _ requirement: Requirement = .optional,
    aliases: [String] = [], example: String, fallback: FieldDefault? = nil, meaning: String
  ) {
    self.name = name
    self.type = type
    self.requirement = requirement
    self.aliases = aliases
    self.example = example
    self.meaning = meaning
    self.fallback = fallback
  }

  /// The fields of a nested mapping or of each entry of a list.
  public var children: [FieldSchema] {
    switch type {
    case .mapping(let fields), .entries(let fields): fields
    default: []
    }
  }
}

extension FieldSchema {
  /// `currency:`, which every kind with money has.
  public static let currency = FieldSchema(
    "currency", .currency, example: "$", meaning: "when not the settings currency")
  /// `store:`, where something was bought or seen.
  public static let store = FieldSchema("store", .text, example: "Corner shop", meaning: "where")
}

extension [FieldSchema] {
  /// The field called `name` (or with `name` as an alias).
  public func field(_ name: String) -> FieldSchema? {
    first { $0.name == name } ?? first { $0.aliases.contains(name) }
  }

  /// Every name accepted, aliases included, in order.
  public var acceptedNames: [String] { flatMap { [$0.name] + $0.aliases } }
}
