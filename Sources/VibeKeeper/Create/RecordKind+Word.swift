extension RecordKind {
  /// The kind a user names on the command line: the folder (`gifts`), the singular
  /// (`gift`, `contact`), or for shopping lists also `list` and `shopping-list`;
  /// case-insensitive.
  public init?(word: String) {
    let w = word.lowercased().replacingOccurrences(of: "_", with: "-")
    if let kind = RecordKind(rawValue: w) {
      self = kind
      return
    }
    let extra: [String: RecordKind] = [
      "list": .shopping, "shopping-list": .shopping, "shopping list": .shopping,
      "shopping-lists": .shopping, "lists": .shopping, "price": .prices,
    ]
    if let kind = extra[w] ?? RecordKind.allCases.first(where: { $0.singular == w }) {
      self = kind
      return
    }
    return nil
  }

  /// Every word `init(word:)` accepts as a main spelling, for did-you-mean suggestions.
  public static var words: [String] {
    allCases.flatMap { [$0.folder, $0.singular.replacingOccurrences(of: " ", with: "-")] }
  }
}
