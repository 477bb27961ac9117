import Foundation

extension Household {
  /// Letters and digits only, lower case, without accents: how names are compared.
  static func nameKey(_ text: String) -> String {
    String(
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        .map(Character.init))
  }

  /// Whether the record with `id` and `title` is the one a name of key `key` names: by its
  /// id, the id's last part (`therapy` of `zoe/therapy`) or its title, compared by key.
  static func isNamed(_ key: String, id: String, title: String) -> Bool {
    nameKey(id) == key || nameKey(title) == key
      || nameKey(id.split(separator: "/").last.map(String.init) ?? "") == key
  }

  /// The id of the record of `kind` that `typed` names, as the daily actions find one
  /// (`new dose "Vitamin D"`, `--items "Oat milk"`): its id, else the one record it names
  /// (`isNamed`); nil when none or several are.
  public func recordID(named typed: String, kind: RecordKind) -> String? {
    let wanted = typed.trimmingCharacters(in: .whitespaces).lowercased()
    let named: [(id: String, title: String)]
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
    if named.contains(where: { $0.id == wanted }) { return wanted }
    let key = Self.nameKey(wanted)
    let matches = named.filter { Self.isNamed(key, id: $0.id, title: $0.title) }
    return matches.count == 1 ? matches[0].id : nil
  }
}
