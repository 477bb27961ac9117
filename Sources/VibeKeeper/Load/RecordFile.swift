/// Turns one record file's bytes into records: a pure function, so files can be decoded in
/// any order or in parallel and still give the same result.
struct RecordFile {
  /// What the warning of an empty record file starts with (its kind follows): a file
  /// emptied while it is edited (`watch`, `serve` hold the served site back on it).
  static let emptyFile = "the file is empty, so it holds no "

  /// The kind, from the top-level folder.
  let kind: RecordKind
  /// The path inside the data folder (`gifts/mom/pottery.md`).
  let path: String
  /// The path as shown in diagnostics (`data/gifts/mom/pottery.md`).
  let displayPath: String

  /// What a file yields.
  struct Output: Sendable {
    var records: [LoadedRecord] = []
    var references: [[Reference]] = []
    var diagnostics: [Diagnostic] = []
    /// The records left out because they had an error: their ids, so references to them
    /// say why they do not resolve.
    var leftOut: [LeftOut] = []
  }

  /// A record left out whole because it had an error.
  struct LeftOut: Sendable {
    let kind: RecordKind
    let id: String
    let location: SourceLocation
    /// The names it gives of other records, still checked so every problem is said at once.
    let references: [Reference]
  }

  /// The id a file gives its record(s): its path inside the kind folder, without the
  /// extension, lower-cased.
  var fileID: String {
    var inner = path.dropFirst(kind.folder.count + 1)
    if let dot = inner.lastIndex(of: "."), !inner[dot...].contains("/") { inner = inner[..<dot] }
    return inner.lowercased()
  }

  /// Whether the file is Markdown with front matter.
  var isMarkdown: Bool { path.lowercased().hasSuffix(".md") }

  /// Decodes the file's bytes.
  func decode(_ bytes: [UInt8], context: DecodeContext) -> Output {
    var out = decodeWhole(bytes, context: context)
    if out.records.isEmpty, out.leftOut.isEmpty,
      let error = out.diagnostics.first(where: { $0.severity == .error })
    {
      out.leftOut = leftOutWhole(at: error.location, text: String(decoding: bytes, as: UTF8.self))
    }
    return out
  }

