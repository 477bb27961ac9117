import Foundation
import Testing

@testable import VibeKeeper

/// The git history is read once and then extended by the commits since, giving exactly
/// what a whole read gives (issue 20: `git log` over a long history took seconds on every
/// build and every `serve` rebuild).
@Suite struct GitHistoryTests {
  /// A repository at `folder.url` whose data folder is `data/`.
  struct Repository {
    let folder: TempFolder
    var data: URL { folder.url.appendingPathComponent("data") }
    var clock = 1_700_000_000

    init() throws {
      folder = try TempFolder(["data/vibekeeper.yml": "title: T\n"])
      try sh("git init -q -b main . && git config user.name T && git config user.email t@t")
    }

    /// Runs `script` in the repository with a fixed identity.
    @discardableResult
    func sh(_ script: String) throws -> String {
      let r = try runTool(
        [
          "sh", "-c",
          "export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1; " + script,
        ], in: folder.url, errors: false)
      guard r.status == 0 else { throw Failure(message: "\(script): \(r.output)") }
      return r.output
    }

    /// Writes `files` (inside data/) and commits them, an hour after the last commit.
    mutating func commit(_ files: [String: String], amend: Bool = false) throws {
      for (path, text) in files { try folder.write("data/" + path, Data(text.utf8)) }
      clock += 3600
      try sh(
        "git add -A && GIT_AUTHOR_DATE=@\(clock) GIT_COMMITTER_DATE=@\(clock) git commit -q \(amend ? "--amend" : "") -m c\(clock)"
      )
    }

    func read(after known: GitHistory?) -> GitHistory? {
      GitCommitTimes.read(dataFolder: data, after: known)
    }
  }

  struct Failure: Error { let message: String }

  /// `history` with every time moved a year on: what a read that extends it keeps shows.
  func marked(_ history: GitHistory) -> GitHistory {
    var out = history
    out.times.latest = out.times.latest.mapValues { $0.addingTimeInterval(86_400 * 365) }
    out.times.first = out.times.first.mapValues { $0.addingTimeInterval(86_400 * 365) }
    return out
  }

