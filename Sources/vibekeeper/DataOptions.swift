import ArgumentParser
import Foundation
import VibeKeeper

/// `--data DIR`, shared by every command that reads the data folder.
struct DataOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The data folder.", valueName: "DIR"))
  var data: String = "data"

  /// Fails (exit 1, with a message) when there is no data folder.
  func requireFolder() throws { try Self.requireFolder(data, hint: "use --data DIR") }

  /// Fails (exit 1, saying `hint`) when there is no folder at `data`.
  static func requireFolder(_ data: String, hint: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      Terminal.error("error: no data folder at '\(data)' (\(hint))\n")
      throw ExitCode(1)
    }
  }

  /// Loads the folder and prints the loader's diagnostics to standard error.
  func load(quiet: Bool = false) -> DataLoader.Result {
    let loader = DataLoader(root: URL(fileURLWithPath: data), displayRoot: data)
    let result = loader.load()
    Terminal.printDiagnostics(result.diagnostics, quiet: quiet, fences: [data])
    return result
  }

  /// The build of this data folder with the template folder `templates` (shown as given)
  /// into `output`: what `build`, `watch`, `check` and `report` run.
  func siteBuild(templates: String?, output: String = "_site") -> SiteBuild {
    var build = SiteBuild(
      data: URL(fileURLWithPath: data), dataDisplay: data,
      templates: templates.map { URL(fileURLWithPath: $0) }, templatesDisplay: templates,
      output: URL(fileURLWithPath: output))
    // This program, so the decode cache a build of it left beside the output is read.
    build.codeIdentity = BuildOptions.codeIdentity
    return build
  }

  /// The folders diagnostics may quote from: the data folder and the template folder.
  func fences(templates: String?) -> [String] { [data] + (templates.map { [$0] } ?? []) }
}
