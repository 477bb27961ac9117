import Foundation

/// One decoded record of any kind, as a file yields it before ids are checked.
enum LoadedRecord: Sendable {
  case contact(Contact)
  case occasion(Occasion)
  case gift(Gift)
  case reminder(Reminder)
  case dose(Dose)
  case budget(Budget)
  case purchase(Purchase)
  case item(Item)
  case price(PriceObservation)
  case shopping(ShoppingList)
  case game(Game)
  case result(GameResult)

  /// The record's id and origin.
  var meta: RecordMeta {
    struct Meta: LoadedRecordVisitor {
      func visit<R: HouseholdRecord>(_ record: R) -> RecordMeta { record.meta }
    }
    var visitor = Meta()
    return accept(&visitor)
  }

  /// Shows the record to `visitor` as its own type: the one switch over the cases that
  /// the other per-record work (`meta`, `kind`, `insert`, `replace`) goes through.
  func accept<V: LoadedRecordVisitor>(_ visitor: inout V) -> V.Result {
    switch self {
    case .contact(let r): visitor.visit(r)
    case .occasion(let r): visitor.visit(r)
    case .gift(let r): visitor.visit(r)
    case .reminder(let r): visitor.visit(r)
    case .dose(let r): visitor.visit(r)
    case .budget(let r): visitor.visit(r)
    case .purchase(let r): visitor.visit(r)
    case .item(let r): visitor.visit(r)
    case .price(let r): visitor.visit(r)
    case .shopping(let r): visitor.visit(r)
    case .game(let r): visitor.visit(r)
    case .result(let r): visitor.visit(r)
    }
  }
}

/// Work done on one decoded record, whatever its kind (see `LoadedRecord.accept`).
protocol LoadedRecordVisitor {
  /// What the work gives.
  associatedtype Result
  /// Does the work on a record of one kind.
  mutating func visit<R: HouseholdRecord>(_ record: R) -> Result
}

/// What a kind's decoder needs besides the record's fields.
struct DecodeContext {
  /// The settings (currency, time zone) already loaded.
  let settings: Settings
  /// A clock in the settings time zone, to turn local date-times into instants.
  let clock: LocalClock
  /// The fields each kind accepts (its own and the common ones), from the record schema.
  let fields: [RecordKind: [FieldSchema]]
  /// The positions of the required ones in `fields`.
  let required: [RecordKind: [Int]]
  /// The kinds whose YAML files may hold a list of records.
  let lists: Set<RecordKind>

  /// A context for decoding records described by `schema`.
  init(settings: Settings, schema: RecordSchema) {
    self.settings = settings
    clock = LocalClock(now: Date(timeIntervalSince1970: 0), timeZone: settings.timeZone)
    var fields: [RecordKind: [FieldSchema]] = [:]
    var required: [RecordKind: [Int]] = [:]
    for kind in RecordKind.allCases {
      fields[kind] = schema.fields(of: kind)
      required[kind] = RecordFields.required(in: fields[kind] ?? [])
    }
    self.fields = fields
    self.required = required
    lists = Set(schema.kinds.filter(\.lists).map(\.kind))
  }
}

/// How to build a record of one kind from its fields (which the record schema describes).
protocol KindDecoder {
  /// Builds the record, or nil when a required field is missing or invalid.
  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord?
}
