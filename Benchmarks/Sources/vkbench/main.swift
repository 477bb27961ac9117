// vkbench: VibeKeeper's benchmarks (build with `-c release`); each lives in its own file.
//   vkbench templates [ITERATIONS]  the template engine against Stencil and swift-mustache
//   vkbench loader [RECORDS]        the data-folder loader on a generated household
//   vkbench compare [...]           VibeKeeper against Hugo (see Benchmarks/run.sh)
//   vkbench phases DATA OUTPUT      one build, step by step
//   vkbench rebuilds DATA OUTPUT [N] one build, then N rebuilds after one changed file
//   vkbench publish N DIR [RUNS]    the publisher alone: N pages, then one page changed
//   vkbench fixture KIND N DIR      writes a fixture for profiling
//   vkbench import [CONTACTS] [ROWS] `vibekeeper import` of a large vCard file and bank CSV
//   vkbench actions [RECORDS]       the daily actions on a generated household
//   vkbench snapshot DIR            one look at a folder, as watch and serve poll it
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "templates":
  TemplateBenchmark.run(iterations: arguments.dropFirst().first.flatMap { Int($0) } ?? 200)
case "loader":
  try LoaderBenchmark.run(arguments: Array(arguments.dropFirst()))
case "compare":
  do {
    try CompareBenchmark.run(arguments: Array(arguments.dropFirst()))
  } catch {
    print("error: \(error)")
    exit(1)
  }
case "phases":
  try PhasesBenchmark.run(arguments: Array(arguments.dropFirst()))
case "rebuilds":
  try RebuildBenchmark.run(arguments: Array(arguments.dropFirst()))
case "import":
  try ImportBenchmark.run(arguments: Array(arguments.dropFirst()))
case "actions":
  try ActionBenchmark.run(arguments: Array(arguments.dropFirst()))
case "publish":
  try PublishBenchmark.run(arguments: Array(arguments.dropFirst()))
case "snapshot" where arguments.count == 2:
  SnapshotBenchmark.run(folder: arguments[1])
case "fixture" where arguments.count == 4:
  // vkbench fixture household|gifts N DIR: writes a fixture for profiling.
  let root = URL(fileURLWithPath: arguments[3])
  let count = Int(arguments[2]) ?? 10_000
  if arguments[1] == "gifts" {
    try GiftFixture.write(to: root, gifts: count)
  } else {
    print("\(try HouseholdFixture.write(to: root, records: count)) records")
  }
default:
  print(
    "usage: vkbench templates [ITERATIONS] | loader [RECORDS] | compare [--quick] [--runs N]"
      + " [--tmpfs-only] | phases DATA OUTPUT | rebuilds DATA OUTPUT [N] [FILE]"
      + " | publish N DIR [RUNS]"
      + " | fixture household|gifts N DIR | import [CONTACTS] [ROWS] | actions [RECORDS]"
      + " | snapshot DIR")
  exit(arguments.isEmpty ? 0 : 2)
}
