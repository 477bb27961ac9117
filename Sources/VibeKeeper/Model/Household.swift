/// Everything loaded from a data folder: the settings and every record, by kind, in a
/// stable order (by id), plus what the loader had to say about it.
public struct Household: Sendable {
  public var settings = Settings()
  public var contacts: [Contact] = []
  public var occasions: [Occasion] = []
  public var gifts: [Gift] = []
  public var reminders: [Reminder] = []
  /// What was done about health reminders (`doses/`): each occurrence done or skipped.
  public var doses: [Dose] = []
  public var budgets: [Budget] = []
  public var purchases: [Purchase] = []
  public var items: [Item] = []
  public var prices: [PriceObservation] = []
  public var shopping: [ShoppingList] = []
  public var games: [Game] = []
  public var results: [GameResult] = []
  /// Images under `media/`, as paths inside the data folder (`media/gifts/lamp.jpg`).
  public var media: [String] = []

  /// Positions by id, built once by `indexRecords()` so lookups by id are O(1). A lookup
  /// the index cannot answer (a household built in code, or changed since) scans.
  private var contactPositions: [String: Int] = [:]
  private var itemPositions: [String: Int] = [:]
  private var occasionPositions: [String: Int] = [:]

  /// An empty household with default settings.
  public init() {}

  /// Builds the id indexes of contacts, items and occasions (the first record wins for an
  /// id). Call again after changing those arrays; a stale index is never wrong, only slow.
  public mutating func indexRecords() {
    func positions<R>(_ records: [R], _ id: (R) -> String) -> [String: Int] {
      var index: [String: Int] = [:]
      index.reserveCapacity(records.count)
      for (i, r) in records.enumerated() where index[id(r)] == nil { index[id(r)] = i }
      return index
    }
    contactPositions = positions(contacts, \.id)
    itemPositions = positions(items, \.id)
    occasionPositions = positions(occasions, \.id)
  }

  /// The record at the indexed position when it has the id, else the first with it.
  private static func find<R>(
    _ id: String, in records: [R], at position: Int?, _ key: (R) -> String
  ) -> R? {
    if let i = position, i < records.count, key(records[i]) == id { return records[i] }
    return records.first { key($0) == id }
  }

  /// The total number of records.
  public var recordCount: Int { RecordKind.allCases.reduce(0) { $0 + count(of: $1) } }

  /// The contact with an id.
  public func contact(_ id: String?) -> Contact? {
    guard let id else { return nil }
    return Household.find(id, in: contacts, at: contactPositions[id], \.id)
  }

  /// The item with an id.
  public func item(_ id: String?) -> Item? {
    guard let id else { return nil }
    return Household.find(id, in: items, at: itemPositions[id], \.id)
  }

  /// The occasion with an id.
  public func occasion(_ id: String?) -> Occasion? {
    guard let id else { return nil }
    return Household.find(id, in: occasions, at: occasionPositions[id], \.id)
  }

  /// A purchase's effective category: its own, else its item's, else `uncategorized`.
  public func category(of purchase: Purchase) -> String {
    purchase.category ?? item(purchase.item)?.category ?? "uncategorized"
  }
}