  @Test func newCommitsOnTopAreReadAloneAndGiveTheWholeReadsAnswer() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit(["contacts/a.md": "a1", "gifts/g.md": "g1"])
    try repo.commit(["contacts/a.md": "a2"])
    let known = try #require(repo.read(after: nil))
    #expect(known.prefix == "data/")
    #expect(known.times.latest["contacts/a.md"] == Date(timeIntervalSince1970: 1_700_007_200))
    #expect(known.times.first["contacts/a.md"] == Date(timeIntervalSince1970: 1_700_003_600))
    // Unchanged: what was known, without asking git for the log.
    #expect(repo.read(after: marked(known)) == marked(known))
    try repo.commit(["gifts/g.md": "g2", "gifts/new.md": "n"])
    try repo.commit(["contacts/b.md": "b"])
    let whole = try #require(repo.read(after: nil))
    #expect(repo.read(after: known) == whole)
    #expect(whole.times.latest["gifts/g.md"] == Date(timeIntervalSince1970: 1_700_010_800))
    #expect(whole.times.first["gifts/g.md"] == Date(timeIntervalSince1970: 1_700_003_600))
    #expect(whole.times.first["gifts/new.md"] == Date(timeIntervalSince1970: 1_700_010_800))
    // Only the new commits were read: the old times are the known ones.
    let extended = try #require(repo.read(after: marked(known)))
    #expect(
      extended.times.first["gifts/g.md"]
        == Date(timeIntervalSince1970: 1_700_003_600 + 86_400 * 365))
    #expect(extended.times.latest["gifts/g.md"] == whole.times.latest["gifts/g.md"])
    #expect(extended.times.latest["contacts/b.md"] == whole.times.latest["contacts/b.md"])
  }

  @Test func aRewrittenHistoryIsReadWhole() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit(["contacts/a.md": "a1"])
    try repo.commit(["gifts/g.md": "g1"])
    let known = try #require(repo.read(after: nil))
    // Amended: the old head is no longer in the history.
    try repo.commit(["gifts/g.md": "g1 amended"], amend: true)
    let amended = try #require(repo.read(after: marked(known)))
    #expect(amended == repo.read(after: nil))
    #expect(amended.times.latest["contacts/a.md"] == known.times.latest["contacts/a.md"])
    // Reset to an earlier commit.
    let atAmend = try #require(repo.read(after: nil))
    try repo.sh("git reset -q --hard HEAD~1")
    let reset = try #require(repo.read(after: marked(atAmend)))
    #expect(reset == repo.read(after: nil))
    #expect(reset.times.latest["gifts/g.md"] == nil)
  }

  @Test func aMergeIsReadWhole() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit(["contacts/a.md": "a1"])
    let known = try #require(repo.read(after: nil))
    try repo.sh("git checkout -q -b side")
    try repo.commit(["gifts/side.md": "s"])
    try repo.sh("git checkout -q main")
    try repo.commit(["gifts/main.md": "m"])
    try repo.sh(
      "GIT_AUTHOR_DATE=@1700090000 GIT_COMMITTER_DATE=@1700090000 git merge -q --no-edit side")
    let merged = try #require(repo.read(after: marked(known)))
    #expect(merged == repo.read(after: nil))
    #expect(merged.times.latest["contacts/a.md"] == known.times.latest["contacts/a.md"])
    #expect(merged.times.latest["gifts/side.md"] != nil)
  }

  @Test func aHistoryOfAnotherPlaceInTheRepositoryIsNotExtended() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit(["contacts/a.md": "a1"])
    var known = try #require(repo.read(after: nil))
    known.prefix = "elsewhere/"
    try repo.commit(["contacts/a.md": "a2"])
    #expect(repo.read(after: marked(known)) == repo.read(after: nil))
  }

  /// A shallow clone's history ends early and deepening it keeps HEAD: what was read there
  /// is never reused.
  @Test func aShallowClonesHistoryIsNeverReused() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit(["contacts/a.md": "a1", "gifts/g.md": "g1"])
    try repo.commit(["gifts/g.md": "g2"])
    try repo.commit(["gifts/h.md": "h"])
    let clone = repo.folder.url.appendingPathComponent("clone")
    try repo.sh("git clone -q --depth 1 file://$PWD '\(clone.path)'")
    let data = clone.appendingPathComponent("data")
    let shallow = try #require(GitCommitTimes.read(dataFolder: data, after: nil))
    #expect(shallow.shallow)
    // Every file looks committed last in the one commit the clone has.
    #expect(shallow.times.latest["contacts/a.md"] == Date(timeIntervalSince1970: 1_700_010_800))
    try repo.sh("git -C '\(clone.path)' fetch -q --unshallow")
    let deep = try #require(GitCommitTimes.read(dataFolder: data, after: shallow))
    #expect(!deep.shallow)
    #expect(deep == GitCommitTimes.read(dataFolder: data, after: nil))
    #expect(deep.times.latest["contacts/a.md"] == Date(timeIntervalSince1970: 1_700_003_600))
  }

  @Test func noRepositoryOrNoCommitHasNoHistory() throws {
    let plain = try TempFolder(["data/vibekeeper.yml": "title: T\n"])
    defer { plain.cleanup() }
    #expect(GitCommitTimes.read(dataFolder: plain.url, after: nil) == nil)
    let repo = try Repository()
    defer { repo.folder.cleanup() }
    #expect(repo.read(after: nil) == nil)
  }

  @Test func theFileIsReadBackAndACutOrChangedFileIsNot() throws {
    var times = CommitTimes()
    times.latest = [
      "a.md": Date(timeIntervalSince1970: 1_700_000_000), "é.md": Date(timeIntervalSince1970: 5),
    ]
    times.first = ["a.md": Date(timeIntervalSince1970: 1_600_000_000)]
    let history = GitHistory(
      head: String(repeating: "ab", count: 20), prefix: "data/", times: times)
    let bytes = GitHistoryFile.bytes(of: history, root: "/home/x/data")
    #expect(GitHistoryFile.history(from: bytes, root: "/home/x/data") == history)
    #expect(GitHistoryFile.history(from: bytes, root: "/home/y/data") == nil)
    #expect(GitHistoryFile.history(from: Array(bytes.dropLast(3)), root: "/home/x/data") == nil)
    for k in stride(from: 0, to: bytes.count, by: 7) {
      var changed = bytes
      changed[k] ^= 0x20
      #expect(GitHistoryFile.history(from: changed, root: "/home/x/data") == nil)
    }
    #expect(GitHistoryFile.history(from: [], root: "/home/x/data") == nil)
  }

  /// `build` keeps the history beside its output and a later build extends it; its feeds
  /// are the bytes a build without the file gives, and a damaged file is read whole again.
  @Test func buildsKeepTheHistoryAndGiveTheSameFeeds() throws {
    var repo = try Repository()
    defer { repo.folder.cleanup() }
    try repo.commit([
      "contacts/ann.md": "---\nname: Ann\nbirthday: 1990-03-04\n---\n",
      "occasions/days.yml": "- id: fest\n  title: Fest\n  date: 2026-12-24\n",
    ])
    let now = Date(timeIntervalSince1970: 1_795_168_800)  // 2026-11-20T10:00Z
    func build(into output: URL) -> SiteBuild.Outcome {
      let b = SiteBuild(
        data: repo.data, dataDisplay: "data", templates: nil, templatesDisplay: nil,
        output: output)
      return b.run(clock: { LocalClock(now: now, timeZone: $0.timeZone) })
    }
    func feeds(_ output: URL) throws -> [String: String] {
      var out: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: output.path)
      where name.hasSuffix(".ics") {
        out[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
      }
      return out
    }
    let kept = repo.folder.url.appendingPathComponent("out/site")
    #expect(build(into: kept).failure == nil)
    let file = SiteTrees(output: kept).state + "/" + GitHistoryFile.name
    let first = try #require(GitHistoryFile.read(file, root: repo.data.standardizedFileURL.path))
    #expect(first == repo.read(after: nil))
    try repo.commit(["contacts/ann.md": "---\nname: Ann B\nbirthday: 1990-03-04\n---\n"])
    #expect(build(into: kept).failure == nil)
    let second = try #require(GitHistoryFile.read(file, root: repo.data.standardizedFileURL.path))
    #expect(second == repo.read(after: nil) && second != first)
    let fresh = repo.folder.url.appendingPathComponent("fresh/site")
    #expect(build(into: fresh).failure == nil)
    #expect(try feeds(kept) == feeds(fresh))
    // Ann's events carry the second commit's time (2023-11-15T00:13:20Z).
    #expect(try feeds(kept).values.contains { $0.contains("DTSTAMP:20231115T001320Z") })
    // A damaged file is not used: the history is read whole, and written anew.
    var bytes = try #require(FileCalls.read(file))
    bytes[bytes.count / 2] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    try repo.commit(["gifts/lamp.md": "---\ntitle: Lamp\nfor: ann\n---\n"])
    #expect(build(into: kept).failure == nil)
    #expect(
      GitHistoryFile.read(file, root: repo.data.standardizedFileURL.path) == repo.read(after: nil))
  }
}
