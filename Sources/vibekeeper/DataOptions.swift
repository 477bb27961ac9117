import ArgumentParser
import Foundation
import VibeKeeper

/// `--data DIR`, shared by every command that reads the data folder.
struct DataOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The data folder.", valueName: "DIR"))
  var data: String = "data"

  /// Loads the folder and prints the loader's diagnostics to standard error.
  func load(quiet: Bool = false) -> DataLoader.Result {
    let loader = DataLoader(root: URL(fileURLWithPath: data), displayRoot: data)
    let result = loader.load()
    Terminal.printDiagnostics(result.diagnostics, quiet: quiet, fences: [data])
    return result
  }
}
