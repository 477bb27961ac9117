import Foundation
import Testing

@testable import VibeKeeper

/// Builds the bundled example household into a fresh temporary folder with the built-in
/// templates, at 2026-11-22 10:00 in Berlin; returns the site folder (remove its parent).
func buildBundledSite() throws -> URL {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "vk-site-\(UUID().uuidString)")
  let output = root.appendingPathComponent("site")
  let build = SiteBuild(
    data: repositoryRoot.appendingPathComponent("data"), dataDisplay: "data", templates: nil,
    templatesDisplay: nil, output: output)
  let outcome = build.run { settings in
    LocalClock(now: utc("2026-11-22T09:00"), timeZone: settings.timeZone)
  }
  #expect(outcome.failure == nil, "\(outcome.failure?.description ?? "")")
  #expect(!outcome.diagnostics.hasErrors)
  return output
}

/// Runs a command found on PATH in `folder` (the repository root unless said); its exit
/// status and its standard output, with standard error mixed in unless `errors` is false.
func runTool(_ arguments: [String], in folder: URL = repositoryRoot, errors: Bool = true)
  throws -> (status: Int32, output: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = folder
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = errors ? pipe : FileHandle.nullDevice
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Whether a command is on PATH.
func toolExists(_ name: String) -> Bool {
  (try? runTool(["sh", "-c", "command -v \(name)"]))?.status == 0
}

/// An external tool a test needs is missing: a failure on CI (`CI` is set), else a skip
/// that says what to install.
func missingTool(_ what: String) {
  if ProcessInfo.processInfo.environment["CI"] != nil {
    Issue.record("CI is set but \(what) is missing")
  } else {
    print("skipped: \(what) is missing (CI is not set, so this is not a failure)")
  }
}
