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
    let schema = RecordSchema.standard
    if let kind = RecordKind.allCases.first(where: {
      let described = schema[$0]
      return described.singular == w
        || described.singular.replacingOccurrences(of: " ", with: "-") == w
        || described.words.contains(w)
    }) {
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
