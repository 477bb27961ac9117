extension Household {
  /// The id of the record of `kind` that `typed` names: its id, else the one record whose
  /// name or title it is (any case: `new dose "Vitamin D"`, `--items "Oat milk"`); nil when
  /// none or several are.
  public func recordID(named typed: String, kind: RecordKind) -> String? {
    let wanted = typed.trimmingCharacters(in: .whitespaces)
    let key = wanted.lowercased()
    let named: [(id: String, name: String)]
    switch kind {
    case .contacts: named = contacts.map { ($0.id, $0.name) }
    case .occasions: named = occasions.map { ($0.id, $0.title) }
    case .gifts: named = gifts.map { ($0.id, $0.title) }
    case .reminders: named = reminders.map { ($0.id, $0.title) }
    case .items: named = items.map { ($0.id, $0.name) }
    case .games: named = games.map { ($0.id, $0.name) }
    case .shopping: named = shopping.map { ($0.id, $0.title) }
    case .budgets: named = budgets.map { ($0.id, $0.title) }
    default: named = []
    }
    if named.contains(where: { $0.id == key }) { return key }
    let matches = named.filter { $0.name.lowercased() == key }
    return matches.count == 1 ? matches[0].id : nil
  }
}
