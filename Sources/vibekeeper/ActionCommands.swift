import ArgumentParser
import Foundation
import VibeKeeper

/// The options every daily action takes: the data folder, now, a dry run, quiet, commit.
struct ActionOptions: ParsableArguments {
  @OptionGroup var dataOptions: DataOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Treat this as the current time: YYYY-MM-DD or YYYY-MM-DDTHH:MM, in the data's time zone.",
      valueName: "DATETIME"))
  var now: String?

  @Flag(name: .long, help: "Print what would be written, and write nothing.")
  var dryRun = false

  @Flag(name: .long, help: "Commit just this change to git with a message that says what happened.")
  var commit = false

  @Flag(name: [.short, .long], help: "Print only errors.")
  var quiet = false

  /// Runs `action` through the one writer (see `ActionRun`).
  func run(_ action: some DataAction) throws {
    try ActionRun(data: dataOptions.data, now: now, dryRun: dryRun, commit: commit, quiet: quiet)
      .run(action)
  }
}

/// One run of a daily action from the command line: prints what it wrote (or would write)
/// and where; a refusal prints why and exits 1 with nothing written.
struct ActionRun {
  let data: String
  let now: String?
  let dryRun: Bool
  let commit: Bool
  let quiet: Bool

  func run(_ action: some DataAction) throws {
    try DataOptions.requireFolder(data, hint: "use --data DIR, or `vibekeeper init`")
    let runner = ActionRunner(root: URL(fileURLWithPath: data), displayRoot: shownRoot)
    var commitFailure: String?
    do {
      let outcome = try runner.run(action, now: now, dryRun: dryRun, commit: commit)
      commitFailure = outcome.commitFailure
      if !quiet {
        var text = outcome.plan.summary + (dryRun ? " (dry run: nothing written)" : "") + "\n"
        for change in outcome.plan.changes {
          let verb = change.before == nil ? "new file" : "in"
          text += "\(verb) \(runner.writer.display(change.path)):\n"
          text += change.diff.split(separator: "\n").map { "  " + $0 + "\n" }.joined()
        }
        if let made = outcome.commit {
          text += "committed \(made): \(outcome.plan.commitMessage)\n"
        }
        Terminal.out(TerminalText.escapedLines(text))
      }
    } catch {
      Terminal.printDiagnostics(
        error.diagnostics, quiet: false, fences: [data], texts: error.proposed)
      Terminal.error("error: \(TerminalText.escapedLines(error.description))\n")
      // An argument that cannot be read is a usage error, as a bad `--now` is.
      throw ExitCode(error.isUsage ? 2 : 1)
    }
    // Written, not committed: said after what was written.
    if let commitFailure {
      Terminal.error("error: \(TerminalText.escapedLines(commitFailure))\n")
      throw ExitCode(1)
    }
  }

  /// The data folder as shown in messages (`data`, or nothing for `.`).
  var shownRoot: String {
    var root = data
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    return root == "." ? "" : root
  }
}

/// A decimal typed on the command line (`1.89`), or a usage error.
func decimalArgument(_ text: String?, _ what: String) throws -> Decimal? {
  guard let text else { return nil }
  // Strictly digits with one optional point, as in the data files: `1.2.3`, `12abc`, `1e3`
  // and `2x` are refused, never read as far as they look like a number.
  guard let value = ScalarParsing.decimal(text), value >= 0 else {
    throw ValidationError("\(what) must be a number such as 1.89 (with a point), not '\(text)'")
  }
  guard ScalarParsing.amount(text) != nil else {
    throw ValidationError(
      "\(what) must have at most 12 digits before the point and 6 after it, not '\(text)'")
  }
  return value
}

