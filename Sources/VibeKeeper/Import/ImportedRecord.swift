/// One record an import brings in, before it has an id: its kind, its fields as YAML
/// scalars, where it goes, and the keys that say whether it is already in the data folder.
public struct ImportedRecord: Sendable {
  /// Where the record is written.
  public enum Placement: Sendable, Hashable {
    /// A new Markdown file `KIND/[folder/]slug.md` (a contact, a game).
    case file(folder: String?)
    /// An entry with an `id:` appended to the list file `KIND/NAME.yml` (occasions).
    case list(name: String)
    /// A one-line entry appended to the monthly log `KIND/YYYY/MM.yml` (results, purchases).
    case monthly(year: Int, month: Int)
  }

  /// A field's value.
  public enum Value: Sendable, Hashable {
    /// Text, quoted when YAML would read it otherwise (`Jane Doe`, `"4/6"`).
    case text(String)
    /// A value written as it is: a date, a number, `true`, a flow list `[a, b]`.
    case plain(String)
    /// The id of the record whose source key this is, from this import or already in the
    /// data folder.
    case id(of: String)
  }

  /// The kind.
  public var kind: RecordKind
  /// The stable source key (`vcard:UID`, `ical:UID`, `csv:HASH`), written as `source:`;
  /// nil for records whose identity is their content (a game result: game, day, player).
  public var key: String?
  /// What the report calls it: `Jane Doe`, `Mother's Day`.
  public var label: String
  /// The name its id and file name are made from.
  public var slugSource: String
  /// The fields in order.
  public var fields: [(name: String, value: Value)]
  /// The Markdown body (a contact's notes).
  public var body: String = ""
  /// Where it goes.
  public var placement: Placement
  /// A picture to write into `media/` with it (its bytes and extension), named after its id;
  /// its path goes in the field `photo`.
  public var photo: (bytes: [UInt8], ext: String)?
  /// Where it comes from, for the report: the source file and line.
  public var origin: SourceLocation

  /// A record.
  public init(
    kind: RecordKind, key: String?, label: String, slugSource: String? = nil,
    fields: [(name: String, value: Value)], placement: Placement, origin: SourceLocation
  ) {
    self.kind = kind
    self.key = key
    self.label = label
    self.slugSource = slugSource ?? label
    self.fields = fields
    self.placement = placement
    self.origin = origin
  }
}

/// What parsing one source file gives: the records in order (a record named by another's
/// `Value.id` comes first) and what could not be imported, with the source line and why.
public struct ImportBatch: Sendable {
  /// The source file as named on the command line.
  public var file: String
  /// The records.
  public var records: [ImportedRecord] = []
  /// Warnings (a card without a name, an event the format cannot say) and errors (a file
  /// that cannot be read), each at its source line.
  public var problems: [Diagnostic] = []

  /// An empty batch for `file`.
  public init(file: String) { self.file = file }

  /// Adds a problem at `line` of the source file.
  mutating func problem(
    _ severity: Severity = .warning, line: Int, _ message: String, hint: String? = nil
  ) {
    problems.append(
      Diagnostic(
        severity, SourceLocation(file: file, line: max(line, 1), column: 1), message, hint: hint))
  }
}
