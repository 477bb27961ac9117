/// The JSON index the search page filters as the user types. Names and fields are stored
/// already folded (`Search.fold`), so the page only folds the query, the same way, and
/// scores exactly like `vibekeeper search`: name exact 100, prefix 50, contains 25, any
/// other field containing the query 10; highest first, ties by name.
enum SearchIndex {
  /// The index document.
  static func json(_ household: Household, links: Permalinks) -> JSONValue {
    let docs = Search.documents(household).map { d -> JSONValue in
      let kind: RecordKind =
        switch d.kind {
        case .gift: .gifts
        case .item: .items
        case .contact: .contacts
        }
      let fields = d.fields.compactMap { name, texts -> JSONField? in
        let folded = texts.map(Search.fold).filter { !$0.isEmpty }
        return folded.isEmpty ? nil : JSONField(name, .array(folded.map(JSONValue.string)))
      }
      return .object([
        JSONField("kind", .string(d.kind.rawValue)), JSONField("id", .string(d.id)),
        JSONField("name", .string(d.name)), JSONField("folded", .string(Search.fold(d.name))),
        JSONField("url", .optional(links.url(kind, d.id).map(JSONValue.string))),
        JSONField("fields", .object(fields)),
      ])
    }
    return .object([JSONField("version", .int(1)), JSONField("records", .array(docs))])
  }
}
