import Foundation

/// Loop Habit Tracker's CSV export to games and results: `Habits.csv` gives the games (its
/// name, question and description; `Archived?` makes a game inactive), `Checkmarks.csv`
/// (one column per habit, newest day first) the days each was done. Both export formats
/// are read: the numbers of before 2025 (2 done, 1 filled in by Loop, 0 not done, -1
/// unknown) and the labels since (`YES_MANUAL`, `YES_AUTO`, `NO`, `UNKNOWN`, `SKIP`). Only
/// days marked done become results; a measurable habit's value (stored × 1000) becomes the
/// score.
struct LoopHabits {
  let clock: LocalClock
  /// Whose habits they are, for results with `player:`.
  var player: String?

  private struct Habit {
    var name: String
    var key: String
    var numeric = false
    var unit: String?
    var target: Double?
    var atMost = false
  }

  /// The batch of an export: its folder, or its Habits.csv and Checkmarks.csv.
  func batch(_ paths: [String]) -> ImportBatch {
    var habitsFile: String?
    var checkmarksFile: String?
    for path in paths {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
        habitsFile = (path as NSString).appendingPathComponent("Habits.csv")
        checkmarksFile = (path as NSString).appendingPathComponent("Checkmarks.csv")
      } else if path.lowercased().hasSuffix("habits.csv") {
        habitsFile = path
      } else if path.lowercased().hasSuffix("checkmarks.csv") {
        checkmarksFile = path
      }
    }
    var batch = ImportBatch(file: habitsFile ?? paths.first ?? "loop")
    if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
      batch.problem(
        .error, line: 1, "there is no file or folder at \(missing)",
        hint: "give the folder the Loop export was unzipped into")
      return batch
    }
    guard let habitsFile, let checkmarksFile else {
      batch.problem(
        .error, line: 1,
        "a Loop export is a folder with Habits.csv and Checkmarks.csv; give the folder, or both files",
        hint: "in Loop: Settings → Export as CSV, then unzip the file")
      return batch
    }
    var habits: [Habit] = []
    var header: [String]?
    do {
      try CSVReader(separator: ",").read(
        habitsFile,
        row: { row, line in
          guard let h = header else {
            header = row.map { $0.trimmingCharacters(in: .whitespaces) }
            return
          }
          func col(_ name: String) -> String? {
            h.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil }
              .map { $0.trimmingCharacters(in: .whitespaces) }
          }
          guard let name = col("Name"), !name.isEmpty else {
            batch.problem(line: line, "this habit has no name, so it is not imported")
            return
          }
          var habit = Habit(name: name, key: "loop:" + ImportPlanner.gameKey(name))
          habit.numeric = col("Type") == "NUMERICAL"
          habit.unit = col("Unit").flatMap { $0.isEmpty ? nil : $0 }
          habit.target = col("Target Value").flatMap(Double.init)
          habit.atMost = col("Target Type") == "AT_MOST"
          habits.append(habit)
          var fields: [(name: String, value: ImportedRecord.Value)] = [("name", .text(name))]
          if col("Archived?")?.lowercased() == "true" { fields.append(("active", .plain("false"))) }
          var record = ImportedRecord(
            kind: .games, key: habit.key, label: name, fields: fields,
            placement: .file(folder: nil),
            origin: SourceLocation(file: habitsFile, line: line, column: 1))
          record.body = [col("Question"), col("Description")].compactMap { $0 }.filter {
            !$0.isEmpty
          }
          .joined(separator: "\n\n")
          batch.records.append(record)
        }, problem: { line, message in batch.problem(line: line, message) })
    } catch {
      batch.problem(.error, line: 1, "\(error)")
      return batch
    }
    guard let h = header, h.contains("Name") else {
      batch.problem(.error, line: 1, "\(habitsFile) has no Name column; is it Loop's Habits.csv?")
      return batch
    }
    // Checkmarks.csv: Date, then one column per habit exported, newest first. Loop writes
    // every habit to Habits.csv but only the habits chosen to Checkmarks.csv (one habit's
    // own export writes one column), in Habits.csv's order, the names unquoted (a name with
    // a comma splits the header but not the rows): the header names the columns.
    var results: [(date: LocalDate, habit: Int, value: String, line: Int)] = []
    var columns: [Int]?
    var checkBatch = ImportBatch(file: checkmarksFile)
    do {
      try CSVReader(separator: ",").read(
        checkmarksFile,
        row: { row, line in
          guard let columns else {
            columns = LoopHabits.columns(row, names: habits.map(\.name))
            return
          }
          guard let first = row.first,
            let date = LocalDate(iso: first.trimmingCharacters(in: .whitespaces))
          else {
            if !row.allSatisfy({ $0.isEmpty }) {
              checkBatch.problem(line: line, "this row has no date (YYYY-MM-DD), so it is left out")
            }
            return
          }
          for (k, j) in columns.enumerated() where k + 1 < row.count {
            results.append((date, j, row[k + 1].trimmingCharacters(in: .whitespaces), line))
          }
        }, problem: { line, message in checkBatch.problem(line: line, message) })
    } catch {
      batch.problem(.error, line: 1, "\(error)")
    }
    results.sort { ($0.date, $0.habit) < ($1.date, $1.habit) }
    for r in results {
      let habit = habits[r.habit]
      var fields: [(name: String, value: ImportedRecord.Value)] = [
        ("game", .id(of: habit.key)), ("date", .plain(r.date.description)),
      ]
      if habit.numeric {
        guard let raw = Double(r.value), raw > 0 else { continue }
        // Loop keeps measurable values × 1000.
        let value = raw / 1000
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        fields.append(("score", .text(text + (habit.unit.map { " " + $0 } ?? ""))))
        if let target = habit.target {
          let met = habit.atMost ? value <= target : value >= target
          if !met { fields.append(("completed", .plain("false"))) }
        }
      } else {
        let value = r.value.uppercased()
        guard value == "2" || value == "YES_MANUAL" else {
          // Not done (no, automatic, unknown, skipped); anything else is not Loop's and is
          // said (a file cut off in the middle of a value).
          if !["0", "1", "-1", "3", "YES_AUTO", "NO", "UNKNOWN", "SKIP", ""].contains(value) {
            checkBatch.problem(
              line: r.line,
              "'\(r.value)' is not a Loop check-mark value, so \(habit.name) on \(r.date) is not imported (is the file cut off?)"
            )
          }
          continue
        }
      }
      if let player { fields.append(("player", .text(player))) }
      batch.records.append(
        ImportedRecord(
          kind: .results, key: nil, label: "\(habit.name) on \(r.date)", fields: fields,
          placement: .monthly(year: r.date.year, month: r.date.month),
          origin: SourceLocation(file: checkmarksFile, line: r.line, column: 1)))
    }
    batch.problems += checkBatch.problems
    return batch
  }

  /// The habit (by position in Habits.csv) of each column of Checkmarks.csv after the date,
  /// read from its header: each habit's name, commas and all, in Habits.csv's order (the
  /// trailing empty cell is no column). A header that is not that (an older or hand-made
  /// file) gives every habit in order, as Loop's full export has them.
  static func columns(_ header: [String], names: [String]) -> [Int] {
    let cells = header.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    var columns: [Int] = []
    var at = cells.startIndex
    var next = 0
    while at < cells.endIndex, !(at == cells.endIndex - 1 && cells[at].isEmpty) {
      // The first habit from `next` on whose name the cells from `at` spell.
      guard
        let j = names.indices.dropFirst(next).first(where: { j in
          let width = names[j].split(separator: ",", omittingEmptySubsequences: false).count
          return at + width <= cells.endIndex
            && cells[at..<(at + width)].joined(separator: ",")
              == names[j].split(separator: ",", omittingEmptySubsequences: false)
              .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
        })
      else { return Array(names.indices) }
      columns.append(j)
      at += names[j].split(separator: ",", omittingEmptySubsequences: false).count
      next = j + 1
    }
    return columns
  }
}
