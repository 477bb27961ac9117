/// One game result read from a share text.
public struct ShareResult: Hashable, Sendable {
  /// The game's key: `wordle`, `connections`, `strands`, `mini`, ... (lower case, letters and
  /// digits).
  public var game: String
  /// The game's usual name ("Wordle", "Connections", "The Mini").
  public var name: String
  /// The puzzle number, when the text gives one.
  public var puzzle: Int?
  /// The puzzle's date, when the text gives one (the crosswords, which have no number;
  /// Worldle; see `ShareText.day(of:)` for the day a number names).
  public var date: LocalDate?
  /// The score as the game states it: "4/6", "0:42", "2 mistakes", "1 hint".
  public var score: String?
  /// Whether the puzzle was lost (Wordle X/6, Connections with four mistakes, ...).
  public var failed: Bool

  /// Creates a result.
  public init(
    game: String, name: String, puzzle: Int? = nil, date: LocalDate? = nil,
    score: String? = nil, failed: Bool = false
  ) {
    self.game = game
    self.name = name
    self.puzzle = puzzle
    self.date = date
    self.score = score
    self.failed = failed
  }
}

/// Reads the share texts daily puzzle games put on the clipboard (`Wordle 1,234 4/6*` and its
/// grid) into the game, the puzzle, the score and whether it was lost.
///
/// The formats follow real shares as collected by public score-keeping bots and apps
/// (2022–2026). The first non-blank line must be the game's own header; grid rows are read as
/// Unicode scalars, so variation selectors (U+FE0F), joiners and spaces do not count.
public enum ShareText {
  /// The games it recognises, in the order tried: key, name, and an example share text (for the
  /// docs table).
  public static let formats: [(key: String, name: String, example: String, reads: String)] =
    all.map { (key: $0.key, name: $0.name, example: $0.example, reads: $0.reads) }

  /// Reads a pasted share text: tolerant of CRLF, stray whitespace and blank lines before/after,
  /// extra lines after (links, hashtags), a leading BOM; nil when no known game's text.
  public static func parse(_ text: String) -> ShareResult? {
    let lines = text.split(whereSeparator: \.isNewline).map(trimmed).filter { !$0.isEmpty }
    guard !lines.isEmpty else { return nil }
    for format in all {
      if let r = format.read(lines) {
        return ShareResult(
          game: format.key, name: format.name, puzzle: r.puzzle, date: r.date, score: r.score,
          failed: r.failed)
      }
    }
    return nil
  }

  /// The day a share's puzzle is of: the date it gives, else the day its number names
  /// where the game has one numbered puzzle a day (Wordle, Connections, Strands:
  /// `Wordle 1,981` is of 21 November 2026); nil for others.
  public static func day(of share: ShareResult) -> LocalDate? {
    if let date = share.date { return date }
    guard let puzzle = share.puzzle,
      let first = all.first(where: { $0.key == share.game })?.numbered
    else { return nil }
    return first.day.adding(days: puzzle - first.number)
  }

  /// The name of the game whose share `text` starts like (its first line begins with the
  /// game's name, after any emoji: `Wordle 1,621 4/6*` over a cut grid), when `parse`
  /// read none: the message can then say what is wrong with it.
  public static func lookalike(_ text: String) -> String? {
    guard
      let first = text.split(whereSeparator: \.isNewline).map(trimmed).first(where: {
        !$0.isEmpty
      })
    else { return nil }
    let line = first.drop { !$0.isLetter }.lowercased()
    let daily = line.hasPrefix("daily ") ? String(line.dropFirst(6)) : line
    return all.first { format in
      let name = format.name.lowercased()
      return daily.hasPrefix(name + " ") || daily == name
    }?.name
  }

  /// A game's format: what the docs say about it and how to read it.
  private struct Format: Sendable {
    let key: String
    let name: String
    let example: String
    let reads: String
    /// Reads the trimmed, non-blank lines; nil when they are not this game's share.
    let read: @Sendable ([Substring]) -> Reading?
    /// For a game with one numbered puzzle a day everywhere, a puzzle's number and its day:
    /// the number then names the day (`Wordle 1,981` is 21 November 2026).
    var numbered: (number: Int, day: LocalDate)? = nil
  }

