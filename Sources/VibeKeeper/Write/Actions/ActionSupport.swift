import Foundation

/// What the daily actions share: finding a record by what the user typed (with a
/// did-you-mean), appending a line to a monthly log, editing a record's fields, and the
/// YAML text of values.
extension ActionContext {
  /// The record of `kind` the user means by `typed`: its id, else its id or title without
  /// regard to case, accents or separators; an error with the closest id otherwise.
  ///
  /// Reads the record's own file when `typed` is its id, else every record of the kind.
  mutating func find<R: HouseholdRecord>(
    _ type: R.Type, _ typed: String, title: (R) -> String
  ) throws(DataWriter.Problem) -> R {
    let wanted = typed.trimmingCharacters(in: .whitespaces)
    records.read(R.kind, id: wanted.lowercased())
    let records = household[keyPath: R.list]
    if let exact = records.first(where: { $0.meta.id == wanted.lowercased() }) { return exact }
    let key = Self.key(wanted)
    let matches = records.filter { Household.isNamed(key, id: $0.meta.id, title: title($0)) }
    if matches.count == 1, let only = matches.first { return only }
    let kind = R.kind
    if matches.count > 1 {
      throw DataWriter.Problem(
        description:
          "'\(typed)' could be \(matches.map { "'\($0.meta.id)'" }.joined(separator: " or ")); give the id"
      )
    }
    let ids = records.map(\.meta.id)
    // The closest of the ids, their last parts (`therapy` of `zoe/therapy`), the titles and
    // their words (`baking` of "Baking for Mum"), named by its id.
    let names = records.sorted(by: { $0.meta.id < $1.meta.id }).flatMap { r in
      let last = r.meta.id.split(separator: "/").last.map(String.init) ?? r.meta.id
      let name = title(r).lowercased()
      let words = (name + " " + last).split { !$0.isLetter && !$0.isNumber }.map(String.init)
      return ([r.meta.id, last, name] + words.filter { $0.count >= 4 }).map { ($0, r.meta.id) }
    }
    // A record left out for an error is there, but cannot be changed until it is fixed.
    if let broken = self.records.leftOut(kind, named: wanted.lowercased()),
      broken.message != ConflictMarkers.message
    {
      throw DataWriter.Problem(
        description:
          "\(kind.singular) '\(broken.id)' has an error (\(broken.at)), so it cannot be changed; fix it first (`vibekeeper check`)"
      )
    }
    let closest = Suggestion.closestID(to: wanted.lowercased(), names: names)
    // A record in a file with a merge conflict is not read: say so, not just "no such".
    if closest == nil, let conflict = self.records.conflicts(in: kind).first {
      throw DataWriter.Problem(
        description:
          "no \(kind.singular) '\(typed)' could be read: \(conflict) has an unresolved merge conflict (resolve it, then try again)"
      )
    }
    // Several that begin with what was typed (`metformin` of `metformin-morning` and
    // `metformin-evening`) are all named: the closest alone may be the wrong one.
    let beginning =
      key.count < 3
      ? []
      : records.filter {
        Household.nameKey($0.meta.id).hasPrefix(key) || Household.nameKey(title($0)).hasPrefix(key)
      }.map(\.meta.id).sorted()
    let several =
      beginning.count > 1
      ? " (did you mean one of \(beginning.prefix(6).map { "'\($0)'" }.joined(separator: ", "))?)"
      : nil
    let hint =
      several ?? closest.map { " (did you mean '\($0)'?)" }
      ?? (ids.isEmpty
        ? "; there are no \(kind.folder) yet"
        : "; known: \(ids.sorted().prefix(8).joined(separator: ", "))")
    throw DataWriter.Problem(description: "no \(kind.singular) '\(typed)'\(hint)")
  }

  /// How names are compared (`Household.nameKey`).
  static func key(_ text: String) -> String { Household.nameKey(text) }

  /// `line` appended to the monthly list file of `kind` for `date`
  /// (`purchases/2026/11.yml`), which is created when needed.
  func appending(_ line: String, to kind: RecordKind, month date: LocalDate)
    throws(DataWriter.Problem) -> FileChange
  {
    let path = monthlyFile(kind, year: date.year, month: date.month)
    let before = try writer.read(path)
    if let before, let shape = Self.unappendable(before) {
      throw DataWriter.Problem(
        description:
          "\(writer.display(path)) is \(shape), so a line cannot be added at its end; write it as one `- {…}` entry per line and run the command again"
      )
    }
    var lines = TextLines(before ?? "")
    if before == nil {
      let month = path.dropFirst(kind.folder.count + 1).dropLast(".yml".count)
      lines.append([
        "# \(kind.folder.capitalized) of \(month.replacingOccurrences(of: "/", with: "-")), one per line."
      ])
    }
    lines.append([Self.indentation(ofListIn: before ?? "") + line])
    return FileChange(path: path, before: before, after: lines.text)
  }

