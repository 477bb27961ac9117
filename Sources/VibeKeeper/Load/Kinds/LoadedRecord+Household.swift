/// How the assembly moves decoded records into a `Household` and back.
extension LoadedRecord {
  /// The record's kind.
  var kind: RecordKind {
    struct Kind: LoadedRecordVisitor {
      func visit<R: HouseholdRecord>(_ record: R) -> RecordKind { R.kind }
    }
    var visitor = Kind()
    return accept(&visitor)
  }

  /// Forgets a dangling reference; false when the record cannot stand without it.
  mutating func dropReference(_ ref: Reference) -> Bool {
    switch self {
    case .gift(var g):
      // The occasion's id is kept (shown as text, with no page to link to), so the gift
      // is still for that occasion and never suggested for another.
      if ref.field == "for" { g.recipient = nil }
      self = .gift(g)
    case .occasion(var o):
      // Still the kind it was with its contact (an anniversary counts its years).
      o.type = o.type ?? o.kind
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
    case .price, .result, .contact, .reminder, .dose, .budget, .item, .game:
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
    case .doses: self = .dose(h.doses[index])
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
    struct Replace: LoadedRecordVisitor {
      let household: UnsafeMutablePointer<Household>
      let index: Int
      func visit<R: HouseholdRecord>(_ record: R) {
        household.pointee[keyPath: R.list][index] = record
      }
    }
    // The visitor changes the household in place: neither it nor its lists are copied.
    withUnsafeMutablePointer(to: &h) { p in
      var visitor = Replace(household: p, index: index)
      accept(&visitor)
    }
  }

  /// Appends the record to its kind's list.
  func insert(into h: inout Household) {
    struct Insert: LoadedRecordVisitor {
      let household: UnsafeMutablePointer<Household>
      func visit<R: HouseholdRecord>(_ record: R) {
        household.pointee[keyPath: R.list].append(record)
      }
    }
    // In place, as `replace(at:in:)`: one record appended to its list.
    withUnsafeMutablePointer(to: &h) { p in
      var visitor = Insert(household: p)
      accept(&visitor)
    }
  }
}

extension Household {
  /// Makes room for `counts` records of each kind.
  mutating func reserveCapacity(for counts: [RecordKind: Int]) {
    struct Reserve: RecordListVisitor {
      let counts: [RecordKind: Int]
      func visit<R: HouseholdRecord>(_ records: inout [R]) {
        if let n = counts[R.kind] { records.reserveCapacity(n) }
      }
    }
    var visitor = Reserve(counts: counts)
    visitLists(&visitor)
  }

  /// Removes the records at the given positions of each kind's list.
  mutating func remove(_ positions: [RecordKind: Set<Int>]) {
    struct Remove: RecordListVisitor {
      let positions: [RecordKind: Set<Int>]
      func visit<R: HouseholdRecord>(_ records: inout [R]) {
        guard let set = positions[R.kind], !set.isEmpty else { return }
        records = records.enumerated().filter { !set.contains($0.offset) }.map(\.element)
      }
    }
    var visitor = Remove(positions: positions)
    visitLists(&visitor)
  }

  /// Orders every kind by id (a stable order that does not depend on the file system).
  mutating func sortByID() {
    struct SortByID: RecordListVisitor {
      func visit<R: HouseholdRecord>(_ records: inout [R]) {
        records.sort { $0.meta.id < $1.meta.id }
      }
    }
    var visitor = SortByID()
    visitLists(&visitor)
  }
}