/// `vibekeeper done REMINDER`: the occurrence due now is done (or skipped).
struct DoneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "done",
    abstract: "Mark the reminder occurrence due now (or at --at) done, or skipped.",
    discussion: """
      Appends one line to doses/YYYY/MM.yml, so the history is kept. The occurrence meant is \
      the scheduled one nearest the time (up to 20 hours after it was due, 4 before) that is \
      not marked yet.

      Examples:
        vibekeeper done vitamin-d
        vibekeeper done "Eye drops" --at 21:40 --skip --note "eyes fine" --commit
      """)

  @Argument(help: "The reminder (id or title).") var reminder: String
  @Option(help: ArgumentHelp("When: HH:MM today or YYYY-MM-DDTHH:MM.", valueName: "DATETIME"))
  var at: String?
  @Flag(help: "Skipped, not done.") var skip = false
  @Option(help: "A short note.") var note: String?
  @OptionGroup var options: ActionOptions

  func run() throws {
    var action = DoneAction(reminder: reminder)
    action.at = at
    action.skip = skip
    action.note = note
    try options.run(action)
  }
}

/// `vibekeeper played GAME [RESULT]` or `vibekeeper played -` with a share text.
struct PlayedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "played",
    abstract: "Log a game result, or a pasted share text read from standard input (`-`).",
    discussion: """
      Appends one line to results/YYYY/MM.yml with the time (`at:`), so the play window \
      learns. `-` reads a share text (Wordle, Connections, Strands, the Mini, Quordle, ...) \
      on standard input: the game, the puzzle number, the score and a loss are read from it. \
      A game not in games/ is refused with a did-you-mean, or created with --new-game.

      Examples:
        vibekeeper played wordle 4/6
        pbpaste | vibekeeper played - --player ana
        vibekeeper played connections --failed --at 2026-11-23T22:10
      """)

  @Argument(help: "The game (id or name), or - to read a share text.") var game: String
  @Argument(help: "The score as the game gives it (4/6, X/6, 1:42).") var result: String?
  @Option(help: ArgumentHelp("When: HH:MM today or YYYY-MM-DDTHH:MM.", valueName: "DATETIME"))
  var at: String?
  @Flag(help: "Lost or not finished.") var failed = false
  @Option(help: "Who played.") var player: String?
  @Flag(help: "Create the game in games/ when it is not there.") var newGame = false
  @OptionGroup var options: ActionOptions

  func run() throws {
    var action = PlayedAction()
    if game == "-" {
      let data = FileHandle.standardInput.readDataToEndOfFile()
      action.share = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
    } else {
      action.game = game
      action.score = result
    }
    action.at = at
    action.failed = failed
    action.player = player
    action.newGame = newGame
    try options.run(action)
  }
}

/// `vibekeeper bought ITEM [PRICE]`: a purchase.
struct BoughtCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bought",
    abstract: "Log a purchase; with --list, tick its line on a shopping list.",
    discussion: """
      Appends one line to purchases/YYYY/MM.yml. ITEM is an item id or name (did-you-mean \
      when unknown), or with --name a one-off. Without PRICE, the list line's estimate or \
      the item's latest price is taken. With --list the matching line of that list is \
      ticked with the price paid.

      Examples:
        vibekeeper bought oat-milk 1.89 --qty 2 --store Aldi --expires 2026-12-05
        vibekeeper bought flour --list weekend
        vibekeeper bought --name "Advent wreath" 24.90 --category household
      """)

  @Argument(help: "The item (id or name), or a one-off name with --name.") var item: String
  @Argument(help: "The unit price paid.") var price: String?
  @Flag(help: "ITEM is a one-off name, not an item.") var name = false
  @Option(
    name: .customLong("qty"),
    help: "How many (default the list line's, else 1; fewer than the line asks splits it).")
  var quantity: String?
  @Option(help: "Where.") var store: String?
  @Option(help: ArgumentHelp("Best before.", valueName: "DATE")) var expires: String?
  @Option(help: "The spending category.") var category: String?
  @Option(help: "A shopping list whose line for the item is ticked.") var list: String?
  @Option(
    help: ArgumentHelp(
      "The currency paid in (ISO 4217; default: the list's, else the settings').", valueName: "CODE"
    ))
  var currency: String?
  @Option(help: ArgumentHelp("The day (YYYY-MM-DD).", valueName: "DATE")) var at: String?
  @OptionGroup var options: ActionOptions

  func run() throws {
    var action = BoughtAction(item: item)
    action.oneOff = name
    action.price = try decimalArgument(price, "PRICE")
    action.priceText = price?.trimmingCharacters(in: .whitespaces)
    action.quantity = try decimalArgument(quantity, "--qty")
    action.quantityText = quantity?.trimmingCharacters(in: .whitespaces)
    if action.quantity == 0 { throw ValidationError("--qty must be more than 0") }
    action.store = store
    if let expires {
      guard let day = LocalDate(iso: expires) else {
        throw ValidationError("--expires must be a date YYYY-MM-DD, not '\(expires)'")
      }
      action.expires = day
    }
    action.category = category
    action.list = list
    action.currency = currency
    action.date = at
    try options.run(action)
  }
}