  /// What a format reads; the game's key and name come from the format.
  private struct Reading {
    var puzzle: Int?
    var date: LocalDate?
    var score: String?
    var failed = false
  }

  private static let all: [Format] = [
    Format(
      key: "wordle", name: "Wordle",
      example: "Wordle 1,234 4/6*\n\n⬛🟨⬛⬛⬛\n⬛🟩🟨⬛⬛\n🟩🟩⬛🟩⬛\n🟩🟩🟩🟩🟩",
      reads: "the number and the guesses; `X/6` is lost, `*` (hard mode) stays in the score",
      read: { wordle($0) }, numbered: LocalDate(year: 2021, month: 6, day: 19).map { (0, $0) }),
    Format(
      key: "connections", name: "Connections",
      example: "Connections\nPuzzle #512\n🟨🟨🟨🟨\n🟩🟦🟩🟩\n🟩🟩🟩🟩\n🟦🟦🟦🟦\n🟪🟪🟪🟪",
      reads: "the number and the mistakes (mixed rows); four mistakes is lost",
      read: { connections($0) },
      numbered: LocalDate(year: 2023, month: 6, day: 12).map { (1, $0) }),
    Format(
      key: "strands", name: "Strands",
      example: "Strands #245\n“Bright ideas”\n💡🔵🔵🟡\n🔵🔵🔵🔵",
      reads: "the number and the hints used (💡)", read: { strands($0) },
      numbered: LocalDate(year: 2024, month: 3, day: 4).map { (1, $0) }),
    Format(
      key: "mini", name: "The Mini",
      example: "I solved the 11/24/2026 New York Times Mini Crossword in 0:42!\n"
        + "https://www.nytimes.com/crosswords/game/mini",
      reads: "the date and the time", read: { crossword($0, kind: "Mini") }),
    Format(
      key: "midi", name: "The Midi",
      example: "I solved the 11/24/2026 New York Times Midi Crossword in 2:13!",
      reads: "the date and the time", read: { crossword($0, kind: "Midi") }),
    Format(
      key: "crossword", name: "The Crossword",
      example: "I solved the Tuesday 11/24/2026 New York Times Daily Crossword in 12:31!",
      reads: "the date and the time", read: { crossword($0, kind: "Daily") }),
    Format(
      key: "quordle", name: "Quordle",
      example: "🙂 Daily Quordle 1576\n2️⃣8️⃣\n7️⃣9️⃣\nm-w.com/games/quordle/",
      reads: "the number and each board's guesses (`2-8-7-9`); a 🟥 board is lost",
      read: { quordle($0) }),
    Format(
      key: "octordle", name: "Octordle",
      example: "Daily Octordle #845\n8️⃣4️⃣\n5️⃣🔟\n9️⃣6️⃣\n🕛7️⃣\nScore: 61",
      reads: "the number and the score; a 🟥 board is lost", read: { octordle($0) }),
    Format(
      key: "nerdle", name: "Nerdle",
      example: "nerdlegame 728 3/6\n\n🟪⬛🟪🟪⬛🟪⬛⬛\n🟪🟩🟩🟩⬛🟩⬛🟪\n🟩🟩🟩🟩🟩🟩🟩🟩",
      reads: "the number and the guesses; `X/6` is lost", read: { nerdle($0) }),
    Format(
      key: "worldle", name: "Worldle",
      example: "#Worldle #934 (12.08.2024) 2/6 (100%)\n🟩🟩🟩🟩🟨⬅️\n🟩🟩🟩🟩🟩🎉\n"
        + "https://worldle.teuteuf.fr",
      reads: "the number, the date when given, the guesses; `X/6` is lost",
      read: { worldle($0) }),
    Format(
      key: "waffle", name: "Waffle",
      example: "#waffle807 1/5\n\n🟩🟩🟩🟩🟩\n🟩⬜🟩⬜🟩\n🟩🟩⭐🟩🟩\n🟩⬜🟩⬜🟩\n🟩🟩🟩🟩🟩\n\n"
        + "🔥 streak: 2\nwafflegame.net",
      reads: "the number and the stars left; `X/5` is lost", read: { waffle($0) }),
    Format(
      key: "framed", name: "Framed",
      example: "Framed #756\n🎥 🟥 🟥 🟥 🟩 ⬛ ⬛\n\nhttps://framed.wtf",
      reads: "the number and the frame of the 🟩 (`4/6`); no 🟩 is lost", read: { framed($0) }),
  ]

