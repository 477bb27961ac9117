import Foundation

/// Turns the records of an import into file changes: it skips what is already in the data
/// folder (the same source key, or the same record by content), gives the rest ids and file
/// names that never collide with a record, and appends or creates the files. Records are
/// added one at a time (`add`), so a streamed import never holds its whole input; `finish`
/// gives the file changes.
struct ImportPlanner {
  let writer: DataWriter

  /// One source file's outcome.
  struct FileReport {
    var file: String
    /// The records added, by target path, in order.
    var added: [(path: String, kind: RecordKind, label: String, isNew: Bool)] = []
    /// Skipped because the same source key is already there.
    var alreadyImported = 0
    /// Skipped because the import holds the same record twice (the same UID, in this file
    /// or an earlier one of the run): what was skipped and the id it is imported as.
    var repeated: [(label: String, id: String)] = []
    /// Skipped because the same record (by name, or by game and day) is already there:
    /// what was skipped and the id it matched.
    var alreadyThere: [(label: String, id: String)] = []
    /// Problems at source lines.
    var problems: [Diagnostic] = []
  }

  private var sourceIDs: [String: String] = [:]
  private var sameIDs: [RecordKind: [String: String]] = [:]
  /// What tells two contacts of one name apart, by contact id: the birthday.
  private var birthdays: [String: Birthday] = [:]
  /// Every contact of each name (`sameContact`), in the order they came.
  private var contactsByName: [String: [String]] = [:]
  /// The yearly occasions of each contact by their day of the year (`contact|MM-DD`):
  /// an anniversary from a card is the wedding day already written under another title.
  private var contactDays: [String: String] = [:]
  private var takenIDs: [RecordKind: Set<String>] = [:]
  private var reservedPaths: Set<String> = []
  /// The contacts this import writes as new files, by id: where in `newFiles`, their
  /// fields and body (a later card of the same person may add the birthday).
  private var plannedContacts: [String: (index: Int, fields: [Field], body: String)] = [:]
  private typealias Field = (name: String, value: ImportedRecord.Value)
  /// The ids of the records this import writes.
  private var createdIDs: Set<String> = []

  init(household: Household, writer: DataWriter) {
    self.writer = writer
    func scan<R: HouseholdRecord>(_ type: R.Type, _ same: (R) -> String?) {
      var byKey: [String: String] = [:]
      for r in household[keyPath: R.list] {
        if let s = r.meta.source { sourceIDs[s] = sourceIDs[s] ?? r.meta.id }
        if let k = same(r), byKey[k] == nil { byKey[k] = r.meta.id }
      }
      sameIDs[R.kind] = byKey
      takenIDs[R.kind] = household.ids(of: R.kind)
    }
    let clock = LocalClock(
      now: Date(timeIntervalSince1970: 0), timeZone: household.settings.timeZone)
    scan(Contact.self) { Self.sameContact(name: $0.name) }
    for o in household.occasions where o.recurring && o.rule == nil {
      if let c = o.contact { contactDays[c + "|" + o.date.description.suffix(5)] = o.id }
    }
    for c in household.contacts {
      contactsByName[Self.sameContact(name: c.name), default: []].append(c.id)
      birthdays[c.id] = c.birthday
    }
    scan(Occasion.self) {
      Self.sameOccasion(
        title: $0.title, date: $0.date.description, yearly: $0.recurring,
        rule: $0.rule?.description)
    }
    scan(Game.self) { Self.sameGame(name: $0.name) }
    scan(GameResult.self) {
      let when: String =
        switch $0.when {
        case .day(let d): d.description
        case .instant(let i): ActionContext.localText(i, clock)
        }
      return Self.sameResult(game: $0.game, when: when, player: $0.player)
    }
    scan(Purchase.self) { _ in nil }
  }

  // MARK: What makes two records the same

  /// Whether an imported contact of the same name as contact `id` is someone else: both
  /// have a birthday, and they differ. (Two exports of one person, from two apps with two
  /// UIDs, or one with the birthday and one without, are one person.)
  private func isAnotherContact(_ record: ImportedRecord, _ raw: [String: String], than id: String)
    -> Bool
  {
    guard record.kind == .contacts,
      let mine = raw["birthday"].flatMap(Birthday.init(written:)),
      let theirs = birthdays[id]
    else { return false }
    return mine.conflicts(with: theirs)
  }

  static func sameContact(name: String) -> String { "name:" + ActionContext.key(name) }
  static func sameGame(name: String) -> String { "name:" + gameKey(name) }

