import Foundation
import Testing

@testable import VibeKeeper

/// The daily actions through the real executable: the exact bytes written, the refusals,
/// `--dry-run`, `--commit` and the exit codes.
@Suite struct CLIActionTests {
  /// A household made by `init`, with an item, a reminder, a game, a list and a gift.
  static func household() throws -> TempFolder {
    let folder = try TempFolder([:])
    let made = try CLI.run(
      ["init", "data", "--time-zone", "Europe/Berlin", "--currency", "EUR"], cwd: folder.url)
    #expect(made.status == 0, "\(made.stderr)")
    try folder.write("data/items/oat-milk.md", Data("---\nname: Oat milk\n---\n".utf8))
    try folder.write(
      "data/reminders/vitamin-d.md",
      Data(
        "---\ntitle: Vitamin D\ncategory: medication\ncreated: 2026-10-01\nschedule: {time: \"08:00\", days: daily}\n---\n"
          .utf8))
    try folder.write("data/games/wordle.md", Data("---\nname: Wordle\n---\n".utf8))
    try folder.write(
      "data/shopping/weekend.md",
      Data(
        "---\ntitle: Weekend\nitems:\n  - {item: oat-milk, quantity: 2, estimate: 1.79}\n---\n".utf8
      ))
    try folder.write(
      "data/gifts/scarf.md",
      Data("---\ntitle: Wool scarf\nprice: 59.90\n# a comment\n---\nBody.\n".utf8))
    return folder
  }

