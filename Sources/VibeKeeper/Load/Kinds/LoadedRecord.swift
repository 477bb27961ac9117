/// One decoded record of any kind, as a file yields it before ids are checked.
enum LoadedRecord: Sendable {
  case contact(Contact)
  case occasion(Occasion)
  case gift(Gift)
  case reminder(Reminder)
  case budget(Budget)
  case purchase(Purchase)
  case item(Item)
  case price(PriceObservation)
  case shopping(ShoppingList)
  case game(Game)
  case result(GameResult)

  /// The record's id and origin.
  var meta: RecordMeta {
    switch self {
    case .contact(let r): r.meta
    case .occasion(let r): r.meta
    case .gift(let r): r.meta
    case .reminder(let r): r.meta
    case .budget(let r): r.meta
    case .purchase(let r): r.meta
    case .item(let r): r.meta
    case .price(let r): r.meta
    case .shopping(let r): r.meta
    case .game(let r): r.meta
    case .result(let r): r.meta
    }
  }
}

/// What a kind's decoder needs besides the record's fields.
struct DecodeContext {
  /// The settings (currency, time zone) already loaded.
  let settings: Settings
  /// A clock in the settings time zone, to turn local date-times into instants.
  let clock: LocalClock
}

/// A decoder of one kind: the fields it knows, and how to build a record from them.
protocol KindDecoder {
  /// Every field name this kind accepts (aliases included), for unknown-field warnings.
  static var fields: [String] { get }
  /// Builds the record, or nil when a required field is missing or invalid.
  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord?
}

/// Fields every kind accepts.
let commonFields = ["id", "updated"]
