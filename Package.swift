// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "VibeKeeper",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "VibeKeeper", targets: ["VibeKeeper"]),
    .executable(name: "vibekeeper", targets: ["vibekeeper"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    // Value types that know nothing of households: dates, clocks, diagnostics, hashing, JSON.
    .target(name: "VibeBasics"),
    // The generic template engine; it knows nothing of the site, feeds or reports.
    .target(name: "TemplateEngine", dependencies: ["VibeBasics"]),
    .target(
      name: "VibeKeeper",
      dependencies: [
        "VibeBasics", "TemplateEngine", "CCmark", .product(name: "Yams", package: "Yams"),
      ]
    ),
    .executableTarget(
      name: "vibekeeper",
      dependencies: [
        "VibeKeeper", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // What more than one test target uses.
    .target(name: "TestHelpers", path: "Tests/TestHelpers"),
    .testTarget(
      name: "TemplateEngineTests",
      dependencies: ["TemplateEngine", "VibeBasics", "TestHelpers"]
    ),
    .testTarget(
      name: "VibeKeeperTests",
      dependencies: ["VibeKeeper", "TemplateEngine", "TestHelpers"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
