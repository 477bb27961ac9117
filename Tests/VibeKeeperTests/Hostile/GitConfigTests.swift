import Foundation
import Testing

@testable import VibeKeeper

/// Reading the data repository's history never runs a program its configuration names
/// (issue 14, item 9).
@Suite struct GitConfigTests {
  @discardableResult
  func git(_ args: [String], in folder: URL, input: String? = nil) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["git", "-C", folder.path] + args
    p.environment = GitCommitTimes.safeEnvironment(ProcessInfo.processInfo.environment)
    let out = Pipe()
    let inp = Pipe()
    p.standardOutput = out
    p.standardInput = inp
    p.standardError = FileHandle.nullDevice
    try p.run()
    if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
    try inp.fileHandleForWriting.close()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A repository whose last commit carries a (fake) signature and whose configuration
  /// asks `git log` to check it with a script that leaves a mark: plain `git log` runs it.
  @Test func aHostileRepositoryConfigurationRunsNothing() throws {
    let folder = try TempFolder(["data/gifts/a.md": "---\ntitle: A\n---\n"])
    defer { folder.cleanup() }
    let marker = folder.url.appendingPathComponent("ran")
    let script = folder.url.appendingPathComponent("evil.sh")
    try Data("#!/bin/sh\ntouch '\(marker.path)'\nexit 1\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let data = folder.url.appendingPathComponent("data")
    try git(["init", "-q"], in: data)
    try git(["add", "."], in: data)
    try git(
      ["-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-q", "-m", "a"], in: data)
    let tree = try git(["write-tree"], in: data)
    let parent = try git(["rev-parse", "HEAD"], in: data)
    let signed = try git(
      ["hash-object", "-t", "commit", "-w", "--stdin"], in: data,
      input: """
        tree \(tree)
        parent \(parent)
        author T <t@example.org> 1700000000 +0000
        committer T <t@example.org> 1700000000 +0000
        gpgsig -----BEGIN PGP SIGNATURE-----
         
         iQ
         -----END PGP SIGNATURE-----

        signed

        """)
    try git(["update-ref", "HEAD", signed], in: data)
    for (key, value) in [
      ("log.showSignature", "true"), ("gpg.program", script.path),
      ("core.fsmonitor", script.path), ("core.pager", script.path),
    ] {
      try git(["config", key, value], in: data)
    }
    // The reproducer: an ordinary `git log` runs the script.
    try git(["log", "--format=%ct"], in: data)
    #expect(FileManager.default.fileExists(atPath: marker.path))
    try FileManager.default.removeItem(at: marker)
    // VibeKeeper's reading of the history does not.
    let times = GitCommitTimes.read(dataFolder: data)
    #expect(times["gifts/a.md"] != nil)
    #expect(!FileManager.default.fileExists(atPath: marker.path))
  }
}
