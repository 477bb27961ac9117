import Foundation

/// `vkbench BENCHMARK [ARGS]`: runs one benchmark (build with `-c release`).
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "loader":
  try LoaderBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
  print("usage: vkbench loader [RECORDS]")
  exit(2)
}
