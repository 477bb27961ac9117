import Foundation

/// The mapping file of `import csv` and `import purchases-csv`, in the spirit of hledger's
/// CSV rules: which column holds what, how dates and amounts are written, and patterns
/// that turn descriptions into items, stores and categories. A YAML file:
///
/// ```yaml
/// separator: ";"
/// encoding: windows-1252
/// skip: 4
/// date_format: DD.MM.YYYY
/// decimal: comma
/// spending: negative
/// columns: {date: Buchungstag, amount: Betrag, description: Verwendungszweck, store: Empfänger}
/// rules:
///   - {match: "REWE|EDEKA", store: REWE, category: groceries}
///   - {match: "netflix", name: Netflix, category: subscriptions}
///   - {match: "Gehalt", skip: true}
/// ```
struct CSVMapping: Sendable {
  /// What the rows become.
  enum Target: Sendable { case results, purchases }

  /// A description pattern and what a matching row gets.
  struct Rule: Sendable {
    var pattern: NSRegularExpression
    /// The column matched against (`description` by default).
    var column: String
    var set: [String: String]
    var skip = false
    var line: Int
  }

  /// Why a mapping cannot be used: its errors, or a message about the CSV file.
  struct Problems: Error {
    var diagnostics: [Diagnostic] = []
    var message = ""
    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    init(message: String) { self.message = message }
  }

  var file: String
  var separator: Character?
  var encoding: String?
  var skip = 0
  var header = true
  var dateFormat = "YYYY-MM-DD"
  var decimalComma = false
  var spendingNegative = false
  /// Field name → column header (or number from 1, as text).
  var columns: [String: String] = [:]
  /// Values every row gets unless a column or rule gives one (`game: wordle`, `store: Lidl`).
  var defaults: [String: String] = [:]
  var rules: [Rule] = []
  /// Words of a `completed` column that mean done (results).
  var doneWords: Set<String> = ["yes", "y", "true", "1", "x", "done", "completed", "won", "✓", "✔"]

  static let resultFields = ["date", "at", "game", "score", "player", "completed", "puzzle"]
  static let purchaseFields = [
    "date", "amount", "price", "quantity", "description", "name", "item", "store", "category",
    "currency", "expires",
  ]
  /// What a rule or a top-level default may set: the fields that are not the row's own
  /// date, amount or description.
  static let resultValues = ["game", "score", "player", "completed", "puzzle"]
  static let purchaseValues = [
    "name", "item", "store", "category", "currency", "quantity", "expires",
  ]
  /// The charsets a mapping may name.
  static let encodings = [
    "utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "iso_8859-1", "l1",
    "iso8859-1", "windows-1252", "cp1252", "iso-8859-15", "latin-9", "latin9",
  ]