  /// Why a month's file, valid as it is, takes no line appended at its end: a list
  /// written in brackets (`[{…}, {…}]`), or a document closed with `...` or followed by
  /// another (`---`); nil for a list of `- ` lines (or nothing yet).
  static func unappendable(_ text: String) -> String? {
    var seenContent = false
    // "\r\n" is one Character: split on both line ends.
    let lines = text.split(
      omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for raw in lines {
      let unmarked = raw.hasPrefix("\u{FEFF}") ? raw.dropFirst() : raw[...]
      let line = unmarked.trimmingCharacters(in: .whitespaces.union(["\r"]))
      if line.isEmpty || line.hasPrefix("#") { continue }
      // Document markers are at the start of a line; indented, they are a value's text
      // (a `note: |` holding a Markdown rule).
      let atStart = unmarked.first.map { !$0.isWhitespace } ?? false
      if atStart, line == "..." || line.hasPrefix("... ") { return "closed with `...`" }
      if atStart, line == "---" || line.hasPrefix("--- ") {
        if seenContent { return "more than one YAML document (a second `---`)" }
        let rest = line.dropFirst(3).drop { $0 == " " }
        if rest.hasPrefix("[") { return "a list written in brackets `[ … ]`" }
        if !rest.isEmpty { seenContent = true }
        continue
      }
      if !seenContent, line.hasPrefix("[") { return "a list written in brackets `[ … ]`" }
      seenContent = true
    }
    return nil
  }

  /// The spaces before the entries of the list a month's file holds (`  - {…}` is as much a
  /// list as `- {…}`): a line appended with another indentation would not be YAML.
  static func indentation(ofListIn text: String) -> String {
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let spaces = line.prefix { $0 == " " }
      let rest = line.dropFirst(spaces.count)
      if rest.hasPrefix("#") || rest.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
      return rest.hasPrefix("- ") || rest == "-" ? String(spaces) : ""
    }
    return ""
  }

  /// The monthly list file of `kind` for a month that the folder has (`11.yml`, `11.yaml`,
  /// `1.yml` or `1.yaml`, the extension in any case, `11.YML`: the loader reads each as
  /// that month's), else the one to create, `purchases/2026/11.yml`. A second file for the
  /// month would repeat the first's ids.
  func monthlyFile(_ kind: RecordKind, year: Int, month: Int) -> String {
    Self.monthlyFile(kind, year: year, month: month, in: writer.root)
  }

