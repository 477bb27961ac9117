// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "VibeKeeper",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "VibeKeeper", targets: ["VibeKeeper"]),
    .executable(name: "vibekeeper", targets: ["vibekeeper"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
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
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // `vibekeeper serve`: the HTTP server (Hummingbird) around the library's build and
    // static-site answers. Only the executable depends on it, never the library's tests.
    .target(
      name: "VibeServe",
      dependencies: [
        "VibeKeeper", "CZlib", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .executableTarget(
      name: "vibekeeper",
      dependencies: [
        "VibeKeeper", "VibeServe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
