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
    var none: SearchMemory?
    return text(household, links: links, jobs: jobs, memory: nil, kept: &none)
  }

  /// The index document, taking each entry `memory` holds for the same document and
  /// address as it was; `kept` (when not nil) gets every entry written.
  static func text(
    _ household: Household, links: Permalinks, jobs: Int, memory: SearchMemory?,
    kept: inout SearchMemory?
  ) -> String {
    let documents = Search.documents(household)
    let chunk = 256
    let keeps = kept != nil
    let parts = Parallel.map((documents.count + chunk - 1) / chunk, jobs: jobs) {
      part -> (String, [SearchMemory.Entry]) in
      var out = ""
      var written: [SearchMemory.Entry] = []
      for (k, d) in documents[(part * chunk)..<min(documents.count, (part + 1) * chunk)]
        .enumerated()
      {
        if k > 0 { out += "," }
        let url = links.url(kind(of: d), d.id)
        if let known = memory?.entries[SearchMemory.Key(kind: d.kind, id: d.id)],
          known.isOf(d, url: url)
        {
          out += known.text
          if keeps { written.append(known) }
        } else if keeps {
          var entry = ""
          write(d, url: url, into: &entry)
          out += entry
          written.append(SearchMemory.Entry(document: d, url: url, text: entry))
        } else {
          write(d, url: url, into: &out)
        }
      }
      return (out, written)
    }
    if keeps {
      var memory = SearchMemory()
      memory.entries.reserveCapacity(documents.count)
      for (_, written) in parts {
        for e in written {
          memory.entries[SearchMemory.Key(kind: e.document.kind, id: e.document.id)] = e
        }
      }
      kept = memory
    }
    return "{\"version\":1,\"records\":[" + parts.map(\.0).joined(separator: ",") + "]}"
  }

  /// One record's entry written as `entry(_:links:)` serializes it, compact, without
  /// building the JSON value (the index's hot path: one entry per record, every build).
  private static func write(_ d: SearchDocument, url: String?, into out: inout String) {
    out += "{\"kind\":"
    out += JSONValue.quoted(d.kind.rawValue)
    out += ",\"id\":"
    out += JSONValue.quoted(d.id)
    out += ",\"name\":"
    out += JSONValue.quoted(d.name)
    out += ",\"folded\":"
    out += JSONValue.quoted(Search.fold(d.name))
    out += ",\"url\":"
    out += url.map(JSONValue.quoted) ?? "null"
    out += ",\"fields\":{"
    var first = true
    for (name, texts) in d.fields {
      var any = false
      for text in texts {
        let folded = Search.fold(text)
        guard !folded.isEmpty else { continue }
        if !any {
          if !first { out += "," }
          out += JSONValue.quoted(name)
          out += ":["
          (first, any) = (false, true)
        } else {
          out += ","
        }
        out += JSONValue.quoted(folded)
      }
      if any { out += "]" }
    }
    out += "}}"
  }

  /// The kind whose pages a search document's record has.
  private static func kind(of d: SearchDocument) -> RecordKind {
    switch d.kind {
    case .gift: .gifts
    case .item: .items
    case .contact: .contacts
    }
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
    let fields = d.fields.compactMap { name, texts -> JSONField? in
      let folded = texts.map(Search.fold).filter { !$0.isEmpty }
      return folded.isEmpty ? nil : JSONField(name, .array(folded.map(JSONValue.string)))
    }
    return .object([
      JSONField("kind", .string(d.kind.rawValue)), JSONField("id", .string(d.id)),
      JSONField("name", .string(d.name)), JSONField("folded", .string(Search.fold(d.name))),
      JSONField("url", .optional(links.url(kind(of: d), d.id).map(JSONValue.string))),
      JSONField("fields", .object(fields)),
    ])
  }
}