  /// `monthlyFile(_:year:month:)` in the data folder `root`.
  static func monthlyFile(_ kind: RecordKind, year: Int, month: Int, in root: URL) -> String {
    let folder = "\(kind.folder)/\(year)/"
    let names = [month < 10 ? "0\(month)" : "\(month)"] + (month < 10 ? ["\(month)"] : [])
    let present =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)) ?? []
    // The name as created wins over one in capitals (`11.yml` over `11.YML`).
    var byLowercased: [String: String] = [:]
    let ordered = present.sorted {
      ($0.lowercased() == $0 ? 0 : 1, $0) < ($1.lowercased() == $1 ? 0 : 1, $1)
    }
    for entry in ordered where byLowercased[entry.lowercased()] == nil {
      byLowercased[entry.lowercased()] = entry
    }
    for name in names {
      for ext in ["yml", "yaml"] {
        if let entry = byLowercased[name + "." + ext] { return folder + entry }
      }
    }
    return monthlyPath(kind, year: year, month: month)
  }

  /// The monthly list file of `kind` for a month, as created: `purchases/2026/11.yml`.
  static func monthlyPath(_ kind: RecordKind, year: Int, month: Int) -> String {
    "\(kind.folder)/\(year)/\(month < 10 ? "0" : "")\(month).yml"
  }

  /// `fields` set on a record (or, with `entry`, on an entry of one of its lists), in its
  /// own file.
  func editing(
    _ meta: RecordMeta, kind: RecordKind, set fields: [(key: String, value: String)],
    entry: (list: String, index: Int)? = nil
  ) throws(DataWriter.Problem) -> FileChange {
    guard let before = try writer.read(meta.path) else {
      throw DataWriter.Problem(description: "\(writer.display(meta.path)) is gone")
    }
    // The record was found in the file as first read; read again, it must be that text
    // (an entry of a list is found by its place).
    guard records.isUnchanged(meta.path) else { throw writer.changedMeanwhile(meta.path) }
    let edit = RecordEdit(
      file: RecordFile(kind: kind, path: meta.path, displayPath: writer.display(meta.path)))
    do {
      let after =
        if let entry {
          try edit.setting(
            fields, onEntry: entry.index, of: entry.list, inRecord: meta.id, in: before)
        } else {
          try edit.setting(fields, onRecord: meta.id, in: before)
        }
      return FileChange(path: meta.path, before: before, after: after)
    } catch {
      throw DataWriter.Problem(description: error.description)
    }
  }

  /// A change of the file of `meta` (a record with a list, such as a shopping list's
  /// `items`) that adds `fields` as one entry at the end of its list `list`: to the file as
  /// it is, or on top of `change` (an edit of the same file made before).
  func appendingEntry(
    _ fields: [(key: String, value: String)], to list: String, of meta: RecordMeta,
    kind: RecordKind, after change: FileChange? = nil
  ) throws(DataWriter.Problem) -> FileChange {
    let before: String
    if let change, let text = change.before {
      before = text
    } else {
      guard let text = try writer.read(meta.path) else {
        throw DataWriter.Problem(description: "\(writer.display(meta.path)) is gone")
      }
      guard records.isUnchanged(meta.path) else { throw writer.changedMeanwhile(meta.path) }
      before = text
    }
    let edit = RecordEdit(
      file: RecordFile(kind: kind, path: meta.path, displayPath: writer.display(meta.path)))
    do {
      let after = try edit.appending(
        entry: String(YAMLText.flowEntry(fields).dropFirst(2)), to: list, inRecord: meta.id,
        in: change?.after ?? before)
      return FileChange(path: meta.path, before: before, after: after)
    } catch {
      throw DataWriter.Problem(description: error.description)
    }
  }

  /// The instant `--at` names: `HH:MM` (today), or a date-time `YYYY-MM-DDTHH:MM` in the
  /// settings time zone.
  func moment(_ text: String) throws(DataWriter.Problem) -> Date {
    var found: Date?
    if let time = TimeOfDay(text: text) {
      found = clock.instant(clock.today, time)
    } else if LocalDate(iso: text) == nil {
      found = NowOption.parse(text, timeZone: clock.timeZone)
    }
    if let instant = found {
      try notLater(clock.localDate(of: instant), text)
      // Later today is not yet either (a few minutes' grace for a clock that runs fast).
      if instant > clock.now.addingTimeInterval(15 * 60) {
        throw DataWriter.Problem(
          description:
            "--at \(text) is later than now (\(local(clock.now))); only what has happened is written"
        )
      }
      return instant
    }
    throw DataWriter.Problem(
      description: "--at must be a time HH:MM or a date-time YYYY-MM-DDTHH:MM, not '\(text)'",
      isUsage: true)
  }

  /// The day `--at` names: `YYYY-MM-DD`, or today when nil.
  func day(_ text: String?) throws(DataWriter.Problem) -> LocalDate {
    guard let text else { return clock.today }
    guard let day = LocalDate(iso: text) else {
      throw DataWriter.Problem(
        description: "--at must be a date YYYY-MM-DD, not '\(text)'", isUsage: true)
    }
    try notLater(day, text)
    return day
  }

  /// Refuses a day after today: what is written happened (a mistyped year would go
  /// unnoticed in a log of years).
  private func notLater(_ day: LocalDate, _ text: String) throws(DataWriter.Problem) {
    guard day > clock.today else { return }
    throw DataWriter.Problem(
      description:
        "--at \(text) is after today (\(clock.today)); only what has happened is written")
  }

  /// A date-time as written in records: `2026-11-24T08:03`.
  func local(_ instant: Date) -> String { Self.localText(instant, clock) }

  /// `instant` as written in records in `clock`'s time zone: `2026-11-24T08:03`.
  static func localText(_ instant: Date, _ clock: LocalClock) -> String {
    let t = clock.localTime(of: instant)
    let day = clock.localDate(of: instant)
    let text = day.description + "T" + String(t.description.prefix(5))
    // The second time an hour repeats (02:30 on the night the clocks go back) reads back
    // as the first: it is written with its offset (`2026-10-25T02:30+01:00`).
    guard let minute = TimeOfDay(hour: t.hour, minute: t.minute),
      abs(clock.instant(day, minute).timeIntervalSince(instant)) >= 60
    else { return text }
    let offset = clock.timeZone.secondsFromGMT(for: instant)
    let sign = offset < 0 ? "-" : "+"
    let hours = abs(offset) / 3600
    let minutes = abs(offset) % 3600 / 60
    return text + sign + (hours < 10 ? "0" : "") + String(hours) + ":"
      + (minutes < 10 ? "0" : "") + String(minutes)
  }

  /// An amount as written in records: `1.89`, `12`.
  static func amount(_ value: Decimal) -> String {
    DecimalFormat.plain(value, places: nil)
  }
}

extension ShoppingList {
  /// Refuses a change to a list that is done: its figures are final (a line added or
  /// ticked there would change what it cost after it was closed).
  func refuseChangesWhenDone() throws(DataWriter.Problem) {
    guard completed.isDone else { return }
    throw DataWriter.Problem(
      description:
        "'\(title)' is done\(completed.date.map { " (\($0))" } ?? ""); start a new list with `vibekeeper new shopping`, or remove its `completed:` to reopen it"
    )
  }
}