  // MARK: - The games

  /// `Wordle 1,234 4/6*`: the number may group its thousands by locale, a comment may
  /// follow the score (`4/6* 🔥`); a grid that follows must have a row per guess (six for
  /// `X/6`).
  private static func wordle(_ lines: [Substring]) -> Reading? {
    let words = lines[0].split(whereSeparator: \.isWhitespace)
    guard words.count >= 3, words[0] == "Wordle",
      let at = words.indices.dropFirst(2).first(where: {
        fraction(words[$0], of: 6, hardMode: true) != nil
      }),
      let score = fraction(words[at], of: 6, hardMode: true),
      let puzzle = number(Substring(words[1..<at].joined(separator: " "))),
      rowsAgree(lines, with: score, width: 5, of: wordleSquares)
    else { return nil }
    return Reading(puzzle: puzzle, score: score.text, failed: score.failed)
  }

  /// `Connections` / `Puzzle #512` over one row per guess: a row of one colour is a group
  /// solved, a mixed row a mistake; the game ends at four groups or at four mistakes.
  private static func connections(_ lines: [Substring]) -> Reading? {
    guard lines.count > 1, lines[0] == "Connections", lines[1].hasPrefix("Puzzle "),
      let puzzle = number(lines[1].dropFirst(7))
    else { return nil }
    let rows = gridRows(lines.dropFirst(2), of: connectionsSquares)
    let solved = rows.filter { Set($0).count == 1 }.count
    let mistakes = rows.count - solved
    guard rows.allSatisfy({ $0.count == 4 }),
      (solved == 4 && mistakes < 4) || (mistakes == 4 && solved < 4)
    else { return nil }
    return Reading(puzzle: puzzle, score: counted(mistakes, "mistake"), failed: mistakes == 4)
  }

  /// `Strands #245`, the theme in quotes, then rows of 🔵 (theme words), 🟡 (the spangram) and
  /// 💡 (a hint used). Strands cannot be lost. Some shares start `NYT Strands`.
  private static func strands(_ lines: [Substring]) -> Reading? {
    var words = lines[0].split(whereSeparator: \.isWhitespace)
    if words.first == "NYT" { words.removeFirst() }
    guard words.count == 2, words[0] == "Strands", let puzzle = number(words[1]) else {
      return nil
    }
    var rest = lines.dropFirst()
    if let theme = rest.first, emoji(theme, from: strandsDots) == nil { rest = rest.dropFirst() }
    let rows = gridRows(rest, of: strandsDots)
    guard !rows.isEmpty else { return nil }
    let hints = rows.joined().filter { $0 == "\u{1F4A1}" }.count
    return Reading(puzzle: puzzle, score: counted(hints, "hint"))
  }

  /// `I solved the 11/24/2026 New York Times Mini Crossword in 0:42!` (the Daily puts the
  /// weekday before the date). Apps may wrap the sentence onto a second line.
  private static func crossword(_ lines: [Substring], kind: String) -> Reading? {
    let words = lines.prefix(3).joined(separator: " ").split(whereSeparator: \.isWhitespace)
    guard words.count >= 11, words[0...2].joined(separator: " ") == "I solved the" else {
      return nil
    }
    let at = words[3].first?.isLetter == true ? 4 : 3
    guard words.count > at + 7, let date = calendarDate(words[at], "/", monthFirst: true),
      words[(at + 1)...(at + 6)].joined(separator: " ") == "New York Times \(kind) Crossword in",
      let time = clock(words[at + 7])
    else { return nil }
    return Reading(date: date, score: time)
  }

