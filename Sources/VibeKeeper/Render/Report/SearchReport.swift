extension Reports {
  /// `search QUERY`: one table of hits (best first) and JSON with `query` and `results`
  /// (`kind`, `id`, `name`, `score`, `matched_fields`).
  public static func search(_ household: Household, query: String) -> Report {
    let hits = Search.run(query, in: household)
    let rows = hits.map { h in
      [String(h.score), h.kind.rawValue, h.name, h.id, h.matchedFields.joined(separator: ", ")]
    }
    let table = ReportTable(
      title: "Search: \(query)", headers: ["Score", "Kind", "Name", "Id", "Matched"],
      alignments: [.right, .left, .left, .left, .left], rows: rows)
    let json = JSONValue.object([
      JSONField("query", .string(query)),
      JSONField(
        "results",
        .array(
          hits.map { h in
            .object([
              JSONField("kind", .string(h.kind.rawValue)), JSONField("id", .string(h.id)),
              JSONField("name", .string(h.name)), JSONField("score", .int(h.score)),
              JSONField("matched_fields", .array(h.matchedFields.map(JSONValue.string))),
            ])
          })),
    ])
    return Report(topic: "search", tables: [table], json: json)
  }
}