  /// A game's name as a key: letters and digits (`ActionContext.key`), then the symbols
  /// besides them (emoji, `+`, `#`), so `Read 📚` and `Read 📰`, `C++` and `C#`, are two
  /// games, not one.
  static func gameKey(_ name: String) -> String {
    let symbols = name.unicodeScalars.filter {
      switch $0.properties.generalCategory {
      case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: true
      default: $0.properties.isEmojiPresentation || "#&@%*".unicodeScalars.contains($0)
      }
    }
    let key = ActionContext.key(name)
    return symbols.isEmpty ? key : key + "|" + String(String.UnicodeScalarView(symbols))
  }
  static func sameOccasion(title: String, date: String, yearly: Bool, rule: String?) -> String {
    // A yearly one by its day of the year (or its rule), not the year: a holiday typed
    // with another year is the same holiday. A one-off one by its date.
    ActionContext.key(title) + "|" + (rule ?? (yearly ? String(date.suffix(5)) : date))
  }
  /// A result by its game, its day or local minute (two plays in a day at different times
  /// are two results), and its player.
  static func sameResult(game: String, when: String, player: String?) -> String {
    game + "|" + String(when.prefix(16)) + "|" + ActionContext.key(player ?? "")
  }

  /// The same-record key of an imported record, from its resolved fields.
  private func same(_ kind: RecordKind, _ f: [String: String]) -> String? {
    switch kind {
    case .contacts: f["name"].map(Self.sameContact)
    case .games: f["name"].map(Self.sameGame)
    case .occasions:
      f["title"].map {
        Self.sameOccasion(
          title: $0, date: f["date"] ?? "", yearly: f["recurring"] != nil,
          rule: f["recurring"].flatMap { YearlyRule(text: $0)?.description })
      }
    case .results:
      f["game"].map {
        Self.sameResult(game: $0, when: f["at"] ?? f["date"] ?? "", player: f["player"])
      }
    default: nil
    }
  }

  // MARK: Planning

  private var newFiles: [FileChange] = []
  private var appends: [String: [String]] = [:]
  private var appendOrder: [String] = []

  /// Whether a record with source key `key` is already in the data folder or planned.
  func knows(_ key: String) -> Bool { sourceIDs[key] != nil }