  /// `Daily Quordle 1576` (apps put a mood emoji first) over two rows of two boards' guesses.
  private static func quordle(_ lines: [Substring]) -> Reading? {
    guard let puzzle = dailyHeader(lines[0], "Quordle"),
      let boards = boardCounts(lines.dropFirst(), rows: 2)
    else { return nil }
    return Reading(puzzle: puzzle, score: listed(boards), failed: boards.contains(nil))
  }

  /// `Daily Octordle #845` over four rows of two boards' guesses, then `Score: 61` (the sum).
  private static func octordle(_ lines: [Substring]) -> Reading? {
    guard let puzzle = dailyHeader(lines[0], "Octordle"),
      let boards = boardCounts(lines.dropFirst(), rows: 4)
    else { return nil }
    let total = lines.first(where: { $0.hasPrefix("Score:") }).flatMap {
      number($0.dropFirst(6).drop(while: \.isWhitespace))
    }
    let score = total.map { "score \($0)" } ?? listed(boards)
    return Reading(puzzle: puzzle, score: score, failed: boards.contains(nil))
  }

  /// `nerdlegame 728 3/6` over a grid of eight squares a row.
  private static func nerdle(_ lines: [Substring]) -> Reading? {
    let words = lines[0].split(whereSeparator: \.isWhitespace)
    guard words.count == 3, words[0] == "nerdlegame", let puzzle = number(words[1]),
      let score = fraction(words[2], of: 6),
      rowsAgree(lines, with: score, width: 8, of: nerdleSquares)
    else { return nil }
    return Reading(puzzle: puzzle, score: score.text, failed: score.failed)
  }

  /// `#Worldle #934 (12.08.2024) 4/6 (100%)`; shares before mid-2024 have no date.
  private static func worldle(_ lines: [Substring]) -> Reading? {
    let words = lines[0].split(whereSeparator: \.isWhitespace)
    guard words.count >= 3, words[0] == "#Worldle", let puzzle = number(words[1]) else {
      return nil
    }
    var rest = words.dropFirst(2)
    var day: LocalDate?
    if let first = rest.first, first.hasPrefix("(") {
      guard first.hasSuffix(")"),
        let d = calendarDate(first.dropFirst().dropLast(), ".", monthFirst: false)
      else { return nil }
      day = d
      rest = rest.dropFirst()
    }
    guard let word = rest.first, let score = fraction(word, of: 6) else { return nil }
    return Reading(puzzle: puzzle, date: day, score: score.text, failed: score.failed)
  }

  /// `#waffle807 1/5`: the stars left of five, `X/5` when the swaps ran out.
  private static func waffle(_ lines: [Substring]) -> Reading? {
    let words = lines[0].split(whereSeparator: \.isWhitespace)
    guard words.count == 2, words[0].hasPrefix("#waffle"),
      let puzzle = number(words[0].dropFirst(7)), let score = fraction(words[1], of: 5, from: 0)
    else { return nil }
    return Reading(puzzle: puzzle, score: score.text, failed: score.failed)
  }

  /// `Framed #756` over `🎥 🟥 🟥 🟥 🟩 ⬛ ⬛`: the 🟩 is the frame that was guessed, none is lost.
  /// The side games (`Framed - One Frame Challenge #…`) are not the daily game.
  private static func framed(_ lines: [Substring]) -> Reading? {
    let words = lines[0].split(whereSeparator: \.isWhitespace)
    guard words.count == 2, words[0] == "Framed", let puzzle = number(words[1]), lines.count > 1,
      let row = emoji(lines[1], from: framedSquares), row.count == 7, row[0] == "\u{1F3A5}"
    else { return nil }
    let frame = row.dropFirst().firstIndex(of: "\u{1F7E9}").map { "\($0)" }  // 1 to 6
    return Reading(puzzle: puzzle, score: "\(frame ?? "X")/6", failed: frame == nil)
  }

