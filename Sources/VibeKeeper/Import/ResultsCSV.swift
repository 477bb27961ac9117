import Foundation

/// Game results from the CSV export of another habit or game app, read with a mapping file
/// (`CSVMapping`): a row per result with its date (or date-time), its game (a column, or
/// one game for the whole file), and optionally score, player, puzzle and whether it was
/// completed. A game named that does not exist yet is created.
struct ResultsCSV {
  let mapping: CSVMapping
  let clock: LocalClock

  /// The problems of the CSV file at `path`; its records go to `emit` as they are read
  /// (each new game before its first result).
  func batch(_ path: String, emit: (ImportedRecord) -> Void) -> ImportBatch {
    var batch = ImportBatch(file: path)
    var games: Set<String> = []
    mapping.rows(path, &batch) { row, batch in self.row(row, &games, emit, &batch) }
    return batch
  }

  private func row(
    _ row: CSVMapping.Row, _ games: inout Set<String>, _ emit: (ImportedRecord) -> Void,
    _ batch: inout ImportBatch
  ) {
    let line = row.line
    let (fromRules, skip) = mapping.ruled(row)
    guard !skip else { return }
    // A rule wins over the row's column, which wins over the mapping's default.
    func value(_ field: String) -> String? {
      fromRules[field] ?? row.value(field) ?? mapping.defaults[field]
    }
    guard let game = value("game") else {
      batch.problem(line: line, "this row names no game, so it is not imported")
      return
    }
    var fields: [(name: String, value: ImportedRecord.Value)] = []
    let gameKey = "game:" + ImportPlanner.gameKey(game)
    if games.insert(gameKey).inserted {
      emit(
        ImportedRecord(
          kind: .games, key: gameKey, label: game, fields: [("name", .text(game))],
          placement: .file(folder: nil),
          origin: SourceLocation(file: batch.file, line: line, column: 1)))
    }
    fields.append(("game", .id(of: gameKey)))
    var day: LocalDate
    if let at = value("at"),
      let instant = NowOption.parse(
        at.replacingOccurrences(of: " ", with: "T"), timeZone: clock.timeZone),
      LocalDate(iso: at) == nil
    {
      day = clock.localDate(of: instant)
      fields.append(("at", .plain(ActionContext.localText(instant, clock))))
    } else if let d = value("date").flatMap(mapping.date) ?? value("at").flatMap(mapping.date) {
      day = d
      fields.append(("date", .plain(d.description)))
    } else {
      mapping.notADate(value("date") ?? value("at"), line: line, &batch)
      return
    }
    // A `completed` column says it for every row: a blank cell is not done (habit
    // exports leave it blank for "not done").
    if let c = value("completed") {
      if !mapping.doneWords.contains(c.lowercased()) {
        fields.append(("completed", .plain("false")))
      }
    } else if mapping.columns["completed"] != nil {
      fields.append(("completed", .plain("false")))
    }
    if let s = value("score") { fields.append(("score", .text(s))) }
    if let p = value("puzzle") {
      if let n = Int(p), n >= 0 {
        fields.append(("puzzle", .plain(String(n))))
      } else {
        batch.problem(line: line, "the puzzle number '\(p)' is not a number, so it is left out")
      }
    }
    if let p = value("player") { fields.append(("player", .text(p))) }
    emit(
      ImportedRecord(
        kind: .results, key: nil, label: "\(game) on \(day)", fields: fields,
        placement: .monthly(year: day.year, month: day.month),
        origin: SourceLocation(file: batch.file, line: line, column: 1)))
  }
}