  /// Plans one record (a streamed import hands them over one at a time), counting it in
  /// `report`.
  mutating func add(_ record: ImportedRecord, to report: inout FileReport) {
    // Resolve the ids it names.
    var resolved: [(String, String, ImportedRecord.Value)] = []
    var missing: String?
    for (name, value) in record.fields {
      switch value {
      case .text(let t), .plain(let t): resolved.append((name, t, value))
      case .id(of: let key):
        if let id = sourceIDs[key] {
          resolved.append((name, id, .text(id)))
        } else {
          missing = key
        }
      }
    }
    if let missing {
      report.problems.append(
        Diagnostic(
          .warning, record.origin,
          "\(record.label) is not imported: the record it belongs to (\(missing)) was not imported either"
        ))
      return
    }
    let raw = Dictionary(resolved.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    if let key = record.key, let known = sourceIDs[key] {
      // Its birthday tells the next card of the name apart (as for a match by name).
      if record.kind == .contacts, birthdays[known] == nil {
        birthdays[known] = raw["birthday"].flatMap(Birthday.init(written:))
      }
      if reservedSource.contains(key) {
        report.repeated.append((record.label, sourceIDs[key] ?? key))
      } else {
        report.alreadyImported += 1
      }
      return
    }
    // A one-off occasion is also the same as a yearly one on its day.
    var yearly: String?
    if record.kind == .occasions, raw["recurring"] == nil, let t = raw["title"],
      let d = raw["date"]
    {
      yearly = Self.sameOccasion(title: t, date: d, yearly: true, rule: nil)
    }
    let known = sameIDs[record.kind] ?? [:]
    // A contact is any of that name who is not told apart from it (by UID or birthday).
    let sameContact =
      record.kind == .contacts
      ? same(record.kind, raw).flatMap { contactsByName[$0] }?.first {
        !isAnotherContact(record, raw, than: $0)
      } : nil
    // A contact's yearly day: the one that contact has on that day.
    let contactDay =
      record.kind == .occasions && raw["recurring"] == "yearly"
      ? raw["contact"].flatMap { c in raw["date"].flatMap { contactDays[c + "|" + $0.suffix(5)] } }
      : nil
    if let id = record.kind == .contacts
      ? sameContact
      : [same(record.kind, raw), yearly].compactMap({ $0 }).compactMap({ known[$0] }).first
        ?? contactDay
    {
      if let key = record.key { sourceIDs[key] = id }
      // The card's birthday tells the next card of the name apart, whatever their order.
      if record.kind == .contacts, birthdays[id] == nil {
        birthdays[id] = raw["birthday"].flatMap(Birthday.init(written:))
        // A contact new in this import takes the birthday its first card did not have
        // (a phone's card, then the same person's from Google).
        if birthdays[id] != nil, let written = raw["birthday"] { addBirthday(written, to: id) }
      }
      // A result is nothing but its game, day and player: the same one is this one.
      if record.kind == .results {
        report.alreadyImported += 1
      } else if createdIDs.contains(id) {
        // The same record as one this import writes: repeated, not already there.
        report.repeated.append((record.label, id))
      } else {
        report.alreadyThere.append((record.label, id))
      }
      return
    }
    // A new record: its id and its place.
    var fields = resolved.map { (name: $0.0, value: $0.2) }
    let path: String
    let id: String
    let isNew: Bool
    switch record.placement {
    case .file(let folder):
      let base = freeBase(
        record.kind, prefix: folder.map { $0 + "/" } ?? "", Slug.make(record.slugSource))
      id = (folder.map { $0 + "/" } ?? "") + base
      path = "\(record.kind.folder)/\(id).md"
      isNew = true
    case .list(let name):
      id = freeBase(record.kind, prefix: "", Slug.make(record.slugSource))
      fields.insert((name: "id", value: .text(id)), at: 0)
      path = "\(record.kind.folder)/\(name).yml"
      isNew = false
    case .monthly(let year, let month):
      path = ActionContext.monthlyFile(record.kind, year: year, month: month, in: writer.root)
      id = path
      isNew = false
    }
    if let photo = record.photo {
      let name = freePhoto(record.kind, id.replacingOccurrences(of: "/", with: "-"), photo.ext)
      newFiles.append(
        FileChange(path: "media/" + name, before: nil, after: "", bytes: photo.bytes))
      fields.append((name: "photo", value: .text("media/" + name)))
    }
    if let key = record.key {
      fields.append((name: "source", value: .text(key)))
      sourceIDs[key] = id
      reservedSource.insert(key)
    }
    if let same = same(record.kind, raw) { sameIDs[record.kind, default: [:]][same] = id }
    if record.kind == .occasions, raw["recurring"] == "yearly", let c = raw["contact"],
      let d = raw["date"]
    {
      contactDays[c + "|" + d.suffix(5)] = id
    }
    if record.kind == .contacts {
      birthdays[id] = raw["birthday"].flatMap(Birthday.init(written:))
      if let same = same(record.kind, raw) { contactsByName[same, default: []].append(id) }
    }
    takenIDs[record.kind, default: []].insert(id.lowercased())
    createdIDs.insert(id)
    switch record.placement {
    case .file:
      if record.kind == .contacts {
        plannedContacts[id] = (newFiles.count, fields, record.body)
      }
      newFiles.append(
        FileChange(path: path, before: nil, after: Self.markdown(fields, body: record.body)))
    case .list:
      if appends[path] == nil { appendOrder.append(path) }
      appends[path, default: []].append(Self.block(fields))
    case .monthly:
      if appends[path] == nil { appendOrder.append(path) }
      appends[path, default: []].append(Self.flow(fields))
    }
    report.added.append((path, record.kind, record.label, isNew))
  }

  /// Writes `birthday` into contact `id`, new in this import, after its names.
  private mutating func addBirthday(_ birthday: String, to id: String) {
    guard var planned = plannedContacts[id],
      !planned.fields.contains(where: { $0.name == "birthday" })
    else { return }
    let names: Set<String> = ["name", "first_name", "last_name", "relationship"]
    let at = (planned.fields.lastIndex { names.contains($0.name) } ?? -1) + 1
    planned.fields.insert((name: "birthday", value: .plain(birthday)), at: at)
    plannedContacts[id] = planned
    let file = newFiles[planned.index]
    newFiles[planned.index] = FileChange(
      path: file.path, before: nil, after: Self.markdown(planned.fields, body: planned.body))
  }

  /// The file changes of every record added: the new files, then the appended ones.
  func finish() throws(DataWriter.Problem) -> [FileChange] {
    var changes = newFiles
    for path in appendOrder {
      guard let lines = appends[path] else { continue }
      changes.append(try append(lines, to: path))
    }
    return changes
  }

  private var reservedSource: Set<String> = []

  /// The first of `slug`, `slug-2`, ... that is neither an id of the kind nor a file.
  private mutating func freeBase(_ kind: RecordKind, prefix: String, _ slug: String) -> String {
    let taken = (takenIDs[kind] ?? []).union(kind.reservedIDs)
    let folder = writer.root.appendingPathComponent(kind.folder + "/" + prefix)
    for base in FreeFileName.candidates(slug) {
      let id = (prefix + base).lowercased()
      guard !taken.contains(id), !reservedPaths.contains(kind.folder + "/" + id) else { continue }
      guard
        FreeFileName.isFree(
          base, takenIDs: [],
          exists: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        )
      else { continue }
      reservedPaths.insert(kind.folder + "/" + id)
      return base
    }
    return slug + "-" + UUID().uuidString.prefix(8).lowercased()
  }

  /// A free file name in `media/KIND/` for a picture.
  private mutating func freePhoto(_ kind: RecordKind, _ base: String, _ ext: String) -> String {
    for candidate in FreeFileName.candidates(base) {
      let name = "\(kind.folder)/\(candidate).\(ext)"
      guard !reservedPaths.contains("media/" + name),
        !FileManager.default.fileExists(
          atPath: writer.root.appendingPathComponent("media/" + name).path)
      else { continue }
      reservedPaths.insert("media/" + name)
      return name
    }
    return "\(kind.folder)/\(base)-\(UUID().uuidString.prefix(8).lowercased()).\(ext)"
  }

  // MARK: Text

  private static func scalar(_ v: ImportedRecord.Value, flow: Bool) -> String {
    switch v {
    case .text(let t): YAMLText.text(t, flow: flow)
    case .plain(let t), .id(of: let t): t
    }
  }

  /// A Markdown record: front matter and body.
  static func markdown(_ fields: [(name: String, value: ImportedRecord.Value)], body: String)
    -> String
  {
    var out = "---\n"
    for (name, value) in fields { out += name + ": " + scalar(value, flow: false) + "\n" }
    out += "---\n"
    let text = body.trimmingCharacters(in: .whitespacesAndNewlines)
    if !text.isEmpty { out += text + "\n" }
    return out
  }

  /// A block entry of a list file.
  static func block(_ fields: [(name: String, value: ImportedRecord.Value)]) -> String {
    var out = ""
    for (i, (name, value)) in fields.enumerated() {
      out += (i == 0 ? "- " : "  ") + name + ": " + scalar(value, flow: false) + "\n"
    }
    return out
  }

  /// A one-line entry of a monthly log.
  static func flow(_ fields: [(name: String, value: ImportedRecord.Value)]) -> String {
    YAMLText.flowEntry(fields.map { ($0.name, scalar($0.value, flow: true)) }) + "\n"
  }

  /// `entries` appended to the list file at `path` (created with a heading comment when
  /// needed), in the file's own line ends.
  private func append(_ entries: [String], to path: String) throws(DataWriter.Problem)
    -> FileChange
  {
    let before = try writer.read(path)
    let block = entries.first.map { $0.hasPrefix("- id:") } ?? false
    var text = before ?? ""
    // The file's own line end, for its last line when it has none and for what is added.
    let crlf = TextLines.lineEnd(of: text) == "\r\n"
    if before == nil {
      text = "# Imported by vibekeeper import.\n"
    } else if !text.isEmpty, text.utf8.last != UInt8(ascii: "\n") {
      // (On bytes: "\r\n" is one Character, so `hasSuffix("\n")` would miss it.)
      text += crlf ? "\r\n" : "\n"
    }
    // The file's list may be indented (`  - {…}`): the entries follow it.
    let indent = ActionContext.indentation(ofListIn: before ?? "")
    var added = ""
    added.reserveCapacity(entries.reduce(0) { $0 + $1.utf8.count + 1 })
    for entry in entries {
      if block { added += "\n" }
      added +=
        indent.isEmpty
        ? entry
        : entry.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.isEmpty ? "" : indent + $0
        }.joined(separator: "\n")
    }
    if crlf { added = added.replacingOccurrences(of: "\n", with: "\r\n") }
    return FileChange(path: path, before: before, after: text + added)
  }
}

extension Birthday {
  /// A birthday as `import` writes it: `1990-03-04`, or `--03-04` without the year.
  fileprivate init?(written text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: true).map { Int($0) }
    guard parts.count == 2 || parts.count == 3, let month = parts[parts.count - 2],
      let day = parts[parts.count - 1]
    else { return nil }
    self.init(month: month, day: day, year: parts.count == 3 ? parts[0] : nil)
  }

  /// Whether the two cannot be one person's birthday (a year missing on either side is no
  /// difference).
  fileprivate func conflicts(with other: Birthday) -> Bool {
    month != other.month || day != other.day
      || (year != nil && other.year != nil && year != other.year)
  }
}
