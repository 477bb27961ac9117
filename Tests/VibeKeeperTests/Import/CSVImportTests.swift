import Foundation
import Testing

@testable import VibeKeeper

/// `import loop`, `import csv` and `import purchases-csv`.
@Suite struct CSVImportTests {
  @Test(.enabled(if: ImportFixture.haveSamples))
  func loopExportsOfBothFormatsGiveTheSameGamesAndResults() throws {
    for export in ["uhabits-2021-numeric-export", "uhabits-2025-labelled-export"] {
      let f = try ImportFixture()
      defer { f.cleanup() }
      let folder = ImportFixture.sample("loop/" + export)
      try f.run(.loop, [folder]) { $0.player = "Ana" }
      let r = f.loaded()
      #expect(r.diagnostics.isEmpty, "\(lines(r))")
      #expect(r.household.games.map(\.name).sorted() == ["Meditate", "Wake up early"])
      #expect(
        r.household.games.first { $0.name == "Meditate" }?.notes
          == "Did you meditate this morning?\n")
      // Only the days marked done by hand (2 / YES_MANUAL) are results, oldest first.
      #expect(
        f.text("results/2015/01.yml") == """
          # Imported by vibekeeper import.
          - {game: wake-up-early, date: 2015-01-16, player: Ana}
          - {game: wake-up-early, date: 2015-01-17, player: Ana}
          - {game: wake-up-early, date: 2015-01-20, player: Ana}
          - {game: wake-up-early, date: 2015-01-21, player: Ana}
          - {game: wake-up-early, date: 2015-01-22, player: Ana}
          - {game: wake-up-early, date: 2015-01-25, player: Ana}

          """)
      #expect(try f.run(.loop, [folder]) { $0.player = "Ana" }.plan.changes.isEmpty)
    }
  }

  @Test func loopNeedsBothFiles() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let habits = try f.source("Habits.csv", "Position,Name\n001,Read\n")
    let out = try f.run(.loop, [habits])
    #expect(
      out.plan.notes.first?.message.hasPrefix(
        "a Loop export is a folder with Habits.csv and Checkmarks.csv") == true)
    #expect(out.plan.changes.isEmpty)
  }

  /// Loop's export from one habit's screen writes every habit to Habits.csv and only that
  /// one to Checkmarks.csv: the columns go by the header's names (a name with a comma
  /// spans two header cells), and a bad value is reported at its line of Checkmarks.csv.
  @Test func loopColumnsGoByTheHeadersNames() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    try f.folder.write(
      "in/one/Habits.csv",
      Data(
        "Position,Name,Question\n001,Meditate,\n002,\"Read, then sleep\",\n003,Wake up early,\n"
          .utf8))
    try f.folder.write(
      "in/one/Checkmarks.csv",
      Data("Date,Read, then sleep,Wake up early,\n2015-01-25,2,YES_MAN,\n2015-01-24,0,2,\n".utf8))
    let out = try f.run(.loop, [f.folder.url.appendingPathComponent("in/one").path])
    #expect(
      f.text("results/2015/01.yml").hasSuffix(
        "- {game: wake-up-early, date: 2015-01-24}\n- {game: read-then-sleep, date: 2015-01-25}\n"
      ))
    #expect(out.plan.notes.count == 1)
    #expect(out.plan.notes.first?.location.file.hasSuffix("Checkmarks.csv") == true)
    #expect(out.plan.notes.first?.location.line == 2)
    #expect(LoopHabits.columns(["Date", "B", ""], names: ["A", "B", "C"]) == [1])
    #expect(LoopHabits.columns(["Date", "A", "C", ""], names: ["A", "B", "C"]) == [0, 2])
    #expect(LoopHabits.columns(["Date", "X", "Y"], names: ["A", "B"]) == [0, 1])
  }

  /// Two habits whose names differ only by an emoji are two games, not one.
  @Test func habitsThatDifferByAnEmojiAreTwoGames() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    try f.folder.write("in/two/Habits.csv", Data("Position,Name\n001,Read 📚\n002,Read 📰\n".utf8))
    try f.folder.write(
      "in/two/Checkmarks.csv",
      Data("Date,Read 📚,Read 📰,\n2015-01-25,2,0,\n2015-01-24,0,2,\n".utf8))
    let folder = f.folder.url.appendingPathComponent("in/two").path
    try f.run(.loop, [folder])
    let r = f.loaded()
    #expect(r.household.games.map(\.name).sorted() == ["Read 📚", "Read 📰"])
    let ids = Dictionary(uniqueKeysWithValues: r.household.games.map { ($0.name, $0.id) })
    let books = try #require(ids["Read 📚"])
    let news = try #require(ids["Read 📰"])
    #expect(books != news)
    #expect(
      f.text("results/2015/01.yml").hasSuffix(
        "- {game: \(news), date: 2015-01-24}\n- {game: \(books), date: 2015-01-25}\n"))
    #expect(try f.run(.loop, [folder]).plan.changes.isEmpty)
  }

  @Test func habitResultsWithAMappingAndAGrownFile() throws {
    let f = try ImportFixture(["games/wordle.md": "---\nname: Wordle\n---\n"])
    defer { f.cleanup() }
    let mapping = try f.source(
      "streaks.yml",
      "columns: {date: Day, game: Habit, score: Result, completed: Done}\ndate_format: DD/MM/YYYY\n"
    )
    let rows =
      "Habit,Day,Result,Done\nwordle,23/11/2026,4/6,yes\nStretching,23/11/2026,,no\nWordle,31/11/2026,,yes\n"
    let csv = try f.source("export.csv", rows)
    let out = try f.run(.csv, [csv]) { $0.mapping = mapping }
    #expect(
      out.plan.notes.map(\.message) == [
        "'31/11/2026' is not a date in the format DD/MM/YYYY, so the row is not imported"
      ])
    #expect(out.plan.notes.first?.location.line == 4)
    #expect(
      f.text("games/stretching.md") == "---\nname: Stretching\nsource: game:stretching\n---\n")
    #expect(
      f.text("results/2026/11.yml").hasSuffix(
        "- {game: wordle, date: 2026-11-23, score: 4/6}\n- {game: stretching, date: 2026-11-23, completed: false}\n"
      ))
    let grown = try f.source("export.csv", rows + "Wordle,24/11/2026,3/6,yes\n")
    let again = try f.run(.csv, [grown]) { $0.mapping = mapping }
    #expect(again.plan.changes.map(\.path) == ["results/2026/11.yml"])
    #expect(
      again.plan.changes.first?.diff.hasSuffix("+ - {game: wordle, date: 2026-11-24, score: 3/6}")
        == true)
  }

  /// Bank files read wrongly are refused row by row, never misread: a German amount
  /// without `decimal: comma`, a two-digit year for `YYYY`. A unit price of an amount for
  /// 3 is kept to four places (the row's amount stays the total); a file's default
  /// category gives way to the item's own.
  @Test func bankRowsAreReadRightOrNotAtAll() throws {
    let f = try ImportFixture([
      "items/milk.md": "---\nname: Milk\ncategory: groceries\n---\n"
    ])
    defer { f.cleanup() }
    let mapping = try f.source(
      "m.yml",
      "date_format: DD.MM.YYYY\nspending: negative\ncategory: other\ncolumns: {date: Datum, description: Text, amount: Betrag, quantity: Menge}\nrules:\n  - {match: milchhof, item: milk}\n"
    )
    let csv = try f.source(
      "k.csv",
      "Datum,Text,Betrag,Menge\n02.11.2026,REWE,\"-23,45\",1\n1.2.26,OLD,-1,1\n03.11.2026,Eggs,-10.00,3\n04.11.2026,MILCHHOF,-2.50,1\n05.11.2026,Bakery,\"-1,250.00\",1\n"
    )
    let out = try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }
    let notes = out.plan.notes.map { "\($0.location.line): \($0.message)" }
    #expect(notes.contains("2: '-23,45' is not an amount, so the row is not imported"), "\(notes)")
    #expect(
      notes.contains(
        "3: '1.2.26' is not a date in the format DD.MM.YYYY, so the row is not imported"),
      "\(notes)")
    let text = f.text("purchases/2026/11.yml")
    #expect(
      text.contains(
        "{date: 2026-11-03, name: Eggs, price: 3.3333, quantity: 3, total: 10.00, category: other, source: csv:"
      ), "\(text)")
    #expect(text.contains("{date: 2026-11-04, item: milk, price: 2.50, source: csv:"), "\(text)")
    #expect(
      text.contains(
        "{date: 2026-11-05, name: Bakery, price: 1250.00, category: other, source: csv:"), "\(text)"
    )
    #expect(f.loaded().diagnostics.filter { $0.severity == .error }.isEmpty)
  }

  /// A currency sign in the amount, or a currency column with a sign, is read as its
  /// code; what is no currency leaves its row out, said at its line, not the import.
  @Test func currencySignsAreReadAsTheirCodes() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let mapping = try f.source(
      "m.yml",
      "date_format: YYYY-MM-DD\ncolumns: {date: Date, description: Text, amount: Amount, currency: Cur}\n"
    )
    let csv = try f.source(
      "c.csv",
      "Date,Text,Amount,Cur\n2026-11-02,Paris hotel,$120.00,\n2026-11-03,London,£50.00,\n2026-11-04,Bakery,4.50,€\n2026-11-05,Shop,3.00,US$\n2026-11-06,Odd,1.00,XX1\n2026-11-07,Home,2.00,\n"
    )
    let out = try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }
    #expect(
      out.plan.notes.map { "\($0.location.line): \($0.message)" } == [
        "6: 'XX1' is no currency this can read, so the row is not imported"
      ])
    let text = f.text("purchases/2026/11.yml")
    for line in [
      "name: Paris hotel, price: 120.00, currency: USD",
      "name: London, price: 50.00, currency: GBP",
      "name: Bakery, price: 4.50, source:", "name: Shop, price: 3.00, currency: USD",
      "name: Home, price: 2.00, source:",
    ] {
      #expect(text.contains(line), "\(line)\n\(text)")
    }
    #expect(PurchasesCSV.currencyCode("$", home: "CAD") == "CAD")
    #expect(PurchasesCSV.currencyCode("eur", home: "USD") == "EUR")
  }

  /// Game results: a blank `completed` cell is not done, `--player` fills a blank player
  /// cell, and games whose names differ by a symbol are two.
  @Test func resultRowsBlankCellsAndSymbols() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let mapping = try f.source(
      "r.yml",
      "columns: {date: Day, game: Habit, completed: Done, player: Who}\ndate_format: DD/MM/YYYY\n")
    let csv = try f.source(
      "r.csv",
      "Habit,Day,Done,Who\nStretching,21/11/2026,yes,Ana\nStretching,22/11/2026,,Ana\nC++,23/11/2026,yes,\nC#,23/11/2026,yes,\n"
    )
    try f.run(.csv, [csv]) {
      $0.mapping = mapping
      $0.player = "Ben"
    }
    let r = f.loaded()
    #expect(r.household.games.map(\.name).sorted() == ["C#", "C++", "Stretching"])
    let results = r.household.results.sorted { $0.meta.id < $1.meta.id }
    #expect(results.map(\.completed) == [true, false, true, true])
    #expect(results.map { $0.player ?? "" } == ["Ana", "Ana", "Ben", "Ben"])
  }

  static let bank = """
    Kontoauszug;;;;
    ;;;;
    "Buchungstag";"Wertstellung";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)"
    "02.11.2026";"02.11.2026";"REWE Markt GmbH";"REWE SAGT DANKE 1234";"-23,45"
    "03.11.2026";"03.11.2026";"Arbeitgeber AG";"Gehalt November";"2.500,00"
    "04.11.2026";"04.11.2026";"Netflix";"NETFLIX.COM";"-12,99"
    "04.11.2026";"04.11.2026";"Netflix";"NETFLIX.COM";"-12,99"
    "05.12.2026";"05.12.2026";"Bäckerei Müller";"Brot, ""Laugen""
    und Brötchen";"-1.004,10"

    """

  static let rules = """
    skip: 2
    encoding: windows-1252
    date_format: DD.MM.YYYY
    decimal: comma
    spending: negative
    columns: {date: Buchungstag, amount: Betrag (EUR), description: Verwendungszweck, store: Auftraggeber / Begünstigter}
    rules:
      - {match: "rewe", store: REWE, category: groceries, item: milk}
      - {match: "netflix", name: Netflix, category: subscriptions}

    """

  /// Amounts with the sign behind (`23,45-`, as German bank exports write them) or in
  /// accounting parentheses read with their sign; anything else is no amount.
  @Test func amountsReadTheirSignWhereverItIs() {
    var comma = CSVMapping(file: "m.yml")
    comma.decimalComma = true
    #expect(comma.amount("23,45-") == Decimal(string: "-23.45"))
    #expect(comma.amount("2.500,00+") == Decimal(string: "2500"))
    #expect(comma.amount("-1.234,56 €") == Decimal(string: "-1234.56"))
    #expect(comma.amount("(12,50)") == Decimal(string: "-12.5"))
    let point = CSVMapping(file: "m.yml")
    #expect(point.amount("12.50-") == Decimal(string: "-12.5"))
    #expect(point.amount("$1,200.00") == Decimal(string: "1200"))
    for bad in ["1-2", "--3", "-", "", "12.5.1", "abc", "()"] {
      #expect(point.amount(bad) == nil, "\(bad)")
    }
    // A separator reads as thousands only between groups of three: a German amount read
    // without `decimal: comma` (or a point-decimal one with it) is no amount, never 100×.
    for bad in ["-23,45", "-1.234,56", "-7,5", "1,23,456"] {
      #expect(point.amount(bad) == nil, "\(bad)")
    }
    for bad in ["4.75", "1,234.56", "12.3,4"] {
      #expect(comma.amount(bad) == nil, "\(bad)")
    }
    #expect(point.amount("1,000") == Decimal(string: "1000"))
    #expect(point.amount("12,345,678.9") == Decimal(string: "12345678.9"))
    #expect(comma.amount("1\u{202F}234,56 €") == Decimal(string: "1234.56"))
  }

  @Test func aGermanBankExportWithRules() throws {
    let f = try ImportFixture(["items/milk.md": "---\nname: Milk\n---\n"])
    defer { f.cleanup() }
    let mapping = try f.source("bank.rules.yml", Self.rules)
    let latin = try #require(Self.bank.data(using: .windowsCP1252))
    let csv = try f.source("bank.csv", [UInt8](latin))
    let out = try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }
    #expect(
      out.plan.notes.map(\.message) == [
        "1 row is money in (the other sign), not purchases, so it is not imported"
      ])
    let november = f.text("purchases/2026/11.yml")
    #expect(
      november.contains(
        "- {date: 2026-11-02, item: milk, price: 23.45, store: REWE, category: groceries, source: csv:"
      ))
    #expect(
      november.contains(
        "- {date: 2026-11-04, name: Netflix, price: 12.99, store: Netflix, category: subscriptions, source: csv:"
      ))
    #expect(november.components(separatedBy: "name: Netflix").count == 3)
    #expect(
      f.text("purchases/2026/12.yml").contains(
        "name: \"Brot, \\\"Laugen\\\" und Brötchen\", price: 1004.10, store: Bäckerei Müller"))
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    #expect(r.household.purchases.count == 4)
    // Again: nothing; with a new row: that row only.
    #expect(try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }.plan.changes.isEmpty)
    let grown = try #require(
      (Self.bank + "\"06.12.2026\";\"\";\"Lidl\";\"LIDL\";\"-3,00\"\n").data(using: .windowsCP1252))
    let again = try f.run(.purchasesCSV, [try f.source("bank.csv", [UInt8](grown))]) {
      $0.mapping = mapping
    }
    #expect(again.plan.changes.map(\.path) == ["purchases/2026/12.yml"])
    #expect(again.plan.summary.contains("added 1 purchase; 4 already imported"))
  }

  @Test func mappingMistakesArePositioned() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let mapping = try f.source(
      "bad.yml",
      "columns: {date: Day, amout: Amount}\ndecimal: coma\nrules:\n  - {match: \"(\", store: X}\n")
    let csv = try f.source("a.csv", "Day,Amount\n")
    #expect {
      try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }
    } throws: { error in
      let d =
        (error as? DataWriter.Problem)?.diagnostics.map {
          "\($0.location.line):\($0.location.column): \($0.message)"
        } ?? []
      return d.contains("1:22: 'amout' is not a field of a purchase")
        && d.contains("2:10: 'decimal' must be comma or point")
        && d.contains("4:13: '(' is not a valid regular expression")
        && d.contains("1:1: the mapping names no amount column")
    }
  }

  @Test func rulesLatinNineUnknownItemsTwoPlaysADayAndAGuessedSeparator() throws {
    let f = try ImportFixture(["items/milk.md": "---\nname: Milk\n---\n"])
    defer { f.cleanup() }
    // Purchases: Latin-9's euro sign, a separator guessed after the preamble (which has
    // commas), an item column naming an item that does not exist.
    let mapping = try f.source(
      "m.yml",
      "skip: 1\nencoding: ISO-8859-15\ndecimal: comma\ndate_format: DD.MM.YYYY\n"
        + "columns: {date: Tag, amount: Betrag, description: Text, item: Artikel}\n")
    var bytes = Array("Konto 1, 2, 3, 4\nTag;Text;Betrag;Artikel\n".utf8)
    bytes += Array("01.11.2026;Kaffee ".utf8) + [0xA4] + Array(";3,50;coffee\n".utf8)
    bytes += Array("02.11.2026;Milch;1,10;milk\n".utf8)
    bytes += Array("03.11.2026;Kaffee;3,50;coffee\n".utf8)
    let csv = try f.source("k.csv", bytes)
    let out = try f.run(.purchasesCSV, [csv]) { $0.mapping = mapping }
    #expect(
      out.plan.notes.map(\.message) == [
        "there is no item 'coffee', so its rows are imported with their names only"
      ])
    let november = f.text("purchases/2026/11.yml")
    #expect(november.contains("- {date: 2026-11-01, name: Kaffee €, price: 3.50, source: csv:"))
    #expect(november.contains("- {date: 2026-11-02, item: milk, price: 1.10, source: csv:"))
    #expect(f.loaded().diagnostics.isEmpty)
    // Results: a rule skips rows and sets the player; two plays in one day at different
    // times are two results, the same play twice is one.
    let rules = try f.source(
      "r.yml",
      "game: wordle\ncolumns: {at: When, score: Score, player: Who}\n"
        + "rules:\n  - {match: \"^test\", in: player, skip: true}\n  - {match: \"^a\", in: player, player: Ana}\n"
    )
    let plays = try f.source(
      "p.csv",
      "When,Score,Who\n2026-11-23 08:00,3/6,ana\n2026-11-23 21:00,5/6,ana\n2026-11-23 21:00,5/6,ana\n2026-11-23 09:00,2/6,tester\n"
    )
    let played = try f.run(.csv, [plays]) { $0.mapping = rules }
    #expect(played.plan.summary.contains("added 1 game, 2 results; 1 already imported"))
    #expect(
      f.text("results/2026/11.yml").hasSuffix(
        "- {game: wordle, at: 2026-11-23T08:00, score: 3/6, player: Ana}\n- {game: wordle, at: 2026-11-23T21:00, score: 5/6, player: Ana}\n"
      ))
  }
}