  /// Reads and checks the mapping file at `path` for `target`.
  static func read(_ path: String, for target: Target) -> Result<CSVMapping, Problems> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(
        Problems([
          Diagnostic(
            .error, SourceLocation(file: path, line: 1, column: 1), "cannot read the mapping file")
        ]))
    }
    guard case .success(let source) = SourceText.decode(Array(data), file: path) else {
      return .failure(
        Problems([
          Diagnostic(
            .error, SourceLocation(file: path, line: 1, column: 1),
            "the mapping file is not UTF-8 text")
        ]))
    }
    let (node, diags) = YAMLReader(file: path, lineOffset: 0).read(Substring(source.text))
    guard diags.isEmpty else { return .failure(Problems(diags)) }
    var m = CSVMapping(file: path)
    var problems: [Diagnostic] = []
    func at(_ s: YAMLScalar) -> SourceLocation {
      SourceLocation(file: path, line: s.line, column: s.column)
    }
    func error(_ s: YAMLScalar, _ message: String, hint: String? = nil) {
      problems.append(Diagnostic(.error, at(s), message, hint: hint))
    }
    guard case .mapping(let top)? = node else {
      return .failure(
        Problems([
          Diagnostic(
            .error, SourceLocation(file: path, line: 1, column: 1),
            "the mapping file must be fields (`columns:`, `date_format:`, ...)")
        ]))
    }
    let fields = target == .results ? resultFields : purchaseFields
    let values = target == .results ? resultValues : purchaseValues
    let keys =
      [
        "separator", "encoding", "skip", "header", "date_format", "decimal", "spending", "columns",
        "rules", "done",
      ] + values
    for entry in top.entries {
      let key = entry.key.text
      func scalar() -> YAMLScalar? {
        if case .scalar(let s) = entry.value { return s }
        error(entry.key, "'\(key)' must be a single value")
        return nil
      }
      switch key {
      case "separator":
        guard let s = scalar() else { continue }
        let t = s.text == "\\t" || s.text.lowercased() == "tab" ? "\t" : s.text
        if t.count == 1, let c = t.first {
          m.separator = c
        } else {
          error(s, "'separator' must be one character: \",\", \";\" or tab")
        }
      case "encoding":
        guard let s = scalar() else { continue }
        if !encodings.contains(s.text.lowercased()) {
          error(
            s, "unknown encoding '\(s.text)'",
            hint: "use UTF-8, ISO-8859-1, ISO-8859-15 or windows-1252")
        } else {
          m.encoding = s.text
        }
      case "skip":
        guard let s = scalar() else { continue }
        if let n = Int(s.text), n >= 0 {
          m.skip = n
        } else {
          error(s, "'skip' must be a number of lines")
        }
      case "header":
        guard let s = scalar() else { continue }
        switch s.text.lowercased() {
        case "true", "yes": m.header = true
        case "false", "no": m.header = false
        default: error(s, "'header' must be true or false")
        }
      case "date_format":
        guard let s = scalar() else { continue }
        if DateFormat(s.text) == nil {
          error(s, "'date_format' must use YYYY (or YY), MM (or M) and DD (or D), like DD.MM.YYYY")
        } else {
          m.dateFormat = s.text
        }
      case "decimal":
        guard let s = scalar() else { continue }
        switch s.text.lowercased() {
        case "comma", ",": m.decimalComma = true
        case "point", ".", "dot": m.decimalComma = false
        default: error(s, "'decimal' must be comma or point")
        }
      case "spending":
        guard let s = scalar() else { continue }
        switch s.text.lowercased() {
        case "negative": m.spendingNegative = true
        case "positive": m.spendingNegative = false
        default:
          error(s, "'spending' must be negative (a bank export: money out is -12.50) or positive")
        }
      case "done":
        guard case .sequence(let items, _, _) = entry.value else {
          error(entry.key, "'done' must be a list of words, like [yes, x, 1]")
          continue
        }
        m.doneWords = Set(
          items.compactMap { if case .scalar(let s) = $0 { s.text.lowercased() } else { nil } })
      case "columns":
        guard case .mapping(let cols) = entry.value else {
          error(
            entry.key,
            "'columns' must map fields to column names, like {date: Date, amount: Amount}")
          continue
        }
        for c in cols.entries {
          guard fields.contains(c.key.text) else {
            error(
              c.key,
              "'\(c.key.text)' is not a field of \(target == .results ? "a result" : "a purchase")",
              hint: Suggestion.closest(to: c.key.text, in: fields).map { "did you mean '\($0)'?" }
                ?? "fields: \(fields.joined(separator: ", "))")
            continue
          }
          guard case .scalar(let v) = c.value, !v.text.isEmpty else {
            error(c.key, "'\(c.key.text)' must name a column (its header, or its number from 1)")
            continue
          }
          m.columns[c.key.text] = v.text
        }
      case "rules":
        guard case .sequence(let items, _, _) = entry.value else {
          error(entry.key, "'rules' must be a list of {match: PATTERN, ...}")
          continue
        }
        for item in items {
          guard case .mapping(let r) = item else {
            error(entry.key, "each rule must be a mapping {match: PATTERN, ...}")
            continue
          }
          var pattern: NSRegularExpression?
          var hasMatch = false
          var rule = (
            column: target == .results ? "game" : "description", set: [String: String](),
            skip: false
          )
          for e in r.entries {
            guard case .scalar(let v) = e.value else {
              error(e.key, "'\(e.key.text)' must be a single value")
              continue
            }
            switch e.key.text {
            case "match":
              hasMatch = true
              do {
                pattern = try NSRegularExpression(pattern: v.text, options: [.caseInsensitive])
              } catch {
                problems.append(
                  Diagnostic(.error, at(v), "'\(v.text)' is not a valid regular expression"))
              }
            case "in":
              if fields.contains(v.text) {
                rule.column = v.text
              } else {
                error(
                  v,
                  "'in' names a field the row has (\(fields.joined(separator: ", "))), not '\(v.text)'",
                  hint: Suggestion.closest(to: v.text, in: fields).map { "did you mean '\($0)'?" })
              }
            case "skip":
              rule.skip = ["true", "yes"].contains(v.text.lowercased())
            case let name where values.contains(name):
              rule.set[name] = v.text
            default:
              error(
                e.key, "a rule cannot set '\(e.key.text)'",
                hint: "a rule has match, in, skip, and the fields: "
                  + values.joined(separator: ", "))
            }
          }
          if let pattern {
            m.rules.append(
              Rule(
                pattern: pattern, column: rule.column, set: rule.set, skip: rule.skip, line: r.line)
            )
          } else if !hasMatch {
            problems.append(
              Diagnostic(
                .error, SourceLocation(file: path, line: r.line, column: r.column),
                "this rule has no 'match'"))
          }
        }
      case let name where values.contains(name):
        guard let s = scalar() else { continue }
        m.defaults[name] = s.text
      default:
        error(
          entry.key, "unknown setting '\(key)'",
          hint: Suggestion.closest(to: key, in: keys).map { "did you mean '\($0)'?" })
      }
    }
    if target == .results, m.columns["date"] == nil, m.columns["at"] == nil {
      problems.append(
        Diagnostic(
          .error, SourceLocation(file: path, line: top.line, column: 1),
          "the mapping names no date column", hint: "add `columns: {date: Date}`"))
    }
    if target == .results, m.columns["game"] == nil, m.defaults["game"] == nil {
      problems.append(
        Diagnostic(
          .error, SourceLocation(file: path, line: top.line, column: 1),
          "the mapping says neither which column holds the game nor which game it is",
          hint: "add `game: wordle` (every row is that game) or `columns: {game: Habit}`"))
    }
    if target == .purchases {
      for needed in ["date", "amount"] where m.columns[needed] == nil {
        problems.append(
          Diagnostic(
            .error, SourceLocation(file: path, line: top.line, column: 1),
            "the mapping names no \(needed) column", hint: "add it under `columns:`"))
      }
    }
    return problems.isEmpty ? .success(m) : .failure(Problems(problems))
  }

  /// Where each field's column is in rows with `header` (a header name, ignoring case and
  /// spaces, or a number from 1); an error naming the columns there are otherwise.
  func positions(header: [String]?) -> Result<[String: Int], Problems> {
    var out: [String: Int] = [:]
    for (field, column) in columns {
      if let n = Int(column), n >= 1 {
        out[field] = n - 1
      } else if let header,
        let i = header.firstIndex(where: { Self.norm($0) == Self.norm(column) })
      {
        out[field] = i
      } else {
        let known = header?.map { "'\($0)'" }.joined(separator: ", ") ?? "no header"
        return .failure(
          Problems(
            message: "there is no column '\(column)' (for \(field)); the columns are \(known)"))
      }
    }
    return .success(out)
  }

  /// One data row of a mapped CSV: its line, and its fields by the mapping's names.
  struct Row {
    let fields: [String]
    let line: Int
    let positions: [String: Int]

    /// The row's value of `field` (its column, trimmed), nil when empty or unmapped.
    func value(_ field: String) -> String? {
      guard let i = positions[field], i < fields.count else { return nil }
      let v = fields[i].trimmingCharacters(in: .whitespaces)
      return v.isEmpty ? nil : v
    }
  }

  /// What the rules that match `row` set (a later one wins), and whether one skips it.
  func ruled(_ row: Row) -> (set: [String: String], skip: Bool) {
    var set: [String: String] = [:]
    var skip = false
    for rule in rules {
      let text = row.value(rule.column) ?? ""
      let range = NSRange(text.startIndex..., in: text)
      guard rule.pattern.firstMatch(in: text, range: range) != nil else { continue }
      if rule.skip { skip = true }
      for (k, v) in rule.set { set[k] = v }
    }
    return (set, skip)
  }

  /// Calls `body` with each data row of the CSV at `path` (after `skip` lines and the
  /// header; blank rows left out), or reports into `batch` why the file cannot be read.
  func rows(_ path: String, _ batch: inout ImportBatch, _ body: (Row, inout ImportBatch) -> Void) {
    var positions: [String: Int]?
    var skipped = 0
    do {
      try CSVReader(separator: separator, encoding: encoding, guessAfter: skip).read(
        path,
        row: { fields, line in
          if skipped < skip {
            skipped += 1
            return
          }
          if positions == nil {
            switch self.positions(header: header ? fields : nil) {
            case .success(let p): positions = p
            case .failure(let f):
              batch.problem(.error, line: line, f.message, hint: "correct `columns:` in \(file)")
              positions = [:]
            }
            if header { return }
          }
          guard let pos = positions, !pos.isEmpty,
            !fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty })
          else { return }
          body(Row(fields: fields, line: line, positions: pos), &batch)
        }, problem: { line, message in batch.problem(line: line, message) })
    } catch {
      batch.problem(.error, line: 1, "\(error)")
    }
  }

  private static func norm(_ s: String) -> String {
    s.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// A decimal as the file writes it (`1.234,56` with a decimal comma, `-12.50`, `12,50 €`).
  func amount(_ text: String) -> Decimal? {
    var t = text.filter { !$0.isWhitespace && !"€$£¥\u{A0}".contains($0) }
    // A thousands separator only between groups of three digits, never after the decimal
    // mark: `-23,45` without `decimal: comma` (or `4.75` with it) is no amount, never
    // 2345 (or 475).
    let (group, mark): (Character, Character) = decimalComma ? (".", ",") : (",", ".")
    guard CSVMapping.groupsAreThousands(t, group: group, mark: mark) else { return nil }
    if decimalComma {
      t = t.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
    } else {
      t = t.replacingOccurrences(of: ",", with: "")
    }
    // The sign in front, behind (`23,45-`, as German bank exports write it) or as
    // accounting parentheses (`(23.45)`).
    var negative = false
    if t.hasPrefix("("), t.hasSuffix(")"), t.count > 2 {
      t = String(t.dropFirst().dropLast())
      negative = true
    }
    if let sign = t.first, sign == "-" || sign == "+" {
      negative = negative != (sign == "-")
      t.removeFirst()
    } else if let sign = t.last, sign == "-" || sign == "+" {
      negative = negative != (sign == "-")
      t.removeLast()
    }
    guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      t.contains(where: \.isNumber), t.filter({ $0 == "." }).count <= 1,
      let value = Decimal(string: t, locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    return negative ? -value : value
  }

  /// Whether every `group` separator in `text` stands between groups of three digits of
  /// the whole part (`1.234.567,89`), none after the decimal `mark`.
  static func groupsAreThousands(_ text: String, group: Character, mark: Character) -> Bool {
    guard text.contains(group) else { return true }
    let digitsAndMarks = text.filter { $0.isNumber || $0 == group || $0 == mark }
    let parts = digitsAndMarks.split(separator: mark, omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return false }
    if parts.count == 2, parts[1].contains(group) { return false }
    let groups = parts[0].split(separator: group, omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count) else { return false }
    return groups.dropFirst().allSatisfy { $0.count == 3 }
  }

  /// Reports a row whose date does not read in `date_format`.
  func notADate(_ text: String?, line: Int, _ batch: inout ImportBatch) {
    batch.problem(
      line: line,
      "'\(text ?? "")' is not a date in the format \(dateFormat), so the row is not imported",
      hint: "set `date_format:` in \(file)")
  }

  /// A date as the file writes it.
  func date(_ text: String) -> LocalDate? {
    DateFormat(dateFormat)?.parse(text.trimmingCharacters(in: .whitespaces))
  }
}
