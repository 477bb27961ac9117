/// The JSON index the search page filters as the user types. Names and fields are stored
/// already folded (`Search.fold`), so the page only folds the query, the same way, and
/// scores exactly like `vibekeeper search`: name exact 100, prefix 50, contains 25, any
/// other field containing the query 10; highest first, ties by name.
enum SearchIndex {
  /// The index document, compact: `{"version":1,"records":[…]}`. Each record's entry is
  /// made and written on its own (every core takes a share), which gives the same bytes
  /// as writing the whole document at once.
  static func text(_ household: Household, links: Permalinks, jobs: Int = Parallel.defaultJobs)
    -> String
  {
    let documents = Search.documents(household)
    let chunk = 256
    let parts = Parallel.map((documents.count + chunk - 1) / chunk, jobs: jobs) { part in
      documents[(part * chunk)..<min(documents.count, (part + 1) * chunk)].map {
        entry($0, links: links).serialized(pretty: false)
      }.joined(separator: ",")
    }
    return "{\"version\":1,\"records\":[" + parts.joined(separator: ",") + "]}"
  }

  /// The index document.
  static func json(_ household: Household, links: Permalinks) -> JSONValue {
    .object([
      JSONField("version", .int(1)),
      JSONField("records", .array(Search.documents(household).map { entry($0, links: links) })),
    ])
  }

  /// One record's entry.
  private static func entry(_ d: SearchDocument, links: Permalinks) -> JSONValue {
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
}
