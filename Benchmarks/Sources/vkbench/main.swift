// vkbench: VibeKeeper's benchmarks (build with `-c release`); each lives in its own file.
//   vkbench templates [ITERATIONS]  the template engine against Stencil and swift-mustache
//   vkbench loader [RECORDS]        the data-folder loader on a generated household
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "templates":
  TemplateBenchmark.run(iterations: arguments.dropFirst().first.flatMap { Int($0) } ?? 200)
case "loader":
  try LoaderBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
  print("usage: vkbench templates [ITERATIONS] | loader [RECORDS]")
  exit(arguments.isEmpty ? 0 : 2)
}
