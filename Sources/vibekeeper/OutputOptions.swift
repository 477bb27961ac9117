import ArgumentParser

/// `--quiet` and `--verbose`, shared by every command: quiet prints errors only (results
/// still go to standard output); verbose adds warnings, notes and timings on standard error.
struct OutputOptions: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print errors only (results still go to standard output).")
  var quiet = false

  @Flag(name: .shortAndLong, help: "Also print warnings, notes and timings on standard error.")
  var verbose = false

  func validate() throws {
    if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
  }
}
