// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so the main build never pulls their dependencies.
let package = Package(
  name: "VibeKeeperBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "VibeKeeper", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "vkbench",
      dependencies: [.product(name: "VibeKeeper", package: "VibeKeeper")]
    )
  ],
  swiftLanguageModes: [.v6]
)
