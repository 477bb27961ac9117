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
    let (gifts, items, contacts) = (household.gifts, household.items, household.contacts)
    let count = gifts.count + items.count + contacts.count
    let last = memory?.entries ?? []
    // Records found where they were need no table; one added or removed moves the rest.
    let keeps = kept != nil
    let moved =
      last.count != count
      || (0..<count).contains { i in
        let d = last[i].document
        return switch i {
        case ..<gifts.count: d.kind != .gift || d.id != gifts[i].id
        case ..<(gifts.count + items.count): d.kind != .item || d.id != items[i - gifts.count].id
        default: d.kind != .contact || d.id != contacts[i - gifts.count - items.count].id
        }
      }
    let table = moved && memory != nil ? memory?.byKey() : nil
    let chunk = SearchMemory.chunk
    let lastChunks = memory?.chunks ?? []
    let parts = Parallel.map((count + chunk - 1) / chunk, jobs: jobs) {
      part -> (String, [SearchMemory.Entry]) in
      let range = (part * chunk)..<min(count, (part + 1) * chunk)
      var written: [SearchMemory.Entry] = []
      written.reserveCapacity(keeps ? range.count : 0)
      // Without memory to keep (`build`), entries are written straight into the run.
      var out = ""
      for i in range {
        let url: String?
        let document: SearchDocument
        var gift: Gift?
        var name: String?
        switch i {
        case ..<gifts.count:
          let g = gifts[i]
          name = household.contact(g.recipient)?.name
          url = links.url(.gifts, g.id)
          if keeps, i < last.count, last[i].isOf(g, recipientName: name, url: url) {
            written.append(last[i])
            continue
          }
          document = Search.document(g, recipientName: name)
          gift = g
        case ..<(gifts.count + items.count):
          let item = items[i - gifts.count]
          url = links.url(.items, item.id)
          document = Search.document(item)
        default:
          let contact = contacts[i - gifts.count - items.count]
          url = links.url(.contacts, contact.id)
          document = Search.document(contact)
        }
        guard keeps else {
          if i > range.lowerBound { out += "," }
          write(document, url: url, into: &out)
          continue
        }
        let known =
          table.map { $0[SearchMemory.Key(kind: document.kind, id: document.id)] }
          ?? (i < last.count ? last[i] : nil)
        if let known, known.isOf(document, url: url) {
          written.append(known)
        } else {
          var text = ""
          write(document, url: url, into: &text)
          written.append(
            SearchMemory.Entry(
              document: document, url: url, text: text, gift: gift, recipientName: name))
        }
      }
      guard keeps else { return (out, []) }
      // A run of the very entries the last index had in this place is written as it was.
      if part < lastChunks.count, !moved,
        zip(range, written).allSatisfy({ $0 < last.count && last[$0] === $1 })
      {
        return (lastChunks[part], written)
      }
      return (written.lazy.map(\.text).joined(separator: ","), written)
    }
    if keeps {
      var memory = SearchMemory()
      memory.entries.reserveCapacity(count)
      for (_, written) in parts { memory.entries += written }
      memory.chunks = parts.map(\.0)
      kept = memory
    }
    // Written once into room for all of it (10,000 records' index is megabytes).
    let head = "{\"version\":1,\"records\":["
    var out = head
    out.reserveCapacity(parts.reduce(head.utf8.count + 2) { $0 + $1.0.utf8.count + 1 })
    for (i, part) in parts.enumerated() {
      if i > 0 { out += "," }
      out += part.0
    }
    out += "]}"
    return out
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