  // MARK: - Emoji

  /// 🟩 🟨 ⬛ ⬜, and 🟧 🟦 in high-contrast mode.
  private static let wordleSquares: Set<Unicode.Scalar> = [
    "\u{1F7E9}", "\u{1F7E8}", "\u{2B1B}", "\u{2B1C}", "\u{1F7E7}", "\u{1F7E6}",
  ]
  /// 🟨 🟩 🟦 🟪.
  private static let connectionsSquares: Set<Unicode.Scalar> = [
    "\u{1F7E8}", "\u{1F7E9}", "\u{1F7E6}", "\u{1F7EA}",
  ]
  /// 🔵 🟡 💡.
  private static let strandsDots: Set<Unicode.Scalar> = ["\u{1F535}", "\u{1F7E1}", "\u{1F4A1}"]
  /// 🟩 🟪 ⬛ ⬜.
  private static let nerdleSquares: Set<Unicode.Scalar> = [
    "\u{1F7E9}", "\u{1F7EA}", "\u{2B1B}", "\u{2B1C}",
  ]
  /// 🎥 🟥 🟩 ⬛ ⬜.
  private static let framedSquares: Set<Unicode.Scalar> = [
    "\u{1F3A5}", "\u{1F7E5}", "\u{1F7E9}", "\u{2B1B}", "\u{2B1C}",
  ]
  /// 🔟 and the clock faces Octordle uses for 11 (🕚), 12 (🕛) and 13 (🕐) guesses.
  private static let bigCounts: [Unicode.Scalar: Int] = [
    "\u{1F51F}": 10, "\u{1F55A}": 11, "\u{1F55B}": 12, "\u{1F550}": 13,
  ]

  /// The line's emoji when it holds only those in `allowed` (besides spaces, variation
  /// selectors and joiners), else nil.
  private static func emoji(_ line: Substring, from allowed: Set<Unicode.Scalar>)
    -> [Unicode.Scalar]?
  {
    var out: [Unicode.Scalar] = []
    for s in line.unicodeScalars where !ignorable(s) {
      guard allowed.contains(s) else { return nil }
      out.append(s)
    }
    return out.isEmpty ? nil : out
  }

  /// The emoji rows at the start of `lines`, up to the first line that is not one.
  private static func gridRows(_ lines: ArraySlice<Substring>, of allowed: Set<Unicode.Scalar>)
    -> [[Unicode.Scalar]]
  {
    var rows: [[Unicode.Scalar]] = []
    for line in lines {
      guard let row = emoji(line, from: allowed) else { break }
      rows.append(row)
    }
    return rows
  }

  /// Whether the grid after the header, when there is one, has `width` squares a row and a row
  /// per guess (all of them for a loss).
  private static func rowsAgree(
    _ lines: [Substring], with score: Fraction, width: Int, of squares: Set<Unicode.Scalar>
  ) -> Bool {
    let rows = gridRows(lines.dropFirst(), of: squares)
    return rows.isEmpty
      || (rows.allSatisfy { $0.count == width } && rows.count == (score.guesses ?? score.total))
  }

  /// Each board's guesses from `rows` lines of two keycap numbers (`8️⃣`, `🔟`, clock faces);
  /// nil for a 🟥, a board not solved.
  private static func boardCounts(_ lines: ArraySlice<Substring>, rows: Int) -> [Int?]? {
    guard lines.count >= rows else { return nil }
    var boards: [Int?] = []
    for line in lines.prefix(rows) {
      let s = Array(line.unicodeScalars.filter { !ignorable($0) })
      var row: [Int?] = []
      var i = 0
      while i < s.count {
        if i + 1 < s.count, s[i + 1] == "\u{20E3}", (49...57).contains(s[i].value) {
          row.append(Int(s[i].value) - 48)  // a keycap 1 to 9
          i += 2
        } else if let count = bigCounts[s[i]] {
          row.append(count)
          i += 1
        } else if s[i] == "\u{1F7E5}" {
          row.append(nil)
          i += 1
        } else {
          return nil
        }
      }
      guard row.count == 2 else { return nil }
      boards += row
    }
    return boards
  }

