import Foundation
import Testing

/// The engine stays generic: its sources import nothing but Foundation and VibeBasics, so it
/// can never call up into the site, feeds or reports. (Package.swift gives the target no
/// other dependency; this also catches an import that an incremental build would let
/// through because the other module happens to be built already.)
@Suite struct EngineBoundaryTests {
  /// Sources/TemplateEngine, from this file (Tests/TemplateEngineTests/...).
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/TemplateEngine")

  @Test func importsOnlyFoundationAndVibeBasics() throws {
    let allowed: Set<String> = ["Foundation", "VibeBasics"]
    var files = 0
    let walker = FileManager.default.enumerator(atPath: Self.sources.path)
    while let name = walker?.nextObject() as? String {
      guard name.hasSuffix(".swift") else { continue }
      files += 1
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
          words[..<i].allSatisfy({ $0.hasPrefix("@") })
        else { continue }
        #expect(allowed.contains(String(words[i + 1])), "\(name): \(line)")
      }
    }
    #expect(files > 20)
  }
}
