import ArgumentParser
import Foundation
import VibeKeeper

/// `vibekeeper feeds`: the feeds' addresses, and `feeds rotate` for new secret ones.
struct FeedsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feeds",
    abstract: "List the calendar feeds' addresses, or rotate their secret.",
    subcommands: [FeedsList.self, FeedsRotate.self],
    defaultSubcommand: FeedsList.self)
}

/// `vibekeeper feeds [list]`.
struct FeedsList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print each feed's address (and a QR code to scan with a phone).",
    discussion: """
      With `feeds: secret` in vibekeeper.yml the addresses are secret: anyone who has one \
      can read that feed, so print them only where nobody else looks. The addresses use \
      base_url from the settings, or --base for another host (the address a phone reaches \
      `vibekeeper serve` at on the home network, say).

      Examples:
        vibekeeper feeds
        vibekeeper feeds --qr
        vibekeeper feeds --base http://homeserver.local:8080/ --qr
      """)

  @OptionGroup var dataOptions: DataOptions
  @Option(
    help: ArgumentHelp(
      "Your templates (default: templates/ beside the data folder).", valueName: "DIR"))
  var templates: String?
  @Option(help: ArgumentHelp("The site's address, instead of base_url.", valueName: "URL"))
  var base: String?
  @Flag(help: "Draw a QR code of each address (light on dark; scan it from the screen).")
  var qr = false

  func run() throws {
    let loaded = dataOptions.load(quiet: true)
    // Addresses worked out from default settings (open feeds where the folder says
    // secret) would be wrong: say why there are none.
    guard loaded.folderReadable, loaded.settingsUsable else {
      Terminal.error(
        "error: \(loaded.folderReadable ? "the settings have an error (above)" : "the data folder \(dataOptions.data) cannot be read"), so the feeds' addresses are not known\n"
      )
      throw ExitCode(1)
    }
    var settings = loaded.household.settings
    if let base {
      switch BaseAddress.parse(base) {
      case .success(let address): settings.baseURL = address
      case .failure(let problem): throw ValidationError("--base \(problem), not '\(base)'")
      }
    }
    if settings.secretFeeds, settings.feedSecret == nil {
      Terminal.error(
        "error: the feeds are secret, but there is no secret yet; run `vibekeeper feeds rotate --data \(dataOptions.data)`\n"
      )
      throw ExitCode(1)
    }
    let folder = templates ?? BuildOptions.defaultTemplateFolder(beside: dataOptions.data)
    let library = try TemplateLibrary(
      userFolder: folder.map { URL(fileURLWithPath: $0) }, displayRoot: folder)
    let addresses = FeedAddresses(settings: settings)
    var text = ""
    for feed in addresses.entries(library) {
      text += "\(feed.title) (\(feed.name)): \(feed.url ?? feed.path)\n"
      if qr, let url = feed.url, let code = try? QRCode(url) {
        text += code.terminalText() + "\n"
      }
    }
    if settings.baseURL == nil {
      text +=
        "(paths inside the site: set base_url in vibekeeper.yml, or pass --base, for whole addresses)\n"
    }
    if addresses.isSecret {
      text += "These addresses are secret: share each only with the phones that should see it.\n"
    }
    Terminal.out(TerminalText.escapedLines(text))
  }
}

/// `vibekeeper feeds rotate`.
struct FeedsRotate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rotate",
    abstract: "Make a new feed secret: every secret feed address changes at the next build.",
    discussion: """
      Writes a new feed_secret into vibekeeper.local.yml (this machine's file, never \
      committed; it is added to .gitignore when it is not listed). Every phone must then \
      subscribe to the new addresses (`vibekeeper feeds --qr`). Rotate when an address \
      leaked, a phone was lost, or someone should no longer see the feeds.

      Examples:
        vibekeeper feeds rotate
        vibekeeper feeds rotate --data ~/household
      """)

  @OptionGroup var dataOptions: DataOptions
  @Flag(name: [.short, .long], help: "Print only errors.") var quiet = false

  func run() throws {
    let writer = DataWriter(
      root: URL(fileURLWithPath: dataOptions.data), displayRoot: dataOptions.data)
    do {
      let changed = try writer.locked { () throws(DataWriter.Problem) -> [String] in
        // The .gitignore entry first: never a secret on disk that git would add.
        var changes =
          FeedSecret.ignoreChange(current: try writer.read(".gitignore")).map { [$0] } ?? []
        changes.append(
          FeedSecret.change(
            current: try writer.read(LocalSettings.fileName), secret: FeedSecret.make()))
        try writer.write(changes)
        return changes.map(\.path)
      }
      guard !quiet else { return }
      var text = "A new feed secret is in \(writer.display(LocalSettings.fileName))"
      if changed.contains(".gitignore") { text += " (now listed in .gitignore)" }
      text +=
        ".\nThe secret feed addresses change at the next build; see them with `vibekeeper feeds --qr`.\n"
      let settings = dataOptions.load(quiet: true).household.settings
      if !settings.secretFeeds {
        text += "Note: the feeds are not secret yet; add `feeds: secret` to vibekeeper.yml.\n"
      }
      Terminal.out(TerminalText.escapedLines(text))
    } catch {
      Terminal.error("error: \(TerminalText.escaped(error.description))\n")
      throw ExitCode(1)
    }
  }
}