  /// Variation selectors, zero-width joiners and spaces, which do not count in a grid row.
  private static func ignorable(_ s: Unicode.Scalar) -> Bool {
    s == "\u{FE0F}" || s == "\u{200D}" || s.properties.isWhitespace
  }

  // MARK: - Words and numbers

  /// A score out of `total` (`4/6`); `X/6` is a loss, and `4/6*` (hard mode) when allowed.
  private struct Fraction {
    var text: String
    /// Nil for a loss.
    var guesses: Int?
    var total: Int
    var failed: Bool { guesses == nil }
  }

  private static func fraction(
    _ word: Substring, of total: Int, from lowest: Int = 1, hardMode: Bool = false
  ) -> Fraction? {
    let star = hardMode && word.hasSuffix("*")
    let parts = (star ? word.dropLast() : word).split(
      separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1] == String(total) else { return nil }
    let mark = star ? "*" : ""
    if parts[0] == "X" || parts[0] == "x" {
      return Fraction(text: "X/\(total)\(mark)", guesses: nil, total: total)
    }
    guard parts[0].allSatisfy(isDigit), let n = Int(parts[0]), (lowest...total).contains(n) else {
      return nil
    }
    return Fraction(text: "\(n)/\(total)\(mark)", guesses: n, total: total)
  }

  /// A puzzle number (`1234`, `#512`), in some locales with its thousands grouped by `,`, `.`,
  /// an apostrophe or a (narrow, no-break) space: `1,234`, `1.234`, `1 234`.
  private static func number(_ word: Substring) -> Int? {
    let digits = word.hasPrefix("#") ? word.dropFirst() : word
    let groups = digits.split(omittingEmptySubsequences: false) {
      ",.'\u{2019}".contains($0) || $0.isWhitespace
    }
    guard let head = groups.first, (1...(groups.count == 1 ? 9 : 3)).contains(head.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 }),
      groups.allSatisfy({ $0.allSatisfy(isDigit) })
    else { return nil }
    return Int(groups.joined())
  }

  /// `Daily <game> 1576` or `#1576`, after any emoji before it.
  private static func dailyHeader(_ line: Substring, _ game: String) -> Int? {
    let words = line.drop(while: { !$0.isLetter }).split(whereSeparator: \.isWhitespace)
    guard words.count == 3, words[0] == "Daily", words[1] == game else { return nil }
    return number(words[2])
  }

  /// A date of three numbers, month first (`11/24/2026`) or day first (`24.11.2026`).
  private static func calendarDate(_ text: Substring, _ separator: Character, monthFirst: Bool)
    -> LocalDate?
  {
    let n = text.split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
    guard n.count == 3, let a = n[0], let b = n[1], let year = n[2], year >= 1000 else {
      return nil
    }
    return monthFirst
      ? LocalDate(year: year, month: a, day: b) : LocalDate(year: year, month: b, day: a)
  }

  /// A solving time, `0:42`, `12:31` or `1:02:03`, without the `!` after it.
  private static func clock(_ word: Substring) -> String? {
    let time = word.hasSuffix("!") ? word.dropLast() : word
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
      parts.dropFirst().allSatisfy({ $0.count == 2 && (Int($0) ?? 60) < 60 })
    else { return nil }
    return String(time)
  }

  /// Boards' guesses as `2-8-7-9`, `X` for a board not solved.
  private static func listed(_ boards: [Int?]) -> String {
    boards.map { board in board.map { String($0) } ?? "X" }.joined(separator: "-")
  }

  /// `1 hint`, `2 hints`, `0 mistakes`.
  private static func counted(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }

  private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

  /// The line without white space (or a byte order mark) at either end.
  private static func trimmed(_ line: Substring) -> Substring {
    let blank: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard let first = line.firstIndex(where: { !blank($0) }),
      let last = line.lastIndex(where: { !blank($0) })
    else { return "" }
    return line[first...last]
  }
}
