/// Puts decoded records together into a `Household`: rejects duplicate ids (naming both
/// files), checks every reference against the ids that exist (suggesting the closest),
/// and orders every kind by id so the result never depends on file order.
struct HouseholdAssembly {
  let settings: Settings
  private var records: [LoadedRecord] = []
  private var references: [[Reference]] = []
  private var diagnostics: [Diagnostic] = []
  private var firstSeen: [RecordKind: [String: SourceLocation]] = [:]

  /// Starts an empty assembly.
  init(settings: Settings) {
    self.settings = settings
  }

  /// Adds what every file yielded, in order, with room made for all their records first
  /// (growing the id tables one record at a time was a good part of the assembly's time).
  mutating func add(contentsOf outputs: some Collection<RecordFile.Output>) {
    var counts: [RecordKind: Int] = [:]
    // A file's records are all of its folder's kind.
    for output in outputs {
      if let kind = output.records.first?.kind { counts[kind, default: 0] += output.records.count }
    }
    let total = counts.values.reduce(0, +)
    records.reserveCapacity(records.count + total)
    references.reserveCapacity(references.count + total)
    for (kind, count) in counts { firstSeen[kind, default: [:]].reserveCapacity(count) }
    for output in outputs { add(output) }
  }

  /// Adds what one file yielded, dropping records whose id is already taken.
  mutating func add(_ output: RecordFile.Output) {
    diagnostics += output.diagnostics
    for (record, refs) in zip(output.records, output.references) {
      let kind = record.kind
      let meta = record.meta
      if let first = firstSeen[kind]?[meta.id] {
        diagnostics.append(
          Diagnostic(
            .error, meta.location,
            "duplicate \(kind.singular) id '\(meta.id)', first used at \(first)",
            hint: "ids are unique per kind: rename one file or give one record its own `id:`",
            related: first))
        continue
      }
      firstSeen[kind, default: [:]][meta.id] = meta.location
      records.append(record)
      references.append(refs)
    }
  }

  /// Checks references and builds the household.
  mutating func finish() -> (Household, [Diagnostic]) {
    var h = Household()
    h.settings = settings
    h.reserveCapacity(for: firstSeen.mapValues(\.count))
    for (i, var record) in records.enumerated() {
      var keep = true
      for ref in references[i] where firstSeen[ref.target]?[ref.id] == nil {
        let known = firstSeen[ref.target].map { Array($0.keys) } ?? []
        let hint: String
        if let close = Suggestion.closest(to: ref.id, in: known) {
          hint = "did you mean '\(close)'?"
        } else if known.isEmpty {
          hint = "there are no \(ref.target.folder) yet; add one in \(ref.target.folder)/"
        } else {
          hint =
            "ids are file paths inside \(ref.target.folder)/ without the extension, e.g. '\(known.sorted()[0])'"
        }
        diagnostics.append(
          Diagnostic(
            .error, ref.location,
            "'\(ref.field)' names \(ref.target.singular) '\(ref.id)', which does not exist",
            hint: hint))
        keep = record.dropReference(ref) && keep
      }
      guard keep else { continue }
      record.insert(into: &h)
    }
    h.sortByID()
    h.indexRecords()
    for gift in h.gifts where gift.occasion == "birthday" {
      if let c = h.contact(gift.recipient), c.birthday == nil {
        diagnostics.append(
          Diagnostic(
            .warning, gift.meta.location,
            "gift '\(gift.id)' is for \(c.name)'s birthday, but no birthday is known",
            hint: "add `birthday:` to \(c.meta.path)"))
      }
    }
    return (h, diagnostics)
  }
}

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
