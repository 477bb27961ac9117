// swift-tools-version: 6.0
// Benchmarks live in their own package so the main build never pulls their dependencies.
// Run from this folder: swift run -c release vkbench templates | loader [N]
import PackageDescription

let package = Package(
  name: "VibeKeeperBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "VibeKeeper", path: ".."),
    .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
  ],
  targets: [
    .executableTarget(
      name: "vkbench",
      dependencies: [
        .product(name: "VibeKeeper", package: "VibeKeeper"),
        .product(name: "Stencil", package: "Stencil"),
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
