import Foundation
import Testing

@testable import VibeKeeper

@Suite struct LoaderDiagnosticsTests {
  @Test func malformedYAMLPointsIntoTheFile() throws {
    let r = try load([
      "gifts/a.md": "---\ntitle: Lamp\nprice: [1, 2\n---\n",
      "gifts/b.md": "---\ntitle: Note: buy milk\n---\n",
      "gifts/ok.md": "---\ntitle: Fine\n---\n",
    ])
    let l = lines(r)
    #expect(l.count == 2)
    #expect(l[0].hasPrefix("data/gifts/a.md:4:1: error: invalid YAML"))
    #expect(
      l[1]
        == "data/gifts/b.md:2:12: error: invalid YAML: mapping values are not allowed in this context"
    )
    #expect(r.diagnostics[1].hint?.contains("quoted") == true)
    #expect(r.household.gifts.map(\.id) == ["ok"])
    // A field indented one space too far gets the indentation hint, not the quoting one.
    let indented = try load([
      "purchases/p.yml":
        "- date: 2026-11-02\n  name: A\n  price: 1\n- date: 2026-11-03\n   name: B\n  price: 2\n"
    ])
    #expect(indented.diagnostics.first?.hint?.hasPrefix("check the indentation") == true)
    #expect(YAMLReader.isOverIndented(2, in: "title: x\n  name: y\n"))
    #expect(!YAMLReader.isOverIndented(2, in: "title:\n  name: y\n"))
    #expect(!YAMLReader.isOverIndented(1, in: "title: Note: buy milk\n"))
  }

  /// A settings file that is there but cannot be read (a folder, a link to nothing) is an
  /// error that holds the site back, never the defaults (open feeds, nothing private).
  @Test func settingsThatCannotBeReadAreAnError() throws {
    let folder = try TempFolder(["gifts/a.md": "---\ntitle: Lamp\n---\n"])
    defer { folder.cleanup() }
    let settings = folder.url.appendingPathComponent("vibekeeper.yml")
    try FileManager.default.createSymbolicLink(
      atPath: settings.path, withDestinationPath: "nowhere.yml")
    let local = folder.url.appendingPathComponent(LocalSettings.fileName)
    try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(!r.settingsUsable)
    let errors = r.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.contains { $0.hasPrefix("vibekeeper.yml is a link to nothing") })
    #expect(errors.contains { $0.hasPrefix("\(LocalSettings.fileName) is a folder, not a file") })
    #expect(r.household.gifts.count == 1)
  }

  /// A file that cannot be read at all names the records it holds as far as it can (its
  /// file id, the `id:` of its lines): what names them gets a note and still counts, as
  /// for a Markdown record with an error, never "does not exist".
  @Test func aFileThatFailsWholeStillNamesItsRecords() throws {
    let r = try load([
      "items/eggs.yml": "name: \"Eggs\n",
      "items/pantry.yml": "- {id: milk, name: \"Milk}\n- id: flour\n  name: Flour\n  unit: [kg\n",
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, item: eggs, price: 3}
      - {date: 2026-11-03, item: milk, price: 1}
      - {date: 2026-11-04, item: flour, price: 2}
      - {date: 2026-11-05, item: sugar, price: 2}
      """,
    ])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map(\.location.file).sorted() == [
        "data/items/eggs.yml", "data/items/pantry.yml", "data/purchases/2026/11.yml",
      ], "\(lines(r))")
    #expect(
      errors.contains { $0.message.contains("'sugar'") && $0.message.contains("does not exist") })
    let notes = r.diagnostics.filter { $0.severity == .note }.map(\.message)
    for id in ["eggs", "milk", "flour"] {
      #expect(notes.contains { $0.contains("'\(id)', which is left out until its error is fixed") })
    }
    #expect(r.household.purchases.count == 3)
  }

  @Test func missingClosingFenceAndNoFrontMatter() throws {
    let r = try load([
      "gifts/open.md": "---\ntitle: Lamp\n\nSome notes\n",
      "gifts/plain.md": "Just some notes\n",
    ])
    #expect(
      lines(r) == [
        "data/gifts/open.md:1:1: error: the front matter opened on line 1 is never closed",
        "data/gifts/plain.md:1:1: error: a Markdown record must start with front matter",
      ])
  }

  @Test func invalidUTF8NamesTheBadByte() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    var bytes = Array("---\ntitle: Caf".utf8)
    bytes += [0xE9]  // Latin-1 é
    bytes += Array("\n---\n".utf8)
    try folder.write("gifts/latin1.md", Data(bytes))
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(lines(r) == ["data/gifts/latin1.md:2:11: error: the file is not valid UTF-8"])
    #expect(r.diagnostics[0].hint?.contains("UTF-8") == true)
  }

  @Test func bomAndCRLFAreAccepted() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let text = "\u{FEFF}---\r\ntitle: Lamp\r\nprice: 2,50\r\n---\r\nNotes\r\n"
    try folder.write("gifts/win.md", Data(text.utf8))
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    // The comma is reported at its real line and column despite the BOM and CRLF.
    #expect(lines(r) == ["data/gifts/win.md:3:8: error: 'price' must be a number, not '2,50'"])
    #expect(r.diagnostics[0].hint == "write decimals with a point: 2.50")
    #expect(r.household.gifts.isEmpty)  // a record with an error is left out
    try folder.write("gifts/win.md", Data(text.replacingOccurrences(of: "2,50", with: "2.50").utf8))
    let fixed = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(fixed.diagnostics.isEmpty)
    #expect(fixed.household.gifts.first?.title == "Lamp")
    #expect(fixed.household.gifts.first?.description == "Notes\n")
  }

  @Test func tabsInIndentation() throws {
    let r = try load(["results/t.yml": "- game: wordle\n\tdate: 2026-11-01\n"])
    #expect(lines(r) == ["data/results/t.yml:2:1: error: a tab is used for indentation"])
  }

  @Test func wrongTypesAndImpossibleValues() throws {
    let r = try load([
      "vibekeeper.yml": "timezone: Europe/Berlinn\n",
      "budgets/b.md": "---\ntitle: [a, b]\namount: -5\nstart: 2026-02-30\nend: 2026-13-01\n---\n",
      "purchases/p.yml":
        "- {date: 2026-11-02, price: -1.50, name: X}\n- {date: 2026-11-02, price: abc, name: Y}\n",
      "reminders/r.md":
        "---\ntitle: Pills\nschedule:\n  time: \"25:00\"\n  days: [mon, funday]\n---\n",
      "reminders/s.md":
        "---\ntitle: Pills\nschedule:\n  time: \"08:30\"\n  days: daily\n  starts: 2026-05-01\n  until: 2026-04-01\n---\n",
      "results/r.yml": "- {game: wordle, at: 2026-11-01T25:10}\n",
      "games/wordle.yml": "name: Wordle\nactive: maybe\n",
    ])
    #expect(
      lines(r) == [
        "data/budgets/b.md:2:8: error: 'title' must be text, not a list",
        "data/budgets/b.md:3:9: error: 'amount' must not be negative (-5)",
        "data/budgets/b.md:4:8: error: 'start' is not a real date: 2026-02-30 (month 2 of 2026 has 28 days)",
        "data/budgets/b.md:5:6: error: 'end' has no month 13: '2026-13-01'",
        "data/games/wordle.yml:2:9: error: 'active' must be true or false, not 'maybe'",
        "data/purchases/p.yml:1:29: error: 'price' must not be negative (-1.50)",
        "data/purchases/p.yml:2:29: error: 'price' must be a number, not 'abc'",
        "data/reminders/r.md:4:9: error: 'time' has an hour of 25: '25:00'",
        "data/reminders/r.md:5:15: error: unknown weekday 'funday'",
        "data/reminders/s.md:7:10: error: 'until' (2026-04-01) is before 'starts' (2026-05-01)",
        "data/results/r.yml:1:10: note: 'game' names game 'wordle', which is left out until its error is fixed",
        "data/results/r.yml:1:22: error: 'at' has an hour of 25: '2026-11-01T25:10'",
        "data/vibekeeper.yml:1:11: error: unknown time zone 'Europe/Berlinn'",
      ])
    #expect(r.diagnostics.last?.hint == "did you mean 'Europe/Berlin'?")
    #expect(r.household.recordCount == 0)  // every record had an error: none is counted
  }

  /// A field given twice leaves its record out, said at the second one; the file's other
  /// records are read.
  /// An id is at most 200 bytes in UTF-8 (its page's file name must fit in 255): a
  /// longer one leaves its record out with an error, never the build.
  @Test func anIdTooLongInBytesLeavesItsRecordOut() throws {
    let long = String(repeating: "中", count: 70)  // 210 bytes, 70 characters
    let r = try load([
      "contacts/\(long).md": "---\nname: Long\n---\n",
      "contacts/ok.md": "---\nname: Ok\n---\n",
      "contacts/l.md": "---\nname: L\nid: \(String(repeating: "é", count: 101))\n---\n",
    ])
    #expect(r.household.contacts.map(\.id) == ["ok"])
    #expect(lines(r).filter { $0.contains("the id is too long") }.count == 2, "\(lines(r))")
  }

  /// A schedule field the loader does not know would change when a tablet is due (`every:
  /// 3`, `ends:`): an error that leaves the reminder out, not a warning that leaves it
  /// ringing daily forever. Elsewhere an unknown field stays a warning.
  @Test func anUnknownScheduleFieldLeavesTheReminderOut() throws {
    let r = try load([
      "reminders/a.md": "---\ntitle: A\nschedule: {time: \"09:00\", days: daily, every: 3}\n---\n",
      "reminders/b.md":
        "---\ntitle: B\nschedule: {time: \"09:00\", days: daily}\ncolour: red\n---\n",
    ])
    #expect(r.household.reminders.map(\.id) == ["b"])
    let said = lines(r)
    #expect(
      said.contains {
        $0.hasPrefix("data/reminders/a.md:3:40: error: unknown field 'every' in schedule")
      },
      "\(said)")
    #expect(
      said.contains { $0.hasPrefix("data/reminders/b.md:4:1: warning: unknown field 'colour'") })
  }

  @Test func aFieldGivenTwiceLeavesOnlyItsRecordOut() throws {
    let r = try load([
      "purchases/p.yml": """
      - {date: 2026-11-17, name: A, price: 10}
      - {date: 2026-11-18, name: B, price: 1.35, price: 2}
      - {date: 2026-11-19, name: C, price: 20}

      """,
      "gifts/g.md": "---\ntitle: G\ntitle: H\n---\n",
      "reminders/r.md":
        "---\ntitle: R\nschedule: {time: \"08:00\", days: daily, time: \"09:00\"}\n---\n",
    ])
    #expect(
      lines(r) == [
        "data/gifts/g.md:3:1: error: a field is given twice: title",
        "data/purchases/p.yml:2:44: error: a field is given twice: price",
        "data/reminders/r.md:3:40: error: a field is given twice: time",
      ])
    #expect(r.household.purchases.map(\.name) == ["A", "C"])
    #expect(r.household.gifts.isEmpty && r.household.reminders.isEmpty)
    // A merge key is not read: its record is left out rather than read without what it
    // would merge.
    let merged = try load([
      "purchases/p.yml": """
      - &usd {date: 2026-11-10, name: Vinyl, price: 30, currency: USD}
      - <<: *usd
        name: Book
        price: 12

      """
    ])
    #expect(
      lines(merged) == [
        "data/purchases/p.yml:2:3: error: a merge key (`<<: *name`) is not read, so the fields it would bring are missing",
        "data/purchases/p.yml:2:3: error: missing required field 'date'",
      ])
    #expect(merged.household.purchases.map(\.name) == ["Vinyl"])
  }

  /// A reference to a record in a folder, written without the folder, gets the full id
  /// as its did-you-mean.
  @Test func aReferenceWithoutItsFolderSuggestsTheFullId() throws {
    let r = try load([
      "contacts/family/mom.md": "---\nname: Mom\n---\n",
      "contacts/family/dad.md": "---\nname: Dad\n---\n",
      "gifts/a.md": "---\ntitle: A\nfor: mom\n---\n",
      "gifts/b.md": "---\ntitle: B\nfor: mum\n---\n",
    ])
    #expect(
      r.diagnostics.map { $0.hint ?? "" } == [
        "did you mean 'family/mom'?", "did you mean 'family/mom'?",
      ])
  }

  /// Budget categories: in range, each once (they ignore case), and a scope that looks
  /// like a typo of a known category is said; year 0 is said as such.
  @Test func budgetCategoriesAndScopes() throws {
    let r = try load([
      "budgets/b.yml": """
      title: Nov
      amount: 100
      start: 2026-11-01
      end: 2026-11-30
      scope: grocries
      categories:
        groceries: 0.1234567891
        Groceries: 5

      """,
      "budgets/c.yml":
        "title: Food\namount: 100\nstart: 2026-11-01\nend: 2026-11-30\nscope: grocries\n",
      "purchases/p.yml":
        "- {date: 0000-01-01, name: X, price: 1}\n- {date: 2026-11-02, name: Y, price: 1, category: groceries}\n",
    ])
    let analysis = HouseholdAnalysis(
      r.household, clock: LocalClock(now: utc("2026-11-22T10:00"), timeZone: TimeZone.gmt))
    #expect(
      lines(r) == [
        "data/budgets/b.yml:7:14: error: the budget of category 'groceries' is out of range: '0.1234567891'",
        "data/budgets/b.yml:8:3: error: category 'Groceries' is given twice (categories ignore case), first at line 7",
        "data/purchases/p.yml:1:10: error: 'date' has no year 0: '0000-01-01'",
      ])
    #expect(
      analysis.budgets.diagnostics.map(\.message) == [
        "budget 'c' counts category 'grocries', which no purchase or item has"
      ])
    #expect(analysis.budgets.diagnostics.first?.hint == "did you mean 'groceries'?")
  }

  /// A required field written without a value is said at its line; a field and another
  /// name of it in one record say which one is read.
  @Test func emptyRequiredFieldsAndAliasesGivenTwice() throws {
    let r = try load([
      "purchases/p.yml": "- date: 2026-11-02\n  name: Cheese\n  price:\n",
      "gifts/ideas.yml": "- {id: scarf, title: Scarf, idea: Gloves}\n",
    ])
    #expect(
      lines(r) == [
        "data/gifts/ideas.yml:1:29: warning: 'idea' and 'title' name the same field; 'title' is read and 'idea' is not",
        "data/purchases/p.yml:3:3: error: 'price' has no value",
      ])
  }

  /// A batch used before it was bought is kept (its spending counts) with a warning.
  @Test func usedBeforeBought() throws {
    let r = try load([
      "purchases/p.yml":
        "- {date: 2026-11-02, price: 1, name: Z, used: 2026-11-01}\n- {date: 2026-11-02, price: 1, name: Y, used: 2026-11-02}\n"
    ])
    #expect(
      lines(r) == [
        "data/purchases/p.yml:1:47: warning: 'used' 2026-11-01 is before the purchase's 'date' 2026-11-02: the batch was not bought yet"
      ])
    #expect(r.household.purchases.count == 2)
  }

  /// A month's log with one broken line (a missing `}`) loses that entry alone, said at its
  /// line; the others keep their ids (by their place in the file).
  @Test func oneBrokenLineOfALogLeavesOutThatEntryAlone() throws {
    let r = try load([
      "purchases/2026/11.yml": """
      # November
      - {date: 2026-11-02, name: A, price: 1}
      - {date: 2026-11-03, name: B, price: 2
      - {date: 2026-11-04, name: C, price: 3}

      - {date: 2026-11-05, name: D, price: 4}

      """
    ])
    #expect(r.household.purchases.map(\.name) == ["A", "C", "D"])
    #expect(r.household.purchases.map(\.id) == ["2026/11#1", "2026/11#3", "2026/11#4"])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1)
    #expect(
      lines(r) == [
        "data/purchases/2026/11.yml:3:39: error: invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping at line 3)"
      ])
    // An entry over several lines: the file's own error, as before.
    let block = try load([
      "purchases/b.yml":
        "- date: 2026-11-02\n  name: A\n  price: [1\n- {date: 2026-11-03, name: B, price: 2}\n"
    ])
    #expect(block.household.purchases.isEmpty)
    #expect(block.diagnostics.contains { $0.severity == .error })
  }

  /// A line of a month's log written unlike the others (indented, a tab before it, `-{`,
  /// no `- `) loses its own entry, said at its line, not the month's.
  @Test func aLineWrittenUnlikeTheOthersLeavesOutItsEntryAlone() throws {
    let r = try load([
      "purchases/2026/11.yml": """
      - {date: 2026-11-02, name: A, price: 1}
        - {date: 2026-11-03, name: B, price: 2}
      \t- {date: 2026-11-04, name: C, price: 3}
      -{date: 2026-11-05, name: D, price: 4}
      {date: 2026-11-06, name: E, price: 5}
      - {date: 2026-11-07, name: F, price: 6}

      """
    ])
    #expect(r.household.purchases.map(\.name) == ["A", "F"])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.location.line) == [2, 3, 4, 5], "\(lines(r))")
    #expect(errors.map(\.location.column) == [3, 1, 1, 1], "\(lines(r))")
    #expect(
      errors.allSatisfy {
        $0.message == "this line is not an entry like the others of the list, so it is left out"
      })
  }

  /// U+2028 (and U+2029, U+0085) is a line break to YAML and none to an editor: text
  /// after it in a comment would be read as an entry nobody sees. Its line is an error,
  /// at its place; the other lines load.
  @Test func aLineSeparatorHidesNoEntry() throws {
    let r = try load([
      "purchases/2026/11.yml":
        "- {date: 2026-11-02, name: A, price: 1}\n"
        + "- {date: 2026-11-20, name: ok, price: 1}  # was 1\u{2028}- {date: 2026-11-20, name: ghost, price: 500}\n"
        + "- {date: 2026-11-21, name: B, price: 2}\n",
      "gifts/g.md": "---\ntitle: Lamp\u{85}x\n---\n",
    ])
    #expect(r.household.purchases.map(\.name) == ["A", "B"])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == [
        "data/gifts/g.md:2:12", "data/purchases/2026/11.yml:2:50",
      ], "\(lines(r))")
    #expect(errors.last?.message.hasPrefix("U+2028 (line separator) is in this line") == true)
    #expect(errors.last?.hint == "remove it; in a double-quoted value, write it as \\L")
    #expect(r.household.gifts.isEmpty)
  }

  /// A dose of a reminder left out for its error is nothing without it: it waits with it,
  /// and the note says so; a purchase of an item left out keeps counting.
  @Test func aRecordThatIsNothingWithoutTheOneItNamesWaitsWithIt() throws {
    let r = try load([
      "reminders/iron.md": "---\ntitle: Iron\nschedule: {time: \"25:00\", days: daily}\n---\n",
      "doses/2026/11.yml": "- {reminder: iron, at: 2026-11-20T08:00}\n",
      "items/milk.md": "---\nname: [Milk\n---\n",
      "purchases/2026/11.yml": "- {date: 2026-11-02, item: milk, price: 1}\n",
    ])
    let notes = r.diagnostics.filter { $0.severity == .note }.map(\.message)
    #expect(
      notes.contains(
        "'reminder' names reminder 'iron', which is left out until its error is fixed; this dose is left out with it"
      ), "\(notes)")
    #expect(
      notes.contains("'item' names item 'milk', which is left out until its error is fixed"),
      "\(notes)")
    #expect(r.household.doses.isEmpty)
    #expect(r.household.purchases.count == 1)
  }

  /// Each kind `private:` does not know is said at its own place in the list.
  @Test func anUnknownPrivateKindIsSaidAtItsPlace() throws {
    let r = try load(["vibekeeper.yml": "private: [reminderz, gifts, dosis]\n"])
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "1:11 'private' names no kind of record: 'reminderz'",
        "1:29 'private' names no kind of record: 'dosis'",
      ], "\(lines(r))")
    #expect(errors.first?.hint == "did you mean 'reminders'?")
    #expect(!r.settingsUsable)
  }

  /// `1,000` is a thousand or one with three decimals: the hint gives both.
  @Test func aCommaBeforeThreeDigitsHintsBothMeanings() throws {
    let r = try load([
      "purchases/p.yml": "- {date: 2026-11-02, name: Sofa, price: 1,000}\n",
      "budgets/b.md": "---\ntitle: Home\namount: 1,500\nstart: 2026-11-01\nend: 2026-11-30\n---\n",
    ])
    let hints = r.diagnostics.filter { $0.severity == .error }.compactMap(\.hint)
    #expect(
      hints.contains(
        "numbers take a point and no thousands separator: `price: 1000` is 1000, `price: 1.000` is 1 with three decimals"
      ), "\(hints)")
    #expect(
      hints.contains(
        "numbers take a point and no thousands separator: `1500` is 1500, `1.500` is 1 with three decimals"
      ), "\(hints)")
  }

  /// A feed secret that is there but wrong is said once, as wrong, not also as missing.
  @Test func aWrongFeedSecretIsSaidOnce() throws {
    let r = try load([
      "vibekeeper.yml": "feeds: secret\n",
      "vibekeeper.local.yml": "feed_secret: abc\n",
    ])
    #expect(
      r.diagnostics.map(\.message).filter { $0.contains("feed_secret") }.count == 1, "\(lines(r))")
    #expect(!r.settingsUsable)
  }

  /// A reference written under an alias is said at that name and line.
  @Test func aReferenceIsSaidWhereItIsWritten() throws {
    let r = try load([
      "gifts/x.md": "---\ntitle: Lamp\nprice: 5\nrecipient: mum\n---\n"
    ])
    #expect(
      lines(r).first?.hasPrefix("data/gifts/x.md:4:12: error: 'recipient' names contact 'mum'")
        == true, "\(lines(r))")
  }

  /// An occasion called `birthday` can never be named by a gift (`occasion: birthday` is
  /// the recipient's birthday): a warning.
  @Test func anOccasionCalledBirthdayIsWarnedAbout() throws {
    let r = try load([
      "occasions/birthday.md": "---\ntitle: Birthday\ndate: 2026-12-01\n---\n"
    ])
    #expect(
      lines(r) == [
        "data/occasions/birthday.md:2:1: warning: no gift can name this occasion: a gift's `occasion: birthday` is its recipient's birthday"
      ])
    #expect(r.household.occasions.count == 1)
  }

  /// A currency that is three letters but no ISO 4217 code is a warning with the closest
  /// code; the record is kept (in its own currency).
  @Test func aCurrencyThatIsNoISOCodeIsWarnedAbout() throws {
    let r = try load([
      "vibekeeper.yml": "currency: EUT\n",
      "purchases/p.yml":
        "- {date: 2026-11-02, name: A, price: 1, currency: XXX}\n- {date: 2026-11-02, name: B, price: 1, currency: usd}\n",
    ])
    #expect(
      lines(r) == [
        "data/vibekeeper.yml:1:11: warning: 'EUT' is not an ISO 4217 currency code (did you mean 'EUR'?)"
      ])
    #expect(r.household.purchases.count == 2)
    #expect(ISO4217.isKnown("KWD") && ISO4217.isKnown("XXX") && !ISO4217.isKnown("XYZ"))
  }

  /// A purchase that is another of the file without its `used:` is what a union merge
  /// leaves (in either order, not always next to it): a warning at the copy. Two different
  /// purchases are not.
  @Test func aPurchaseRepeatedWithoutItsUseIsWarnedAbout() throws {
    let r = try load([
      "purchases/2026/11.yml": """
      - {date: 2026-11-24, name: Oat milk, price: 1.89}
      - {date: 2026-11-25, name: Eggs, price: 2.99}
      - {date: 2026-11-24, name: Oat milk, price: 1.89, used: 2026-11-25}
      - {date: 2026-11-26, name: Tea, price: 2, used: 2026-11-27}
      - {date: 2026-11-26, name: Tea, price: 3}

      """
    ])
    #expect(
      lines(r) == [
        "data/purchases/2026/11.yml:1:3: warning: this purchase is the one at line 3 without its `used:`: if a merge kept both versions of one batch, it is counted twice"
      ])
    #expect(r.household.purchases.count == 5)
  }

  /// A gift given before it was bought is kept with a warning at `given`.
  @Test func giftGivenBeforeBought() throws {
    let r = try load([
      "gifts/g.md": "---\ntitle: G\npurchased: 2026-11-24\ngiven: 2026-11-20\n---\n"
    ])
    #expect(
      lines(r) == [
        "data/gifts/g.md:4:8: warning: the gift was given (2026-11-20) before it was bought (2026-11-24)"
      ])
    #expect(r.household.gifts.count == 1)
  }

  @Test func listFileHoldingAScalarAndEmptyFiles() throws {
    let r = try load([
      "games/bad.yml": "just a scalar\n",
      "games/empty.yml": "",
      "gifts/empty.md": "\n\n",
      "games/list.yml": "- name: Wordle\n- 42\n",
    ])
    #expect(
      lines(r) == [
        "data/games/bad.yml:1:1: error: a games file must hold a game or a list of them, not a single value",
        "data/games/empty.yml:1:1: warning: the file is empty, so it holds no game",
        "data/games/list.yml:2:3: error: entry 2 of the list must be a game (fields), not a value",
        "data/gifts/empty.md:1:1: warning: the file is empty, so it holds no gift",
      ])
    #expect(r.household.games.map(\.id) == ["list#1"])
  }

  @Test func oversizedFileIsReportedNotRead() throws {
    let folder = try TempFolder(["purchases/ok.yml": "- {date: 2026-11-01, price: 1, name: A}\n"])
    defer { folder.cleanup() }
    let line = "- {date: 2026-11-01, price: 1.00, name: Something bought}\n"
    let big = String(repeating: line, count: 40 * 1_048_576 / line.utf8.count + 1)
    try folder.write("purchases/huge.yml", Data(big.utf8))
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(
      lines(r) == [
        "data/purchases/huge.yml:1:1: error: the file is 40.0 MB; record files are limited to 32 MB"
      ])
    #expect(r.household.purchases.count == 1)
  }

  @Test func symlinkLoopAndLinksOutside() throws {
    let folder = try TempFolder(["contacts/a.md": "---\nname: A\n---\n"])
    defer { folder.cleanup() }
    let fm = FileManager.default
    try fm.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("contacts/loop").path,
      withDestinationPath: folder.url.appendingPathComponent("contacts").path)
    try fm.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("contacts/outside").path,
      withDestinationPath: "/etc")
    let r = DataLoader(root: folder.url, displayRoot: "data").load()
    #expect(
      lines(r) == [
        "data/contacts/loop:1:1: warning: 'contacts/loop' links back to a folder already read (a link loop), so it is skipped",
        "data/contacts/outside:1:1: warning: 'contacts/outside' links outside the data folder, so it is ignored",
      ])
    #expect(r.household.contacts.map(\.id) == ["a"])
  }

  @Test func idsThatWouldEscapeTheirFolder() throws {
    let r = try load([
      "contacts/a.md": "---\nname: A\nid: ../../etc/passwd\n---\n",
      "contacts/b.md": "---\nname: B\nid: /abs\n---\n",
      "contacts/c.md": "---\nname: C\nid: family/c\n---\n",
    ])
    #expect(
      lines(r) == [
        "data/contacts/a.md:3:5: error: the id '../../etc/passwd' is not allowed: ids are paths inside the kind's folder",
        "data/contacts/b.md:3:5: error: the id '/abs' is not allowed: ids are paths inside the kind's folder",
      ])
    #expect(r.household.contacts.map(\.id) == ["family/c"])
  }

  @Test func duplicateIdsNameBothFiles() throws {
    let r = try load([
      "contacts/mom.md": "---\nname: Mom\n---\n",
      "contacts/family/mother.md": "---\nname: Mother\nid: mom\n---\n",
    ])
    #expect(r.diagnostics.count == 1)
    let d = r.diagnostics[0]
    #expect("\(d.location)" == "data/contacts/mom.md:2:1")
    #expect(
      d.message == "duplicate contact id 'mom', first used at data/contacts/family/mother.md:2:1")
    #expect(d.related?.description == "data/contacts/family/mother.md:2:1")
  }

  @Test func danglingReferencesSuggestTheClosestId() throws {
    let r = try load([
      "contacts/family/mom.md": "---\nname: Mom\n---\n",
      "gifts/lamp.md": "---\ntitle: Lamp\nfor: family/mum\noccasion: birthday\n---\n",
      "results/r.yml": "- {game: wordle, date: 2026-11-01}\n",
      "purchases/p.yml": "- {date: 2026-11-01, price: 1, item: oat-milk}\n",
    ])
    #expect(
      lines(r) == [
        "data/gifts/lamp.md:3:6: error: 'for' names contact 'family/mum', which does not exist",
        "data/purchases/p.yml:1:38: error: 'item' names item 'oat-milk', which does not exist",
        "data/results/r.yml:1:10: error: 'game' names game 'wordle', which does not exist",
      ])
    #expect(r.diagnostics[0].hint == "did you mean 'family/mom'?")
    #expect(r.diagnostics[2].hint == "there are no games yet; add one in games/")
    // A wrong name is the record's own error: none of them is counted anywhere.
    #expect(r.household.gifts.isEmpty)
    #expect(r.household.purchases.isEmpty)
    #expect(r.household.results.isEmpty)
  }

  @Test func unknownFieldsAndFoldersWarnWithSuggestions() throws {
    let r = try load([
      "contacts/a.md": "---\nname: A\nbirthdy: 1990-01-01\n---\n",
      "recipes/soup.md": "---\ntitle: Soup\n---\n",
      "contacts/notes.txt": "hello",
      "_drafts/x.md": "ignored",
      ".git/config": "ignored",
    ])
    #expect(
      lines(r) == [
        "data/contacts/a.md:3:1: warning: unknown field 'birthdy' in a contact",
        "data/contacts/notes.txt:1:1: warning: 'notes.txt' is not a record file (.md, .yml or .yaml), so it is ignored",
        "data/recipes:1:1: warning: 'recipes' is not a record folder, so it is ignored",
      ])
    #expect(r.diagnostics[0].hint == "did you mean 'birthday'?")
  }

  @Test func aliasBombIsRefused() throws {
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for i in 1...9 {
      yaml +=
        "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ")
        + "]\n"
    }
    yaml += "name: Bomb\n"
    let r = try load(["games/bomb.yml": yaml])
    #expect(r.diagnostics.allSatisfy { $0.severity == .error })
    #expect(r.household.games.isEmpty)
  }

  @Test func diagnosticsFormatCompilerStyle() {
    let d = Diagnostic(
      .error, SourceLocation(file: "data/gifts/x.md", line: 4, column: 9),
      "'price' must be a number, not 'abc'",
      hint: "write a plain number such as 12.50 (no currency sign)")
    let f = DiagnosticFormatter(color: false) { _ in
      ["---", "title: X", "for: sam", "price:  abc", "---"]
    }
    #expect(
      f.format(d) == """
        data/gifts/x.md:4:9: error: 'price' must be a number, not 'abc'
         4 | price:  abc
           |         ^
          hint: write a plain number such as 12.50 (no currency sign)

        """)
    #expect(DiagnosticFormatter(color: true).format(d).contains("\u{1B}[1;31merror:"))
  }
}
