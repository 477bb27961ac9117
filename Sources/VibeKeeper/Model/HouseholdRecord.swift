/// A record of one kind: where it sits in a `Household`, and its id and origin. Each model
/// type says its kind and its list once, here; code that works on every kind goes through
/// `RecordKind.recordType` or a `RecordListVisitor` instead of listing the kinds again.
public protocol HouseholdRecord: Sendable {
  /// The kind of record.
  static var kind: RecordKind { get }
  /// The household's list of this kind.
  static var list: WritableKeyPath<Household, [Self]> { get }
  /// The record's id and origin.
  var meta: RecordMeta { get }
}

extension RecordKind {
  /// The model type of the kind's records (the one place that maps a kind to its type).
  public var recordType: any HouseholdRecord.Type {
    switch self {
    case .contacts: Contact.self
    case .occasions: Occasion.self
    case .gifts: Gift.self
    case .reminders: Reminder.self
    case .doses: Dose.self
    case .budgets: Budget.self
    case .purchases: Purchase.self
    case .items: Item.self
    case .prices: PriceObservation.self
    case .shopping: ShoppingList.self
    case .games: Game.self
    case .results: GameResult.self
    }
  }
}

/// Work done on each kind's list of a household in turn (sorting, reserving room, ...).
public protocol RecordListVisitor {
  /// Works on the list of one kind.
  mutating func visit<R: HouseholdRecord>(_ records: inout [R])
}

extension Household {
  /// Shows every kind's list to `visitor`, in kind order. The lists are named here rather
  /// than reached through `recordType`, so the visitor's work is specialised for each type
  /// (a generic call through an opened existential is not).
  public mutating func visitLists<V: RecordListVisitor>(_ visitor: inout V) {
    visitor.visit(&contacts)
    visitor.visit(&occasions)
    visitor.visit(&gifts)
    visitor.visit(&reminders)
    visitor.visit(&doses)
    visitor.visit(&budgets)
    visitor.visit(&purchases)
    visitor.visit(&items)
    visitor.visit(&prices)
    visitor.visit(&shopping)
    visitor.visit(&games)
    visitor.visit(&results)
  }

  /// The records of a kind's list, as their ids.
  public func ids(of kind: RecordKind) -> Set<String> {
    func ids<R: HouseholdRecord>(_ type: R.Type) -> Set<String> {
      Set(self[keyPath: R.list].lazy.map(\.meta.id))
    }
    return ids(kind.recordType)
  }

  /// The number of records of a kind.
  public func count(of kind: RecordKind) -> Int {
    func count<R: HouseholdRecord>(_ type: R.Type) -> Int { self[keyPath: R.list].count }
    return count(kind.recordType)
  }
}

extension Contact: HouseholdRecord {
  public static var kind: RecordKind { .contacts }
  public static var list: WritableKeyPath<Household, [Contact]> { \.contacts }
}

extension Occasion: HouseholdRecord {
  public static var kind: RecordKind { .occasions }
  public static var list: WritableKeyPath<Household, [Occasion]> { \.occasions }
}

extension Gift: HouseholdRecord {
  public static var kind: RecordKind { .gifts }
  public static var list: WritableKeyPath<Household, [Gift]> { \.gifts }
}

extension Reminder: HouseholdRecord {
  public static var kind: RecordKind { .reminders }
  public static var list: WritableKeyPath<Household, [Reminder]> { \.reminders }
}

extension Budget: HouseholdRecord {
  public static var kind: RecordKind { .budgets }
  public static var list: WritableKeyPath<Household, [Budget]> { \.budgets }
}

extension Purchase: HouseholdRecord {
  public static var kind: RecordKind { .purchases }
  public static var list: WritableKeyPath<Household, [Purchase]> { \.purchases }
}

extension Item: HouseholdRecord {
  public static var kind: RecordKind { .items }
  public static var list: WritableKeyPath<Household, [Item]> { \.items }
}

extension PriceObservation: HouseholdRecord {
  public static var kind: RecordKind { .prices }
  public static var list: WritableKeyPath<Household, [PriceObservation]> { \.prices }
}

extension ShoppingList: HouseholdRecord {
  public static var kind: RecordKind { .shopping }
  public static var list: WritableKeyPath<Household, [ShoppingList]> { \.shopping }
}

extension Game: HouseholdRecord {
  public static var kind: RecordKind { .games }
  public static var list: WritableKeyPath<Household, [Game]> { \.games }
}

extension Dose: HouseholdRecord {
  public static var kind: RecordKind { .doses }
  public static var list: WritableKeyPath<Household, [Dose]> { \.doses }
}

extension GameResult: HouseholdRecord {
  public static var kind: RecordKind { .results }
  public static var list: WritableKeyPath<Household, [GameResult]> { \.results }
}
