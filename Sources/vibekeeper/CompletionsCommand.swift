import ArgumentParser

/// `vibekeeper completions SHELL`: the shell completion script.
struct CompletionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "completions",
    abstract: "Print the completion script for bash, zsh or fish.",
    discussion: """
      Examples:
        vibekeeper completions bash > ~/.local/share/bash-completion/completions/vibekeeper
        vibekeeper completions zsh > "${fpath[1]}/_vibekeeper"
        vibekeeper completions fish > ~/.config/fish/completions/vibekeeper.fish
      """
  )

  @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"]))
  var shell: String

  func run() throws {
    guard let completionShell = CompletionShell(rawValue: shell) else {
      throw ValidationError("unknown shell '\(shell)'; use bash, zsh or fish")
    }
    Terminal.out(VibeKeeperCLI.completionScript(for: completionShell))
  }
}
