/// Everything loaded from a data folder: the settings and every record, by kind, in a
/// stable order (by id), plus what the loader had to say about it.
public struct Household: Sendable {
  public var settings = Settings()
  public var contacts: [Contact] = []
  public var occasions: [Occasion] = []
  public var gifts: [Gift] = []
  public var reminders: [Reminder] = []
  public var budgets: [Budget] = []
  public var purchases: [Purchase] = []
  public var items: [Item] = []
  public var prices: [PriceObservation] = []
  public var shopping: [ShoppingList] = []
  public var games: [Game] = []
  public var results: [GameResult] = []
  /// Images under `media/`, as paths inside the data folder (`media/gifts/lamp.jpg`).
  public var media: [String] = []

  /// An empty household with default settings.
  public init() {}

  /// The number of records of a kind.
  public func count(of kind: RecordKind) -> Int {
    switch kind {
    case .contacts: contacts.count
    case .occasions: occasions.count
    case .gifts: gifts.count
    case .reminders: reminders.count
    case .budgets: budgets.count
    case .purchases: purchases.count
    case .items: items.count
    case .prices: prices.count
    case .shopping: shopping.count
    case .games: games.count
    case .results: results.count
    }
  }

  /// The total number of records.
  public var recordCount: Int { RecordKind.allCases.reduce(0) { $0 + count(of: $1) } }

  /// The contact with an id.
  public func contact(_ id: String?) -> Contact? {
    guard let id else { return nil }
    return contacts.first { $0.id == id }
  }

  /// The item with an id.
  public func item(_ id: String?) -> Item? {
    guard let id else { return nil }
    return items.first { $0.id == id }
  }

  /// A purchase's effective category: its own, else its item's, else `uncategorized`.
  public func category(of purchase: Purchase) -> String {
    purchase.category ?? item(purchase.item)?.category ?? "uncategorized"
  }
}
