import Foundation
import Testing

@testable import VibeKeeper

/// `watch` and `serve` poll the data and template folders with `FolderSnapshot`: every
/// change a writer can make is seen, and nothing else is.
@Suite struct FolderSnapshotTests {
  @Test func seesAddedRemovedEditedAndReplacedFiles() throws {
    let folder = try TempFolder([
      "gifts/a.md": "---\ntitle: A\n---\n", "contacts/family/mom.md": "x", "vibekeeper.yml": "",
    ])
    defer { folder.cleanup() }
    let root = folder.url.standardizedFileURL.path
    let first = FolderSnapshot([folder.url])
    #expect(FolderSnapshot([folder.url]) == first)
    #expect(FolderSnapshot([folder.url]).changes(since: first).isEmpty)

    try folder.write("gifts/b.md", Data("new".utf8))
    let added = FolderSnapshot([folder.url])
    #expect(added.changes(since: first) == [root + "/gifts/b.md"])

    // The same size, written again: the modification time (in nanoseconds) tells.
    try folder.write("contacts/family/mom.md", Data("y".utf8))
    let edited = FolderSnapshot([folder.url])
    #expect(edited.changes(since: added) == [root + "/contacts/family/mom.md"])

    // An atomic replace (a new file renamed over the old one) is a new inode.
    let temporary = folder.url.appendingPathComponent("gifts/.a.md.tmp")
    try Data("---\ntitle: A\n---\n".utf8).write(to: temporary)
    #expect(rename(temporary.path, folder.url.appendingPathComponent("gifts/a.md").path) == 0)
    let replaced = FolderSnapshot([folder.url])
    #expect(replaced.changes(since: edited) == [root + "/gifts/a.md"])

    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gifts/b.md"))
    #expect(FolderSnapshot([folder.url]).changes(since: replaced) == [root + "/gifts/b.md"])
  }

  @Test func skipsHiddenNamesFollowsFileLinksAndToleratesMissingFolders() throws {
    let folder = try TempFolder(["gifts/a.md": "a", "outside/target.md": "t"])
    defer { folder.cleanup() }
    let data = folder.url.appendingPathComponent("gifts")
    let root = data.standardizedFileURL.path
    let missing = folder.url.appendingPathComponent("templates")
    try FileManager.default.createSymbolicLink(
      atPath: data.appendingPathComponent("linked.md").path,
      withDestinationPath: folder.url.appendingPathComponent("outside/target.md").path)
    // A link to a folder above: not followed, so no loop.
    try FileManager.default.createSymbolicLink(
      atPath: data.appendingPathComponent("up").path, withDestinationPath: folder.url.path)
    let first = FolderSnapshot([data, missing])
    try folder.write("gifts/.git/index", Data("changed".utf8))
    try folder.write("gifts/.hidden.md", Data("changed".utf8))
    #expect(FolderSnapshot([data, missing]).changes(since: first).isEmpty)
    // Editing the file a link leads to is a change of the link.
    try folder.write("outside/target.md", Data("edited".utf8))
    #expect(FolderSnapshot([data, missing]).changes(since: first) == [root + "/linked.md"])
    #expect(FolderSnapshot([missing]).changes(since: FolderSnapshot([])).isEmpty)
  }
}
