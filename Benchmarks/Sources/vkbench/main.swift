// vkbench: VibeKeeper's benchmarks. `vkbench templates` compares the template engine with
// Stencil and swift-mustache; each benchmark lives in its own file.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "templates":
  TemplateBenchmark.run(iterations: arguments.dropFirst().first.flatMap { Int($0) } ?? 200)
default:
  print("usage: vkbench templates [iterations]")
  exit(arguments.isEmpty ? 0 : 2)
}