  static func text(_ folder: TempFolder, _ path: String) -> String {
    (try? String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  func vk(_ args: [String], _ folder: TempFolder, stdin: String? = nil) throws -> CLI.Output {
    try CLI.run(args + ["--data", "data"], cwd: folder.url, stdin: stdin)
  }

  @Test func initMakesAFolderCheckAccepts() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let r = try CLI.run(
      ["init", "home", "--time-zone", "Asia/Kolkata", "--currency", "inr", "--title", "Casa"],
      cwd: folder.url)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("time zone Asia/Kolkata"))
    #expect(
      Self.text(folder, "home/vibekeeper.yml").contains("timezone: Asia/Kolkata\ncurrency: INR"))
    #expect(Self.text(folder, "home/.gitattributes").contains("purchases/**/*.yml merge=union"))
    let check = try CLI.run(["check", "--data", "home"], cwd: folder.url)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("0 errors, 0 warnings"))
    // A currency that is no ISO 4217 code is refused, with the closest one.
    let eut = try CLI.run(["init", "other", "--currency", "eut"], cwd: folder.url)
    #expect(eut.status == 2)
    #expect(eut.stderr.contains("(did you mean 'EUR'?)"), "\(eut.stderr)")
    // A folder that holds data is refused.
    let again = try CLI.run(["init", "home"], cwd: folder.url)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already holds"))
    // A folder inside a data folder (a kind's folder, or `init` run inside one) would be
    // read as its records: refused.
    for inner in ["home/contacts/x", "home/data"] {
      let nested = try CLI.run(["init", inner], cwd: folder.url)
      #expect(nested.status == 1)
      #expect(nested.stderr.contains("is inside the data folder"), "\(nested.stderr)")
    }
    // A household without a name would not pass `check`.
    #expect(try CLI.run(["init", "empty", "--title", " "], cwd: folder.url).status == 2)
  }

  @Test func boughtAppendsOneLineAndTicksTheList() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let r = try vk(
      ["bought", "Oat milk", "--list", "weekend", "--store", "Aldi", "--now", "2026-11-24T10:00"],
      folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("Bought oat milk 3.58 EUR at Aldi\n"))
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml") == """
        # Purchases of 2026-11, one per line.
        - {date: 2026-11-24, item: oat-milk, price: 1.79, quantity: 2, store: Aldi}

        """)
    #expect(
      Self.text(folder, "data/shopping/weekend.md")
        == "---\ntitle: Weekend\nitems:\n  - {item: oat-milk, quantity: 2, estimate: 1.79, purchased: 2026-11-24, actual: 1.79}\n---\n"
    )
    // A second purchase appends below, byte for byte.
    let second = try vk(["bought", "oat-milk", "1.99", "--now", "2026-11-25T10:00"], folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "store: Aldi}\n- {date: 2026-11-25, item: oat-milk, price: 1.99}\n"))
  }

  /// What a list in another currency buys is paid in that currency: the purchase says so
  /// (never counted in the household's); `--currency` says it without a list.
  @Test func boughtOnAListInAnotherCurrencyCarriesIt() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/shopping/nyc.md",
      Data(
        "---\ntitle: NYC trip\ncurrency: USD\nitems:\n  - {item: oat-milk, estimate: 2.49}\n---\n"
          .utf8))
    let out = try vk(["bought", "oat-milk", "--list", "nyc", "--now", "2026-11-29T10:00"], folder)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout.contains("2.49 USD") || out.stdout.contains("$2.49"), "\(out.stdout)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "- {date: 2026-11-29, item: oat-milk, price: 2.49, currency: USD}\n"))
    let own = try vk(
      ["bought", "--name", "Bagels", "3", "--currency", "usd", "--now", "2026-11-29T11:00"], folder)
    #expect(own.status == 0, "\(own.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "- {date: 2026-11-29, name: Bagels, price: 3, currency: USD}\n"))
    let clash = try vk(
      [
        "bought", "oat-milk", "--list", "weekend", "--currency", "USD", "--now", "2026-11-29T12:00",
      ],
      folder)
    #expect(clash.status == 1)
    #expect(clash.stderr.contains("'Weekend' is in EUR, not USD"), "\(clash.stderr)")
  }

  /// What `bought` is given is checked before anything is written: a currency that is no
  /// code, a price or quantity the data files cannot hold, a best-before date before the
  /// day bought.
  @Test func boughtRefusesValuesTheDataCannotHold() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let now = ["--now", "2026-11-29T10:00"]
    let typo = try vk(["bought", "oat-milk", "1.89", "--currency", "EUT"] + now, folder)
    #expect(typo.status == 1)
    #expect(typo.stderr.contains("'EUT' is no ISO 4217 currency code (did you mean EUR?)"))
    let fine = try vk(["bought", "oat-milk", "1.1234567"] + now, folder)
    #expect(fine.status == 2)
    #expect(fine.stderr.contains("at most 12 digits before the point and 6 after it"))
    #expect(try vk(["bought", "oat-milk", "1.89", "--qty", "0"] + now, folder).status == 2)
    let stale = try vk(["bought", "oat-milk", "1.89", "--expires", "2025-11-20"] + now, folder)
    #expect(stale.status == 1)
    #expect(stale.stderr.contains("--expires 2025-11-20 is before the day bought, 2026-11-29"))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/purchases/2026/11.yml").path)
        || !Self.text(folder, "data/purchases/2026/11.yml").contains("2026-11-29"))
    // A price and a quantity are written as typed, not as the shortest number.
    let typed = try vk(["bought", "oat-milk", "24.90", "--qty", "0.750"] + now, folder)
    #expect(typed.status == 0, "\(typed.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "- {date: 2026-11-29, item: oat-milk, price: 24.90, quantity: 0.750}\n"))
  }

  /// A list line written by name is ticked with `--name`; without it, the refusal says so.
  @Test func aLineByNameIsTickedWithName() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/shopping/baking.md",
      Data("---\ntitle: Baking\nitems:\n  - {name: Ground almonds, estimate: 3.49}\n---\n".utf8))
    let refused = try vk(
      ["bought", "ground almonds", "--list", "baking", "--now", "2026-11-29T10:00"], folder)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "'Baking' lists ground almonds by name, not as an item: tick it with `vibekeeper bought --name \"ground almonds\" --list baking`"
      ), "\(refused.stderr)")
    let ticked = try vk(
      ["bought", "--name", "ground almonds", "--list", "baking", "--now", "2026-11-29T10:00"],
      folder)
    #expect(ticked.status == 0, "\(ticked.stderr)")
    // Names are compared without regard to case or accents: `creme fraiche` is the line
    // `Crème fraîche`, for `list add` and for `bought --name`.
    try folder.write(
      "data/shopping/dairy.md",
      Data("---\ntitle: Dairy\nitems:\n  - {name: Crème fraîche, estimate: 1.99}\n---\n".utf8))
    let more = try vk(
      ["list", "dairy", "add", "--name", "creme fraiche", "--now", "2026-11-29T10:00"], folder)
    #expect(more.status == 0, "\(more.stderr)")
    #expect(Self.text(folder, "data/shopping/dairy.md").contains("Crème fraîche, estimate: 1.99"))
    #expect(Self.text(folder, "data/shopping/dairy.md").components(separatedBy: "name:").count == 2)
    let creme = try vk(
      ["bought", "--name", "CREME FRAICHE", "--list", "dairy", "--now", "2026-11-29T11:00"], folder)
    #expect(creme.status == 0, "\(creme.stderr)")
    let none = try vk(
      ["bought", "--name", "Quark", "--list", "dairy", "--now", "2026-11-29T11:00"], folder)
    #expect(none.stderr.contains("`vibekeeper list dairy add --name 'Quark'`"), "\(none.stderr)")
  }

  /// A thing listed on two lines is one entry to the list: `list add` refuses to add to
  /// one of them (the sum written on one line would count the other twice).
  @Test func addingToALineListedTwiceIsRefused() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let text =
      "---\ntitle: W\nitems:\n  - {item: oat-milk, quantity: 2, estimate: 1.00}\n  - {item: oat-milk, quantity: 3}\n---\n"
    try folder.write("data/shopping/w.md", Data(text.utf8))
    let r = try vk(["list", "w", "add", "oat-milk", "--now", "2026-11-29T10:00"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("is listed 2 times on 'W'"), "\(r.stderr)")
    #expect(Self.text(folder, "data/shopping/w.md") == text)
  }

  /// A list started empty (`items: []`, `items:`) takes its first line under the key.
  @Test(arguments: ["items: []", "items:", "items: ~  # none yet"])
  func anEmptyListTakesItsFirstLine(_ written: String) throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/shopping/party.md", Data("---\ntitle: Party\n\(written)\n---\nNotes.\n".utf8))
    let r = try vk(["list", "party", "add", "oat-milk", "--now", "2026-11-29T10:00"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    let comment = written.contains("#") ? " # none yet" : ""
    #expect(
      Self.text(folder, "data/shopping/party.md")
        == "---\ntitle: Party\nitems:\(comment)\n  - {item: oat-milk}\n---\nNotes.\n")
  }

  /// `gift --given --price` of a gift never marked bought: bought that day at that price;
  /// of one bought at another price: refused, nothing written.
  @Test func giftGivenWithAPrice() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let out = try vk(
      ["gift", "scarf", "--given", "--price", "45", "--now", "2026-12-24T18:00"], folder)
    #expect(out.status == 0, "\(out.stderr)")
    let text = Self.text(folder, "data/gifts/scarf.md")
    #expect(text.contains("price: 45"), "\(text)")
    #expect(text.contains("purchased: 2026-12-24") && text.contains("given: 2026-12-24"))
    try folder.write(
      "data/gifts/mug.md",
      Data("---\ntitle: Mug\nprice: 12\nstatus: purchased\npurchased: 2026-12-01\n---\n".utf8))
    let before = Self.text(folder, "data/gifts/mug.md")
    let refused = try vk(
      ["gift", "mug", "--given", "--price", "10", "--now", "2026-12-24T18:00"], folder)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("was bought on 2026-12-01"), "\(refused.stderr)")
    #expect(Self.text(folder, "data/gifts/mug.md") == before)
  }

  /// A share dated after tomorrow has not happened: refused, nothing written; tomorrow's
  /// (out the evening before) is written for its day.
  @Test func aShareFromTheFutureIsRefused() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write("data/games/mini.md", Data("---\nname: The Mini\n---\n".utf8))
    let later = try vk(
      ["played", "-", "--now", "2026-11-29T10:00"], folder,
      stdin: "I solved the 12/25/2026 New York Times Mini Crossword in 0:42!\n")
    #expect(later.status == 1)
    #expect(later.stderr.contains("has not come yet"), "\(later.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/results/2026/12.yml").path))
    let tomorrow = try vk(
      ["played", "-", "--now", "2026-11-29T21:00"], folder,
      stdin: "I solved the 11/30/2026 New York Times Mini Crossword in 0:42!\n")
    #expect(tomorrow.status == 0, "\(tomorrow.stderr)")
  }

  /// A player is one person whatever the case of their name: the same share by `ana` and
  /// `Ana` is logged once, a later one takes the spelling written first, and the streaks
  /// count one player.
  /// A numbered share names its day (Wordle 1,981 is 21 November 2026): yesterday's,
  /// pasted this morning, is logged for yesterday with `date:` (the streak keeps it, and
  /// today is still to play); one of a day to come is refused.
  @Test func aNumberedShareIsLoggedForItsDay() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let grid = "\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n"
    for (number, now, line) in [
      ("1,981", "2026-11-22T08:00", "- {game: wordle, date: 2026-11-21, puzzle: 1981, score: 2/6}"),
      (
        "1,982", "2026-11-22T08:05",
        "- {game: wordle, at: 2026-11-22T08:05, puzzle: 1982, score: 2/6}"
      ),
    ] {
      let r = try vk(["played", "-", "--now", now], folder, stdin: "Wordle \(number) 2/6" + grid)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(Self.text(folder, "data/results/2026/11.yml").hasSuffix(line + "\n"))
    }
    let ahead = try vk(
      ["played", "-", "--now", "2026-11-22T08:10"], folder, stdin: "Wordle 1,990 2/6" + grid)
    #expect(ahead.status == 1)
    #expect(ahead.stderr.contains("which has not come yet"), "\(ahead.stderr)")
    #expect(
      ShareText.day(of: ShareResult(game: "connections", name: "Connections", puzzle: 1))
        == LocalDate(iso: "2023-06-12"))
    #expect(
      ShareText.day(of: ShareResult(game: "strands", name: "Strands", puzzle: 1))
        == LocalDate(iso: "2024-03-04"))
    #expect(ShareText.day(of: ShareResult(game: "quordle", name: "Quordle", puzzle: 5)) == nil)
  }

  @Test func aPlayerIsOnePersonWhateverTheCase() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let grid = "\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n"
    let first = try vk(
      ["played", "-", "--player", "Ana", "--now", "2026-11-24T08:00"], folder,
      stdin: "Wordle 1,984 2/6" + grid)
    #expect(first.status == 0, "\(first.stderr)")
    let again = try vk(
      ["played", "-", "--player", "ana", "--now", "2026-11-24T09:00"], folder,
      stdin: "Wordle 1,984 2/6" + grid)
    #expect(again.status == 1)
    #expect(again.stderr.contains("Wordle 1984 is already logged"), "\(again.stderr)")
    let next = try vk(
      ["played", "-", "--player", "ana", "--now", "2026-11-25T08:00"], folder,
      stdin: "Wordle 1,985 2/6" + grid)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(Self.text(folder, "data/results/2026/11.yml").hasSuffix("player: Ana}\n"))
    let h = DataLoader(root: folder.url.appendingPathComponent("data")).load().household
    let clock = LocalClock(
      now: NowOption.parse("2026-11-25T12:00", timeZone: h.settings.timeZone)!,
      timeZone: h.settings.timeZone)
    let wordle = Streaks.streaks(in: h, clock: clock).first { $0.game == "wordle" }
    #expect(wordle?.players.map(\.player) == ["Ana"])
    #expect(wordle?.players.first?.current == 2)
    // Results that name who played: one without a player is refused, naming them.
    let nobody = try vk(["played", "wordle", "3/6", "--now", "2026-11-26T08:00"], folder)
    #expect(nobody.status == 1)
    #expect(
      nobody.stderr.contains("results name who played (Ana); say whose this is with --player"))
  }

  /// `done` before a reminder began (its `created` day, without `starts`) finds nothing
  /// due: the reports count from that day, so such a dose would count nowhere.
  @Test func doneBeforeTheReminderBeganIsRefused() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/reminders/eye-cream.md",
      Data(
        "---\ntitle: Eye cream\ncreated: 2026-11-29\nschedule: {time: \"21:00\", days: daily}\n---\n"
          .utf8))
    let early = try vk(["done", "eye-cream", "--now", "2026-11-29T02:00"], folder)
    #expect(early.status == 1)
    #expect(early.stderr.contains("nothing of 'Eye cream' is due around"), "\(early.stderr)")
    #expect(early.stderr.contains("next: 2026-11-29T21:00"), "\(early.stderr)")
    let onTime = try vk(["done", "eye-cream", "--now", "2026-11-29T21:05"], folder)
    #expect(onTime.status == 0, "\(onTime.stderr)")
  }

  @Test func refusalsWriteNothing() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let before = try TempFolderSnapshot(folder)
    // An unknown item, with the closest id.
    let unknown = try vk(["bought", "oat-mlk", "1.00"], folder)
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no item 'oat-mlk' (did you mean 'oat-milk'?)"))
    // A decimal comma is a usage error.
    let comma = try vk(["bought", "oat-milk", "1,89"], folder)
    #expect(comma.status == 2)
    // So is anything but digits with one point: never read as far as it looks like one.
    for price in ["1.2.3", "12abc", "1..5", "1e3", ".5", "5."] {
      let r = try vk(["bought", "oat-milk", price], folder)
      #expect(r.status == 2, "\(price): \(r.stdout)")
      #expect(r.stderr.contains("must be a number such as 1.89"), "\(price): \(r.stderr)")
    }
    let quantity = try vk(["bought", "oat-milk", "1.89", "--qty", "2x"], folder)
    #expect(quantity.status == 2)
    // A time or day that cannot be read, too.
    #expect(try vk(["done", "vitamin-d", "--at", "25:00"], folder).status == 2)
    #expect(try vk(["used", "oat-milk", "--at", "2026-02-30"], folder).status == 2)
    let giftPrice = try vk(["gift", "scarf", "--bought", "--price", "80.5.0"], folder)
    #expect(giftPrice.status == 2)
    // An unknown game, a share text of no game.
    let game = try vk(["played", "wordel", "3/6"], folder)
    #expect(game.status == 1)
    #expect(game.stderr.contains("did you mean 'wordle'?"))
    // The closest by an id's last part or a title's word, named by its id.
    try folder.write(
      "data/reminders/zoe/eye-drops.md",
      Data("---\ntitle: Eye drops\nschedule: {time: \"21:00\", days: daily}\n---\n".utf8))
    let drops = try vk(["done", "eye-drop"], folder)
    #expect(drops.stderr.contains("no reminder 'eye-drop' (did you mean 'zoe/eye-drops'?)"))
    let list = try vk(["list", "weeknd", "add", "oat-milk"], folder)
    #expect(list.stderr.contains("(did you mean 'weekend'?)"), "\(list.stderr)")
    let noise = try vk(["played", "-"], folder, stdin: "hello there\n")
    #expect(noise.status == 1)
    #expect(noise.stderr.contains("no share text"))
    // Nothing of a one-time reminder is due a week before it.
    try folder.write(
      "data/reminders/dentist.md", Data("---\ntitle: Dentist\nat: 2026-12-01T10:00\n---\n".utf8))
    let before2 = try TempFolderSnapshot(folder)
    let early = try vk(["done", "dentist", "--now", "2026-11-24T10:00"], folder)
    #expect(early.stderr.contains("next: 2026-12-01T10:00"), "\(early.stderr)")
    #expect(early.status == 1, "\(early.stdout)")
    #expect(try TempFolderSnapshot(folder) == before2)
    #expect(before.files.count + 2 == before2.files.count)
  }

  @Test func aConflictedFileIsNeverWritten() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let conflicted = """
      - {date: 2026-11-01, name: Milk, price: 1}
      <<<<<<< HEAD
      - {date: 2026-11-02, name: Bread, price: 2}
      =======
      - {date: 2026-11-02, name: Eggs, price: 3}
      >>>>>>> theirs

      """
    try folder.write("data/purchases/2026/11.yml", Data(conflicted.utf8))
    let r = try vk(["bought", "--name", "Tea", "2.50", "--now", "2026-11-24T10:00"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("unresolved merge conflict"))
    #expect(Self.text(folder, "data/purchases/2026/11.yml") == conflicted)
    let check = try CLI.run(["check", "--data", "data"], cwd: folder.url)
    #expect(check.status == 1)
    #expect(
      check.stderr.contains(
        "data/purchases/2026/11.yml:2:1: error: the file has an unresolved merge conflict"))
    // A record whose own file is conflicted is said to be so, not unknown.
    let gift =
      "<<<<<<< HEAD\n---\ntitle: Wool scarf\n---\n=======\n---\ntitle: Scarf\n---\n>>>>>>> b\n"
    try folder.write("data/gifts/scarf.md", Data(gift.utf8))
    let bought = try vk(["gift", "scarf", "--bought"], folder)
    #expect(bought.status == 1)
    #expect(
      bought.stderr.contains(
        "no gift 'scarf' could be read: data/gifts/scarf.md:1:1 has an unresolved merge conflict"),
      "\(bought.stderr)")
    #expect(Self.text(folder, "data/gifts/scarf.md") == gift)
  }

  @Test func aWriteThatWouldAddAnErrorIsRefused() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    // The list file holds one record, not a list: appending would break it.
    try folder.write(
      "data/purchases/2026/11.yml", Data("date: 2026-11-01\nname: Milk\nprice: 1\n".utf8))
    let before = Self.text(folder, "data/purchases/2026/11.yml")
    let r = try vk(["bought", "--name", "Tea", "2.50", "--now", "2026-11-24T10:00"], folder)
    #expect(r.status == 1)
    #expect(r.stderr.contains("would add an error"), "\(r.stderr)")
    #expect(Self.text(folder, "data/purchases/2026/11.yml") == before)
    // A price the data cannot hold is refused as the argument it is, before any file.
    let range = try vk(["bought", "oat-milk", "1.999999999", "--now", "2026-12-02T10:00"], folder)
    #expect(range.status == 2)
    #expect(range.stderr.contains("PRICE must have at most 12 digits before the point"))
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.path + "/data/purchases/2026/12.yml"))
  }

  @Test func dryRunPrintsAndWritesNothing() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let r = try vk(
      ["gift", "scarf", "--bought", "--price", "55", "--dry-run", "--now", "2026-11-24"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("(dry run: nothing written)"))
    #expect(r.stdout.contains("+ status: purchased"))
    #expect(Self.text(folder, "data/gifts/scarf.md").contains("status") == false)
    let real = try vk(
      ["gift", "scarf", "--bought", "--price", "55", "--now", "2026-11-24"], folder)
    #expect(real.status == 0)
    #expect(
      Self.text(folder, "data/gifts/scarf.md")
        == "---\ntitle: Wool scarf\nprice: 55\nstatus: purchased\npurchased: 2026-11-24\n# a comment\n---\nBody.\n"
    )
    // Given before it was bought: refused.
    let early = try vk(
      ["gift", "Wool scarf", "--given", "--at", "2026-11-20", "--now", "2026-12-25"], folder)
    #expect(early.status == 1)
    #expect(early.stderr.contains("was bought on 2026-11-24, after 2026-11-20"), "\(early.stderr)")
    let given = try vk(
      ["gift", "Wool scarf", "--given", "--at", "2026-12-24", "--now", "2026-12-25"], folder)
    #expect(given.status == 0, "\(given.stderr)")
    #expect(
      Self.text(folder, "data/gifts/scarf.md").contains(
        "status: given\npurchased: 2026-11-24\ngiven: 2026-12-24\n"))
  }

  @Test func doneKeepsHistoryAndPlayedReadsShareTexts() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let first = try vk(["done", "vitamin-d", "--now", "2026-11-24T08:05"], folder)
    #expect(first.status == 0)
    #expect(first.stdout.contains("(due 08:00)"), "\(first.stdout)")
    // The same dose again: nothing else is due.
    let twice = try vk(["done", "vitamin-d", "--now", "2026-11-24T09:00"], folder)
    #expect(twice.status == 1)
    // An occurrence marked by a line without `due` is marked too.
    try folder.write(
      "data/doses/2026/10.yml", Data("- {reminder: vitamin-d, at: 2026-10-20T21:00}\n".utf8))
    let loose = try vk(["done", "vitamin-d", "--now", "2026-10-21T03:00"], folder)
    #expect(loose.status == 1)
    #expect(loose.stderr.contains("is already marked"), "\(loose.stderr)")
    #expect(
      try vk(
        ["done", "Vitamin D", "--skip", "--now", "2026-11-25T10:00", "--note", "ran out"], folder
      ).status == 0)
    // Several reminders that begin with what was typed are all named.
    for time in ["morning", "evening"] {
      try folder.write(
        "data/reminders/metformin-\(time).md",
        Data(
          "---\ntitle: Metformin \(time)\nschedule: {time: \"08:00\", days: daily}\n---\n".utf8))
    }
    let which = try vk(["done", "metformin", "--now", "2026-11-27T08:05"], folder)
    #expect(which.status == 1)
    #expect(
      which.stderr.contains("did you mean one of 'metformin-evening', 'metformin-morning'?"),
      "\(which.stderr)")
    // Yesterday's dose, marked the next morning, is said as yesterday's.
    let yesterday = try vk(["done", "vitamin-d", "--now", "2026-11-27T03:00", "--dry-run"], folder)
    #expect(yesterday.stdout.contains("(due yesterday 08:00)"), "\(yesterday.stdout)")
    #expect(
      Self.text(folder, "data/doses/2026/11.yml") == """
        # Doses of 2026-11, one per line.
        - {reminder: vitamin-d, due: 2026-11-24T08:00, at: 2026-11-24T08:05, status: done}
        - {reminder: vitamin-d, due: 2026-11-25T08:00, at: 2026-11-25T10:00, status: skipped, note: ran out}

        """)
    let share =
      "\r\n  Wordle 1,984 X/6\r\n\r\n⬛⬛⬛⬛⬛\r\n⬛⬛⬛⬛⬛\r\n⬛⬛⬛⬛⬛\r\n⬛⬛⬛⬛⬛\r\n⬛⬛⬛⬛⬛\r\n⬛⬛⬛⬛⬛\r\n"
    let played = try vk(
      ["played", "-", "--now", "2026-11-24T21:40", "--player", "ana"], folder, stdin: share)
    #expect(played.status == 0, "\(played.stderr)")
    #expect(
      Self.text(folder, "data/results/2026/11.yml").hasSuffix(
        "- {game: wordle, at: 2026-11-24T21:40, puzzle: 1984, score: X/6, completed: false, player: ana}\n"
      ))
    // The same puzzle again is refused.
    #expect(try vk(["played", "-", "--player", "ana"], folder, stdin: share).status == 1)
    // A new game only with --new-game.
    let mini = try vk(
      ["played", "-", "--new-game", "--now", "2026-11-24T07:00"], folder,
      stdin: "I solved the 11/24/2026 New York Times Mini Crossword in 0:42!\n")
    #expect(mini.status == 0, "\(mini.stderr)")
    // Its id is the share's key, so the next share finds it.
    #expect(Self.text(folder, "data/games/mini.md") == "---\nname: The Mini\n---\n")
    // A share of a day that is over is logged on that day, with no time (it is not known);
    // a time is quoted so that it stays text for every YAML reader.
    let late = try vk(
      ["played", "-", "--now", "2026-11-24T07:30"], folder,
      stdin: "I solved the 11/22/2026 New York Times Mini Crossword in 1:05!\n")
    #expect(late.status == 0, "\(late.stderr)")
    #expect(
      Self.text(folder, "data/results/2026/11.yml").hasSuffix(
        "- {game: mini, at: 2026-11-24T07:00, score: \"0:42\"}\n- {game: mini, date: 2026-11-22, score: \"1:05\"}\n"
      ))
    // The same day's puzzle again is refused.
    let again = try vk(
      ["played", "-", "--now", "2026-11-24T07:40"], folder,
      stdin: "I solved the 11/22/2026 New York Times Mini Crossword in 0:59!\n")
    #expect(again.status == 1)
    #expect(again.stderr.contains("The Mini of 2026-11-22 is already logged"), "\(again.stderr)")
    let check = try CLI.run(["check", "--data", "data", "--now", "2026-11-26"], cwd: folder.url)
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// A list's lines are edited where they are in the file, whatever lines before them a
  /// merge joined; a line already bought stays as it was paid.
  @Test func listLinesAreEditedInPlace() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write("data/items/coffee.md", Data("---\nname: Coffee\n---\n".utf8))
    try folder.write(
      "data/shopping/weekend.md",
      Data(
        """
        ---
        title: Weekend
        items:
          - {item: coffee, purchased: 2026-11-10, actual: 6.60}
          - {name: Eggs}
          - {name: eggs, quantity: 2}
          - {item: oat-milk, quantity: 2, estimate: 1.79}
        ---

        """.utf8))
    #expect(try vk(["list", "weekend", "add", "coffee", "--qty", "2"], folder).status == 0)
    #expect(try vk(["list", "weekend", "add", "oat-milk"], folder).status == 0)
    let ticked = try vk(["bought", "oat-milk", "--list", "weekend", "--now", "2026-11-24"], folder)
    #expect(ticked.status == 0, "\(ticked.stderr)")
    #expect(
      Self.text(folder, "data/shopping/weekend.md") == """
        ---
        title: Weekend
        items:
          - {item: coffee, purchased: 2026-11-10, actual: 6.60}
          - {name: Eggs}
          - {name: eggs, quantity: 2}
          - {item: oat-milk, quantity: 3, estimate: 1.79, purchased: 2026-11-24, actual: 1.79}
          - {item: coffee, quantity: 2}
        ---

        """)
  }

  /// A share finds the household's game by the format's key or name, else by a name that
  /// holds the key; the daily crossword is never taken for a game named the Mini.
  @Test func sharesFindTheirGame() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write("data/games/crossword.md", Data("---\nname: Mini crossword\n---\n".utf8))
    let daily = try vk(
      ["played", "-", "--now", "2026-11-24T20:00"], folder,
      stdin: "I solved the Tuesday 11/24/2026 New York Times Daily Crossword in 12:31!\n")
    #expect(daily.status == 1)
    #expect(
      daily.stderr.contains("no game for The Crossword ('crossword'); known: crossword, wordle"),
      "\(daily.stderr)")
    let mini = try vk(
      ["played", "-", "--now", "2026-11-24T20:00"], folder,
      stdin: "I solved the 11/24/2026 New York Times Mini Crossword in 0:42!\n")
    #expect(mini.status == 0, "\(mini.stderr)")
    #expect(mini.stdout.contains("Played Mini crossword 0:42"), "\(mini.stdout)")
    // With --new-game the daily crossword gets an id of its own (its key is taken).
    let made = try vk(
      ["played", "-", "--new-game", "--now", "2026-11-24T20:05"], folder,
      stdin: "I solved the Tuesday 11/24/2026 New York Times Daily Crossword in 12:31!\n")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(Self.text(folder, "data/games/the-crossword.md") == "---\nname: The Crossword\n---\n")
    #expect(
      Self.text(folder, "data/results/2026/11.yml").hasSuffix(
        "- {game: crossword, at: 2026-11-24T20:00, score: \"0:42\"}\n- {game: the-crossword, at: 2026-11-24T20:05, score: \"12:31\"}\n"
      ))
  }

  @Test func usedAndListSteps() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/purchases/2026/11.yml",
      Data(
        """
        - {date: 2026-11-10, item: oat-milk, price: 1.79, expires: 2026-11-30}
        - {date: 2026-11-03, item: oat-milk, price: 1.79, expires: 2026-11-20}

        """.utf8))
    let used = try vk(["used", "oat-milk", "--wasted", "--now", "2026-11-24"], folder)
    #expect(used.status == 0, "\(used.stderr)")
    // The batch that expires first, though written second.
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "- {date: 2026-11-03, item: oat-milk, price: 1.79, expires: 2026-11-20, used: 2026-11-24, wasted: true}\n"
      ))
    // A batch bought after the day was not in the pantry that day.
    let before = Self.text(folder, "data/purchases/2026/11.yml")
    let early = try vk(["used", "oat-milk", "--at", "2026-11-05", "--now", "2026-11-24"], folder)
    #expect(early.status == 1)
    #expect(
      early.stderr.contains(
        "no batch of 'oat-milk' was in the pantry on 2026-11-05: the first open one was bought 2026-11-10"
      ), "\(early.stderr)")
    #expect(Self.text(folder, "data/purchases/2026/11.yml") == before)
    let add = try vk(
      ["list", "weekend", "add", "--name", "Birthday candles", "--qty", "2"], folder)
    #expect(add.status == 0, "\(add.stderr)")
    let more = try vk(["list", "Weekend", "add", "oat-milk"], folder)
    #expect(more.status == 0)
    #expect(more.stdout.contains("quantity now 3"))
    #expect(try vk(["list", "weekend", "done", "--at", "2026-11-26"], folder).status == 0)
    // A completed list's figures are final: nothing is added to it.
    let late = try vk(["list", "weekend", "add", "oat-milk"], folder)
    #expect(late.status == 1)
    #expect(late.stderr.contains("'Weekend' is done (2026-11-26)"), "\(late.stderr)")
    #expect(
      Self.text(folder, "data/shopping/weekend.md")
        == "---\ntitle: Weekend\nitems:\n  - {item: oat-milk, quantity: 3, estimate: 1.79}\n  - {name: Birthday candles, quantity: 2}\ncompleted: 2026-11-26\n---\n"
    )
  }

  /// A batch that expired more than `keep_expired_days` ago has left the pantry (it counts
  /// as expired unused): `used` takes the batch still there, and refuses when none is.
  @Test func usedNeverTakesABatchThatLeftThePantry() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let log = """
      - {date: 2026-11-01, item: oat-milk, price: 0.99, expires: 2026-11-06}
      - {date: 2026-11-20, item: oat-milk, price: 0.99, expires: 2026-12-02}

      """
    try folder.write("data/purchases/2026/11.yml", Data(log.utf8))
    let used = try vk(["used", "oat-milk", "--now", "2026-11-28T10:00"], folder)
    #expect(used.status == 0, "\(used.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").hasSuffix(
        "- {date: 2026-11-20, item: oat-milk, price: 0.99, expires: 2026-12-02, used: 2026-11-28}\n"
      ))
    let before = Self.text(folder, "data/purchases/2026/11.yml")
    let again = try vk(["used", "oat-milk", "--now", "2026-11-28T10:00"], folder)
    #expect(again.status == 1)
    #expect(
      again.stderr.contains(
        "no batch of 'oat-milk' is in the pantry on 2026-11-28: the last one expired 2026-11-06"),
      "\(again.stderr)")
    #expect(Self.text(folder, "data/purchases/2026/11.yml") == before)
    // Within the days it stays, the expired batch can still be marked.
    let inTime = try vk(
      ["used", "oat-milk", "--at", "2026-11-12", "--now", "2026-11-28T10:00"], folder)
    #expect(inTime.status == 0, "\(inTime.stderr)")
    // A purchase the pantry does not track (no expiry) is taken before refusing: the
    // newest on or before the day (the older ones were used up without a mark).
    try folder.write(
      "data/purchases/2026/11.yml",
      Data(
        (before + "- {date: 2026-11-03, item: oat-milk, price: 1.05}\n"
          + "- {date: 2026-11-21, item: oat-milk, price: 1.10}\n"
          + "- {date: 2026-11-29, item: oat-milk, price: 1.15}\n").utf8))
    let untracked = try vk(["used", "oat-milk", "--wasted", "--now", "2026-11-28T10:00"], folder)
    #expect(untracked.status == 0, "\(untracked.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml").contains(
        "- {date: 2026-11-21, item: oat-milk, price: 1.10, used: 2026-11-28, wasted: true}\n"))
    #expect(untracked.stdout.contains("the pantry's waste figures leave it out"))
  }
  /// A month's file written as an indented list (`  - {…}`) gets its new line at the same
  /// indentation: at column 0 it would not be YAML.
  @Test func appendsFollowAnIndentedList() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    try folder.write(
      "data/purchases/2026/11.yml",
      Data("# November\n  - {date: 2026-11-10, item: oat-milk, price: 1.79}\n".utf8))
    let r = try vk(["bought", "oat-milk", "1.89", "--now", "2026-11-24T10:00"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/11.yml")
        == "# November\n  - {date: 2026-11-10, item: oat-milk, price: 1.79}\n  - {date: 2026-11-24, item: oat-milk, price: 1.89}\n"
    )
    #expect(ActionContext.indentation(ofListIn: "- a\n") == "")
    #expect(ActionContext.indentation(ofListIn: "# c\n\n    - a\n") == "    ")
    #expect(ActionContext.indentation(ofListIn: "") == "")
  }

  /// `new result` and `new purchase` follow the same layout: one line in the month's file,
  /// and `new result` writes `at:`.
  @Test func newAppendsResultsAndPurchasesToTheMonth() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let r = try vk(
      ["new", "result", "wordle", "--score", "3/6", "--now", "2026-11-26T07:30"], folder)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      Self.text(folder, "data/results/2026/11.yml")
        == "# Results of 2026-11, one per line.\n- {game: wordle, at: 2026-11-26T07:30, score: 3/6}\n"
    )
    // A score that reads as a time is quoted, so it stays text (as `played` writes it).
    let time = try vk(
      ["new", "result", "wordle", "--score", "0:55", "--now", "2026-11-26T07:40"], folder)
    #expect(time.status == 0, "\(time.stderr)")
    #expect(
      Self.text(folder, "data/results/2026/11.yml").hasSuffix(
        "- {game: wordle, at: 2026-11-26T07:40, score: \"0:55\"}\n"))
    let p = try vk(
      ["new", "purchase", "Tea, green", "--price", "3.10", "--now", "2026-12-01T10:00"], folder)
    #expect(p.status == 0, "\(p.stderr)")
    #expect(
      Self.text(folder, "data/purchases/2026/12.yml").hasSuffix(
        "- {name: \"Tea, green\", date: 2026-12-01, price: 3.10}\n"))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/results/wordle.md").path))
  }

  /// `--data .` and relative paths work for every command (check, build and watch crashed
  /// on `--data .`).
  @Test func dataDotWorksEverywhere() throws {
    let folder = try Self.household()
    defer { folder.cleanup() }
    let data = folder.url.appendingPathComponent("data")
    let check = try CLI.run(["check", "--data", ".", "--now", "2026-11-24"], cwd: data)
    #expect(check.status == 0, "\(check.stderr)")
    let build = try CLI.run(
      ["build", "--data", ".", "--output", "../site", "--now", "2026-11-24"], cwd: data)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("site/index.html").path))
    let report = try CLI.run(
      ["report", "budgets", "--data", "./", "--now", "2026-11-24"], cwd: data)
    #expect(report.status == 0, "\(report.stderr)")
    let bought = try CLI.run(
      ["bought", "oat-milk", "1.50", "--data", ".", "--now", "2026-11-24T10:00"], cwd: data)
    #expect(bought.status == 0, "\(bought.stderr)")
    #expect(bought.stdout.contains("new file purchases/2026/11.yml"), "\(bought.stdout)")
    let watch = try CLI.run(
      ["watch", "--data", ".", "--output", "../site2", "--now", "2026-11-24"], cwd: data, seconds: 3
    )
    #expect(!watch.stderr.contains("Fatal error"), "\(watch.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("site2/index.html").path))
  }

  @Test func commitMakesOneCommitWithWhatHappened() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let made = try CLI.run(
      ["init", "data", "--time-zone", "UTC", "--currency", "EUR", "--git"], cwd: folder.url,
      env: [
        "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
        "GIT_COMMITTER_EMAIL": "t@example.org",
      ])
    guard made.status == 0 else {
      Issue.record("init --git failed (is git installed?): \(made.stderr)")
      return
    }
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/.git/hooks/pre-commit").path))
    let env = [
      "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
      "GIT_COMMITTER_EMAIL": "t@example.org",
    ]
    let repo = folder.url.appendingPathComponent("data")
    let bought = [
      "bought", "tea", "3.20", "--store", "Lidl", "--commit", "--data", "data", "--now",
      "2026-11-24T10:00",
    ]
    // The hook checks what the commit holds: the purchase alone names an item that is not
    // committed, so the purchase is written and the commit refused.
    try folder.write("data/items/tea.md", Data("---\nname: Tea\n---\n".utf8))
    let refused = try CLI.run(bought, cwd: folder.url, env: env)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("names item 'tea', which does not exist"), "\(refused.stderr)")
    #expect(refused.stderr.contains("commit refused: the data as staged has an error"))
    #expect(try CLI.git(["log", "--format=%s"], in: repo) == "A new VibeKeeper household\n")
    #expect(Self.text(folder, "data/purchases/2026/11.yml").contains("item: tea"))
    // With the item committed, the next purchase is committed alone.
    _ = try CLI.git(["add", "items/tea.md"], in: repo)
    _ = try CLI.git(
      [
        "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "--quiet", "--no-verify",
        "-m", "Tea",
      ], in: repo)
    let r = try CLI.run(bought, cwd: folder.url, env: env)
    #expect(r.status == 0, "\(r.stderr)")
    let log = try CLI.git(["log", "--format=%s", "--name-only", "-1"], in: repo)
    #expect(log == "Bought tea 3.20 EUR at Lidl\n\npurchases/2026/11.yml\n")
    #expect(try CLI.git(["status", "--porcelain"], in: repo) == "")
  }

  /// `--commit` outside any git repository is refused before anything is written (it
  /// wrote, then said it could not commit, exit 1).
  @Test func commitOutsideGitWritesNothing() throws {
    let folder = try TempFolder([
      "data/vibekeeper.yml": "currency: EUR\n", "data/items/tea.md": "---\nname: Tea\n---\n",
    ])
    defer { folder.cleanup() }
    guard try CLI.shell("git rev-parse --show-toplevel", in: folder.url).status != 0 else {
      return  // the temporary folder is inside a repository here: nothing to show
    }
    let before = try TempFolderSnapshot(folder)
    for arguments in [
      ["bought", "tea", "3.20", "--commit", "--data", "data", "--now", "2026-11-24T10:00"],
      ["new", "item", "Oat milk", "--commit", "--data", "data"],
    ] {
      let r = try CLI.run(arguments, cwd: folder.url)
      #expect(r.status == 2, "\(arguments): \(r.stderr)")
      #expect(r.stderr.contains("is not in a git repository, so nothing was written"))
    }
    #expect(try TempFolderSnapshot(folder) == before)
  }
}

/// Every file of a folder and its bytes, to show that nothing changed.
struct TempFolderSnapshot: Equatable {
  let files: [String: Data]

  init(_ folder: TempFolder) throws {
    var files: [String: Data] = [:]
    let root = folder.url.path
    if let walker = FileManager.default.enumerator(atPath: root) {
      for case let path as String in walker {
        if let data = FileManager.default.contents(atPath: root + "/" + path) { files[path] = data }
      }
    }
    self.files = files
  }
}