  /// The records of a file that could not be read at all (not UTF-8, a merge conflict, bad
  /// YAML, no permission), as far as they can be named: by the file's id, and by each
  /// `id:` its lines give (a list file's records). A purchase of `item: milk` then says
  /// that milk is left out for its error, and still counts, as for any other error in that
  /// record, instead of naming a record that "does not exist".
  func leftOutWhole(at location: SourceLocation, text: String = "") -> [LeftOut] {
    var ids = [fileID]
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      guard let range = line.range(of: "id:"),
        range.lowerBound == line.startIndex
          || " \t{,-".contains(line[line.index(before: range.lowerBound)])
      else { continue }
      let value = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        .prefix { !",}#\"' \t".contains($0) }
      if !value.isEmpty { ids.append(value.lowercased()) }
    }
    var seen: Set<String> = []
    return ids.filter { seen.insert($0).inserted }.map {
      LeftOut(kind: kind, id: $0, location: location, references: [])
    }
  }

  /// Decodes the file's bytes, without naming the record of a file that cannot be read.
  private func decodeWhole(_ bytes: [UInt8], context: DecodeContext) -> Output {
    var out = Output()
    let text: String
    switch SourceText.decode(bytes, file: displayPath) {
    case .success(let s): text = s.text
    case .failure(let d):
      out.diagnostics.append(d)
      return out
    }
    if let line = ConflictMarkers.firstLine(in: text) {
      out.diagnostics.append(ConflictMarkers.diagnostic(file: displayPath, line: line))
      return out
    }
    if text.allSatisfy(\.isWhitespace) {
      out.diagnostics.append(
        Diagnostic(
          .warning, location(1, 1), RecordFile.emptyFile + kind.singular,
          hint: isMarkdown
            ? "start it with a '---' line, the fields, and another '---' line"
            : "add a record, or delete the file"))
      return out
    }
    if isMarkdown {
      decodeMarkdown(text, context: context, into: &out)
    } else {
      decodeYAML(text, context: context, into: &out)
    }
    return out
  }

  /// A Markdown record: front matter, then the body.
  private func decodeMarkdown(_ text: String, context: DecodeContext, into out: inout Output) {
    switch FrontMatter.split(text) {
    case .failure(.noOpening):
      out.diagnostics.append(
        Diagnostic(
          .error, location(1, 1), "a Markdown record must start with front matter",
          hint:
            "make the first line '---', then the fields (`title: …`), then a '---' line, then the notes"
        ))
    case .failure(.noClosing):
      out.diagnostics.append(
        Diagnostic(
          .error, location(1, 1), "the front matter opened on line 1 is never closed",
          hint: "add a line '---' after the last field"))
    case .success(let fm):
      var reader = YAMLReader(file: displayPath, lineOffset: fm.yamlFirstLine - 1)
      reader.keepsDuplicates = true
      let (node, diags) = reader.read(fm.yaml)
      out.diagnostics += diags
      guard diags.isEmpty else { return }
      guard case .mapping(let m)? = node else {
        let p = node?.position ?? (fm.yamlFirstLine, 1)
        out.diagnostics.append(
          Diagnostic(
            .error, location(p.0, p.1),
            "the front matter must be fields (`name: value` lines), not \(node?.kindName ?? "nothing")"
          ))
        return
      }
      decodeRecord(m, id: fileID, body: fm.body, context: context, into: &out)
    }
  }

  /// A YAML file: one record, or a list of them.
  private func decodeYAML(_ text: String, context: DecodeContext, into out: inout Output) {
    var reader = YAMLReader(file: displayPath, lineOffset: 0)
    reader.keepsDuplicates = true
    let (node, diags) = reader.read(Substring(text))
    // A syntax error, not aliases that expand too far (each line would get its own budget).
    if !diags.isEmpty, context.lists.contains(kind),
      !diags.contains(where: { $0.message.hasPrefix(YAMLReader.expandsTooFar) }),
      salvageLines(text, context: context, into: &out)
    {
      return
    }
    out.diagnostics += diags
    guard diags.isEmpty, let node else { return }
    switch node {
    case .mapping(let m):
      decodeRecord(m, id: fileID, body: "", context: context, into: &out)
    case .sequence(let items, let line, let column) where !context.lists.contains(kind):
      out.diagnostics.append(
        Diagnostic(
          .error, location(line, column),
          "\(RecordKind.article(kind.folder)) \(kind.folder) file holds one \(kind.singular), not a list of \(items.count)",
          hint: "write one file per \(kind.singular), its fields (`name: value`) at the top"))
    case .sequence(let items, _, _):
      out.diagnostics += unionTwins(
        items.compactMap {
          if case .mapping(let m) = $0 { m } else { nil }
        })
      for (i, item) in items.enumerated() {
        guard case .mapping(let m) = item else {
          let p = item.position
          out.diagnostics.append(
            Diagnostic(
              .error, location(p.line, p.column),
              "entry \(i + 1) of the list must be \(kind.aSingular) (fields), not \(item.kindName)",
              hint: "write each entry as `- field: value` with its other fields indented below"))
          continue
        }
        decodeRecord(m, id: "\(fileID)#\(i + 1)", body: "", context: context, into: &out)
      }
    case .scalar:
      let p = node.position
      out.diagnostics.append(
        Diagnostic(
          .error, location(p.line, p.column),
          "\(RecordKind.article(kind.folder)) \(kind.folder) file must hold \(kind.aSingular) or a list of them, not a single value",
          hint: "write fields (`name: value`), or a list of entries starting with `- `"))
    }
  }

  /// A list file that is not valid YAML, when each of its entries is one line (`- {…}`, as
  /// every monthly log is written): each line is read alone, so one broken line (a missing
  /// `}`) leaves out its own entry, said at its line, and not the month. Entries keep the
  /// ids a whole read gives them (by their place in the file). False, with nothing read,
  /// when an entry spans lines: the file's own error is said then.
  private func salvageLines(_ text: String, context: DecodeContext, into out: inout Output)
    -> Bool
  {
    let lines = text.linesAtLF
    var entries: [(line: Int, text: Substring, aside: Bool)] = []
    // The entries' indentation: the one most of the `- ` lines have.
    var indents: [Int: Int] = [:]
    for raw in lines {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let spaces = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(spaces)
      if rest.hasPrefix("- ") || rest == "-" { indents[spaces, default: 0] += 1 }
    }
    let indent = indents.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    for (n, raw) in lines.enumerated() {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let spaces = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(spaces)
      if rest.isEmpty || rest.hasPrefix("#") || (n == 0 && rest == "---") { continue }
      if rest.hasPrefix("- ") || rest == "-", indent == spaces {
        entries.append((n + 1, line, false))
      } else if rest.drop(while: { $0 == "-" || $0 == " " || $0 == "\t" }).hasPrefix("{") {
        // A one-line entry written unlike the others (indented, a tab, `-{`, no `- `):
        // its own error, not the month's.
        entries.append((n + 1, line, true))
      } else {
        // A line of an entry that spans lines: the file is not one entry per line.
        return false
      }
    }
    guard entries.count(where: { !$0.aside }) > 1 else { return false }
    // Each line alone: its entry, or what is wrong with it.
    var read: [Result<YAMLMapping, Problems>] = entries.enumerated().map { i, entry in
      guard !entry.aside else {
        let column = entry.text.prefix { $0 == " " }.count + 1
        return .failure(
          Problems(diagnostics: [
            Diagnostic(
              .error, location(entry.line, column),
              "this line is not an entry like the others of the list, so it is left out",
              hint:
                "write it as they are: `- {field: value, ...}`, the `- ` at column \((indent ?? 0) + 1), spaces only"
            )
          ]))
      }
      return readLine(entry.text, at: entry.line, number: i + 1)
    }
    // An alias names an anchor on another line: the file is read again with only the
    // lines broken on their own left out, so an entry that failed for its alias alone is
    // kept (ids and places stay those of the whole file).
    let broken = read.indices.filter { if case .failure = read[$0] { true } else { false } }
    if broken.contains(where: { entries[$0].text.contains("*") }) {
      let dropped = Set(broken.filter { !entries[$0].text.contains("*") }.map { entries[$0].line })
      let kept = lines.enumerated().map { dropped.contains($0.offset + 1) ? "" : $0.element }
      var reader = YAMLReader(file: displayPath, lineOffset: 0)
      reader.keepsDuplicates = true
      let (node, diags) = reader.read(Substring(kept.joined(separator: "\n")))
      let whole = read.indices.filter { !dropped.contains(entries[$0].line) }
      if diags.isEmpty, case .sequence(let items, _, _)? = node, items.count == whole.count {
        for (n, item) in zip(whole, items) {
          if case .mapping(let m) = item { read[n] = .success(m) }
        }
      }
    }
    var salvaged = Output()
    var mappings: [YAMLMapping] = []
    for (i, result) in read.enumerated() {
      switch result {
      case .failure(let problems): salvaged.diagnostics += problems.diagnostics
      case .success(let m):
        mappings.append(m)
        decodeRecord(m, id: "\(fileID)#\(i + 1)", body: "", context: context, into: &salvaged)
      }
    }
    out.records += salvaged.records
    out.references += salvaged.references
    out.leftOut += salvaged.leftOut
    out.diagnostics += salvaged.diagnostics + unionTwins(mappings)
    return true
  }

  /// What is wrong with a line of a list file read alone (`salvageLines`).
  private struct Problems: Error {
    let diagnostics: [Diagnostic]
  }

  /// The entry of a list file's line `line` (entry `number`), read alone.
  private func readLine(_ text: Substring, at line: Int, number: Int) -> Result<
    YAMLMapping, Problems
  > {
    var reader = YAMLReader(file: displayPath, lineOffset: line - 1)
    reader.keepsDuplicates = true
    // One entry of a line: a small budget, so lines of aliases cannot add up.
    reader.nodeBudget = 1_000
    let (node, diags) = reader.read(text)
    guard diags.isEmpty else {
      // An entry cut short is said at the end of its own line, not at the next.
      return .failure(
        Problems(
          diagnostics: diags.map { d in
            var d = d
            if d.location.line > line { d.location = location(line, text.count + 1) }
            return d
          }))
    }
    guard case .sequence(let items, _, _)? = node, items.count == 1,
      case .mapping(let m) = items[0]
    else {
      return .failure(
        Problems(diagnostics: [
          Diagnostic(
            .error, location(line, 1),
            "entry \(number) of the list must be \(kind.aSingular) (fields)",
            hint: "write each entry as `- {field: value, ...}` on its line")
        ]))
    }
    return .success(m)
  }

  /// A warning for each purchase that is another one of the file without its `used:` (and
  /// `wasted:`): what a union merge (`merge=union`, as `init` sets for the monthly logs)
  /// leaves, in either order, when `used` wrote into a line the other clone's appends
  /// came next to. Both are counted until one is deleted, so it is said; two batches really
  /// bought alike can be told apart by a field.
  private func unionTwins(_ mappings: [YAMLMapping]) -> [Diagnostic] {
    guard kind == .purchases, mappings.count > 1 else { return [] }
    func fields(_ m: YAMLMapping) -> [String: String]? {
      var out: [String: String] = [:]
      for e in m.entries {
        guard case .scalar(let v) = e.value else { return nil }
        out[e.key.text] = v.text
      }
      return out
    }
    // The lines marked used, by what they say without the mark.
    var used: [[String: String]: Int] = [:]
    for m in mappings {
      guard var f = fields(m), f["used"] != nil else { continue }
      f["used"] = nil
      f["wasted"] = nil
      used[f] = used[f] ?? m.line
    }
    guard !used.isEmpty else { return [] }
    return mappings.compactMap { m in
      guard let f = fields(m), f["used"] == nil, f["wasted"] == nil, let line = used[f] else {
        return nil
      }
      return Diagnostic(
        .warning, location(m.line, m.column),
        "this purchase is the one at line \(line) without its `used:`: if a merge kept both versions of one batch, it is counted twice",
        hint:
          "delete the line without `used:` if they are one batch; if you bought two alike, tell them apart (a `store:`, say)"
      )
    }
  }

  private func location(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: displayPath, line: line, column: column)
  }

  private func decodeRecord(
    _ mapping: YAMLMapping, id defaultID: String, body: String, context: DecodeContext,
    into out: inout Output
  ) {
    var f = RecordFields(
      mapping, file: displayPath, schema: context.fields[kind] ?? [],
      required: context.required[kind] ?? [])
    let id = explicitID(&f) ?? defaultID
    // Counted in bytes: a page's file name is at most 255 bytes, and 84 CJK characters
    // are 252 of them.
    let problem: (String, hint: String)? =
      id.utf8.count > RecordFile.maxIDBytes
      ? (
        "the id is too long: \(id.utf8.count) bytes in UTF-8, at most \(RecordFile.maxIDBytes)",
        "give the record a shorter `id:` (or a shorter file name)"
      )
      : RecordFile.isValidID(id)
        ? nil
        : (
          "the id '\(id)' is not allowed: ids are paths inside the kind's folder",
          "use letters, digits, '-', '_' and '/' between names; no '..', no leading '/'"
        )
    if let (message, hint) = problem {
      f.report(
        .error, at: f.has("id") ? f.location(of: "id") : f.recordLocation, message, hint: hint)
      out.diagnostics += f.diagnostics
      return
    }
    let updated = f.date("updated")
    var meta = RecordMeta(id: id, location: f.recordLocation, path: path, updated: updated)
    meta.isPrivate = f.bool("private") ?? false
    meta.source = f.string("source")
    let decoder = RecordFile.decoder(for: kind)
    let record = decoder.decode(&f, meta: meta, body: body, context: context)
    f.finish(kind.aSingular)
    out.diagnostics += f.diagnostics
    // A record with an error is left out whole, so it is never counted, shown or published
    // with a value that was read wrong or not at all.
    if let record, !f.readWrong, !f.diagnostics.contains(where: { $0.severity == .error }) {
      out.records.append(record)
      out.references.append(f.references)
    } else {
      out.leftOut.append(
        LeftOut(kind: kind, id: id, location: meta.location, references: f.references))
    }
  }

  private func explicitID(_ f: inout RecordFields) -> String? {
    f.string("id")?.lowercased()
  }

  /// The longest id, in UTF-8 bytes: its page's file name (with `.html`, or `-2.html`
  /// when two ids clash) must stay within the file systems' 255 bytes.
  static let maxIDBytes = 200

  /// Whether an id stays inside its folder: no empty, `.` or `..` segment, no backslash,
  /// no leading `/`, no control characters, at most `maxIDBytes` bytes.
  static func isValidID(_ id: String) -> Bool {
    if id.utf8.allSatisfy({ $0 < 0x80 }) { return isValidASCIIID(id.utf8) }
    guard !id.isEmpty, id.utf8.count <= maxIDBytes, !id.contains("\\"),
      !id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return false }
    return !id.split(separator: "/", omittingEmptySubsequences: false).contains {
      $0.isEmpty || $0 == "." || $0 == ".."
    }
  }

  /// `isValidID` for an ASCII id, on its bytes (one character per byte).
  private static func isValidASCIIID(_ id: String.UTF8View) -> Bool {
    guard !id.isEmpty, id.count <= maxIDBytes,
      !id.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x5C })
    else { return false }
    return !id.split(separator: 0x2F, omittingEmptySubsequences: false).contains {
      $0.isEmpty || $0.elementsEqual([0x2E]) || $0.elementsEqual([0x2E, 0x2E])
    }
  }

  static func decoder(for kind: RecordKind) -> any KindDecoder.Type {
    switch kind {
    case .contacts: ContactDecoder.self
    case .occasions: OccasionDecoder.self
    case .gifts: GiftDecoder.self
    case .reminders: ReminderDecoder.self
    case .doses: DoseDecoder.self
    case .budgets: BudgetDecoder.self
    case .purchases: PurchaseDecoder.self
    case .items: ItemDecoder.self
    case .prices: PriceDecoder.self
    case .shopping: ShoppingDecoder.self
    case .games: GameDecoder.self
    case .results: ResultDecoder.self
    }
  }
}
