import ArgumentParser
import Foundation
import VibeKeeper

/// `--data DIR`, shared by every command that reads the data folder.
struct DataOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The data folder.", valueName: "DIR"))
  var data: String = "data"

  /// Loads the folder and prints its diagnostics to standard error.
  func load(quiet: Bool = false) -> DataLoader.Result {
    let loader = DataLoader(root: URL(fileURLWithPath: data), displayRoot: data)
    let result = loader.load()
    let formatter = DiagnosticFormatter(color: Terminal.useColor(fd: 2)) { path in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
      return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
    for d in result.diagnostics where !(quiet && d.severity != .error) {
      Terminal.error(formatter.format(d))
    }
    return result
  }
}
