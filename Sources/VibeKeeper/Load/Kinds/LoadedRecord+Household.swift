/// How the assembly moves decoded records into a `Household` and back.
extension LoadedRecord {
  /// The record's kind.
  var kind: RecordKind {
    switch self {
    case .contact: .contacts
    case .occasion: .occasions
    case .gift: .gifts
    case .reminder: .reminders
    case .budget: .budgets
    case .purchase: .purchases
    case .item: .items
    case .price: .prices
    case .shopping: .shopping
    case .game: .games
    case .result: .results
    }
  }

  /// Forgets a dangling reference; false when the record cannot stand without it.
  mutating func dropReference(_ ref: Reference) -> Bool {
    switch self {
    case .gift(var g):
      if ref.field == "for" { g.recipient = nil } else { g.occasion = nil }
      self = .gift(g)
    case .occasion(var o):
      o.contact = nil
      self = .occasion(o)
    case .purchase(var p):
      // Keep the purchase under the name it gave.
      p.name = p.name ?? p.item
      p.item = nil
      self = .purchase(p)
    case .shopping(var s):
      for i in s.entries.indices where s.entries[i].item == ref.id {
        s.entries[i].name = s.entries[i].name ?? ref.id
        s.entries[i].item = nil
      }
      self = .shopping(s)
    case .price, .result, .contact, .reminder, .budget, .item, .game:
      return false
    }
    return true
  }

  /// The record at `index` in the list of `kind`.
  init(_ kind: RecordKind, at index: Int, in h: Household) {
    switch kind {
    case .contacts: self = .contact(h.contacts[index])
    case .occasions: self = .occasion(h.occasions[index])
    case .gifts: self = .gift(h.gifts[index])
    case .reminders: self = .reminder(h.reminders[index])
    case .budgets: self = .budget(h.budgets[index])
    case .purchases: self = .purchase(h.purchases[index])
    case .items: self = .item(h.items[index])
    case .prices: self = .price(h.prices[index])
    case .shopping: self = .shopping(h.shopping[index])
    case .games: self = .game(h.games[index])
    case .results: self = .result(h.results[index])
    }
  }

  /// Puts the record at `index` in its kind's list.
  func replace(at index: Int, in h: inout Household) {
    switch self {
    case .contact(let r): h.contacts[index] = r
    case .occasion(let r): h.occasions[index] = r
    case .gift(let r): h.gifts[index] = r
    case .reminder(let r): h.reminders[index] = r
    case .budget(let r): h.budgets[index] = r
    case .purchase(let r): h.purchases[index] = r
    case .item(let r): h.items[index] = r
    case .price(let r): h.prices[index] = r
    case .shopping(let r): h.shopping[index] = r
    case .game(let r): h.games[index] = r
    case .result(let r): h.results[index] = r
    }
  }

  /// Appends the record to its kind's list.
  func insert(into h: inout Household) {
    switch self {
    case .contact(let r): h.contacts.append(r)
    case .occasion(let r): h.occasions.append(r)
    case .gift(let r): h.gifts.append(r)
    case .reminder(let r): h.reminders.append(r)
    case .budget(let r): h.budgets.append(r)
    case .purchase(let r): h.purchases.append(r)
    case .item(let r): h.items.append(r)
    case .price(let r): h.prices.append(r)
    case .shopping(let r): h.shopping.append(r)
    case .game(let r): h.games.append(r)
    case .result(let r): h.results.append(r)
    }
  }
}

extension Household {
  /// Makes room for `counts` records of each kind.
  mutating func reserveCapacity(for counts: [RecordKind: Int]) {
    for (kind, n) in counts {
      switch kind {
      case .contacts: contacts.reserveCapacity(n)
      case .occasions: occasions.reserveCapacity(n)
      case .gifts: gifts.reserveCapacity(n)
      case .reminders: reminders.reserveCapacity(n)
      case .budgets: budgets.reserveCapacity(n)
      case .purchases: purchases.reserveCapacity(n)
      case .items: items.reserveCapacity(n)
      case .prices: prices.reserveCapacity(n)
      case .shopping: shopping.reserveCapacity(n)
      case .games: games.reserveCapacity(n)
      case .results: results.reserveCapacity(n)
      }
    }
  }

  /// Removes the records at the given positions of each kind's list.
  mutating func remove(_ positions: [RecordKind: Set<Int>]) {
    for (kind, set) in positions {
      switch kind {
      case .contacts: contacts = Household.removing(set, from: contacts)
      case .occasions: occasions = Household.removing(set, from: occasions)
      case .gifts: gifts = Household.removing(set, from: gifts)
      case .reminders: reminders = Household.removing(set, from: reminders)
      case .budgets: budgets = Household.removing(set, from: budgets)
      case .purchases: purchases = Household.removing(set, from: purchases)
      case .items: items = Household.removing(set, from: items)
      case .prices: prices = Household.removing(set, from: prices)
      case .shopping: shopping = Household.removing(set, from: shopping)
      case .games: games = Household.removing(set, from: games)
      case .results: results = Household.removing(set, from: results)
      }
    }
  }

  private static func removing<R>(_ positions: Set<Int>, from list: [R]) -> [R] {
    list.enumerated().filter { !positions.contains($0.offset) }.map(\.element)
  }

  /// Orders every kind by id (a stable order that does not depend on the file system).
  mutating func sortByID() {
    contacts.sort { $0.id < $1.id }
    occasions.sort { $0.id < $1.id }
    gifts.sort { $0.id < $1.id }
    reminders.sort { $0.id < $1.id }
    budgets.sort { $0.id < $1.id }
    purchases.sort { $0.id < $1.id }
    items.sort { $0.id < $1.id }
    prices.sort { $0.id < $1.id }
    shopping.sort { $0.id < $1.id }
    games.sort { $0.id < $1.id }
    results.sort { $0.id < $1.id }
  }
}