/// `vibekeeper list LIST add ITEM` and `vibekeeper list LIST done`.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Add a line to a shopping list, or close it.",
    discussion: """
      Examples:
        vibekeeper list weekend add oat-milk --qty 2
        vibekeeper list weekend add --name "Birthday candles"
        vibekeeper list weekend done
      """)

  @Argument(help: "The shopping list (id or title).") var list: String
  @Argument(help: "add or done.") var step: String
  @Argument(help: "For add: the item (id or name).") var item: String?
  @Flag(help: "ITEM is a one-off name, not an item.") var name = false
  @Option(name: .customLong("qty"), help: "How many (default 1).") var quantity: String?
  @Option(help: ArgumentHelp("For done: the day (YYYY-MM-DD).", valueName: "DATE")) var at: String?
  @OptionGroup var options: ActionOptions

  func run() throws {
    var action: ListAction
    switch step {
    case "add":
      guard let item else { throw ValidationError("say what to add: `list \(list) add oat-milk`") }
      action = ListAction(
        list: list,
        step: .add(item, quantity: try decimalArgument(quantity, "--qty"), oneOff: name))
    case "done", "close":
      action = ListAction(list: list, step: .done)
      action.date = at
    default:
      throw ValidationError("'\(step)' is not a list step: use add or done")
    }
    try options.run(action)
  }
}

/// `vibekeeper used ITEM [--wasted]`.
struct UsedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "used",
    abstract: "Mark the oldest open batch of an item in the pantry used up, or thrown away.",
    discussion: """
      The batch that expires first gets `used:` (and `wasted: true` with --wasted) on its \
      purchase line.

      Examples:
        vibekeeper used oat-milk
        vibekeeper used tomatoes --wasted
      """)

  @Argument(help: "The item (id or name).") var item: String
  @Flag(help: "Thrown away, not used.") var wasted = false
  @Option(help: ArgumentHelp("The day (YYYY-MM-DD).", valueName: "DATE")) var at: String?
  @OptionGroup var options: ActionOptions

  func run() throws {
    var action = UsedAction(item: item)
    action.wasted = wasted
    action.date = at
    try options.run(action)
  }
}

/// `vibekeeper gift GIFT --bought [--price P]` or `--given`.
struct GiftCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gift",
    abstract: "Mark a gift bought or given.",
    discussion: """
      Changes the gift's status and dates in its own file, nothing else.

      Examples:
        vibekeeper gift pottery-class --bought --price 80
        vibekeeper gift "Wool scarf" --given --at 2026-12-24
      """)

  @Argument(help: "The gift (id or title).") var gift: String
  @Flag(help: "Bought.") var bought = false
  @Flag(help: "Given.") var given = false
  @Option(help: "The price paid (with --given: for a gift not marked bought).") var price: String?
  @Option(help: ArgumentHelp("The day (YYYY-MM-DD).", valueName: "DATE")) var at: String?
  @OptionGroup var options: ActionOptions

  func run() throws {
    guard bought != given else { throw ValidationError("say --bought or --given") }
    let paid = try decimalArgument(price, "--price")
    var action = GiftAction(gift: gift, step: bought ? .bought(price: paid) : .given(price: paid))
    action.date = at
    try options.run(action)
  }
}
