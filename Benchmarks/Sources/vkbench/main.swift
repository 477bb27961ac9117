import Foundation

/// `vkbench BENCHMARK [ARGS]`: runs one benchmark (build with `-c release`).
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
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
    "usage: vkbench loader [RECORDS] | vkbench compare [--quick] [--runs N] [--tmpfs-only]"
      + " | vkbench fixture household|gifts N DIR")
  exit(2)
}
