import Foundation
import Testing

@testable import VibeKeeper

/// `watch` and `serve` wait on `FolderWatcher`: the kernel's events on Linux, polling
/// elsewhere. Both ways see every change a writer can make, nothing hidden, and a burst of
/// writes as one change.
@Suite struct FolderWatcherTests {
  /// With the kernel's events (where there are any) and with polling.
  static let modes = [true, false]

  /// Only the kernel's events on this machine's own file systems name every change (a
  /// network or FUSE mount changes with no event): a rebuild trusts no other.
  @Test func onlyLocalFileSystemsAreVouchedFor() throws {
    #if os(Linux)
      #expect(FolderWatcher.isLocal("/dev/shm"))
      #expect(!FolderWatcher.isLocal("/proc/self"))
      #expect(!FolderWatcher.isLocal("/sys/kernel"))
      let folder = try TempFolder(["vibekeeper.yml": ""])
      defer { folder.cleanup() }
      let polling = FolderWatcher([folder.url], pollInterval: 0.02, kernelEvents: false)
      #expect(!polling.namesEveryChange)
      let kernel = FolderWatcher([folder.url], pollInterval: 0.02, kernelEvents: true)
      #expect(kernel.namesEveryChange == FolderWatcher.isLocal(folder.url.path))
      // The first batch follows a load from before the watcher: never vouched for; the
      // next ones are (on this machine's disks), and no change at all never is.
      for (n, name) in ["gifts/a.md", "gifts/b.md"].enumerated() {
        try folder.write(name, Data("x".utf8))
        let changed = kernel.changes(timeout: 2, quiet: 0.05)
        let polled = polling.changes(timeout: 2, quiet: 0.05)
        #expect(changed.count == 1 && polled.count == 1)
        #expect(kernel.vouched(changed) == (n == 1 && kernel.namesEveryChange ? changed : nil))
        #expect(polling.vouched(polled) == nil)
      }
      #expect(kernel.vouched([]) == nil)
    #endif
  }

  @Test(arguments: modes)
  func seesWritesReplacesRemovesAndNewFolders(_ kernel: Bool) throws {
    let folder = try TempFolder(["gifts/a.md": "---\ntitle: A\n---\n", "vibekeeper.yml": ""])
    defer { folder.cleanup() }
    let root = folder.url.standardizedFileURL.path
    let watcher = FolderWatcher([folder.url], pollInterval: 0.02, kernelEvents: kernel)
    #if os(Linux)
      #expect(watcher.usesKernelEvents == kernel)
    #endif
    func next() -> [String] { watcher.changes(timeout: 2, quiet: 0.05) }
    #expect(watcher.changes(timeout: 0.05, quiet: 0.02).isEmpty)

    try folder.write("gifts/b.md", Data("new".utf8))
    #expect(next() == [root + "/gifts/b.md"])

    // An atomic replace: a hidden file written, then renamed over the record.
    let temporary = folder.url.appendingPathComponent("gifts/.a.md.tmp")
    try Data("---\ntitle: A2\n---\n".utf8).write(to: temporary)
    #expect(rename(temporary.path, folder.url.appendingPathComponent("gifts/a.md").path) == 0)
    #expect(next() == [root + "/gifts/a.md"])

    // A new folder with a file, and then a file written in it.
    try folder.write("occasions/2026/x.yml", Data("a".utf8))
    #expect(next() == [root + "/occasions/2026/x.yml"])
    try folder.write("occasions/2026/y.yml", Data("b".utf8))
    #expect(next() == [root + "/occasions/2026/y.yml"])

    // Hidden names are never a change.
    try folder.write("gifts/.a.md.swp", Data("x".utf8))
    try folder.write(".git/index", Data("x".utf8))
    #expect(watcher.changes(timeout: 0.3, quiet: 0.02).isEmpty)

    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gifts/b.md"))
    #expect(next() == [root + "/gifts/b.md"])
  }

  /// Twenty files written 10 ms apart by another thread are one change.
  @Test(arguments: modes)
  func aBurstOfWritesIsOneChange(_ kernel: Bool) throws {
    let folder = try TempFolder(["gifts/a.md": "a"])
    defer { folder.cleanup() }
    let root = folder.url.standardizedFileURL.path
    let watcher = FolderWatcher([folder.url], pollInterval: 0.005, kernelEvents: kernel)
    let writer = Thread {
      for n in 0..<20 {
        try? folder.write("purchases/\(n).yml", Data("- x\n".utf8))
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    writer.start()
    let changed = watcher.changes(timeout: 2, quiet: 0.2)
    #expect(changed == (0..<20).map { root + "/purchases/\($0).yml" }.sorted())
  }

  /// A template folder that does not exist yet is watched from when it appears.
  @Test(arguments: modes)
  func aFolderThatAppearsLaterIsWatched(_ kernel: Bool) throws {
    let folder = try TempFolder(["data/gifts/a.md": "a"])
    defer { folder.cleanup() }
    let root = folder.url.standardizedFileURL.path
    let templates = folder.url.appendingPathComponent("templates")
    let watcher = FolderWatcher(
      [folder.url.appendingPathComponent("data"), templates], pollInterval: 0.02,
      kernelEvents: kernel)
    try folder.write("templates/index.html", Data("x".utf8))
    #expect(watcher.changes(timeout: 2, quiet: 0.05) == [root + "/templates/index.html"])
    try folder.write("templates/index.html", Data("y".utf8))
    #expect(watcher.changes(timeout: 2, quiet: 0.05) == [root + "/templates/index.html"])
  }

  /// A folder moved out of the watched one is no longer watched (its files are not the
  /// data's any more); a data folder removed and made again is watched again.
  @Test(arguments: modes)
  func movedAwayAndRemadeFolders(_ kernel: Bool) throws {
    let folder = try TempFolder(["data/gifts/2026/a.md": "a", "data/contacts/b.md": "b"])
    defer { folder.cleanup() }
    let root = folder.url.standardizedFileURL.path
    let data = folder.url.appendingPathComponent("data")
    let watcher = FolderWatcher([data], pollInterval: 0.02, kernelEvents: kernel)
    func next() -> [String] { watcher.changes(timeout: 2, quiet: 0.05) }
    let fm = FileManager.default
    try fm.moveItem(
      at: data.appendingPathComponent("gifts"), to: folder.url.appendingPathComponent("old"))
    #expect(!next().isEmpty)
    try folder.write("old/2026/a.md", Data("changed".utf8))
    #expect(watcher.changes(timeout: 0.3, quiet: 0.02).isEmpty)

    try fm.removeItem(at: data)
    #expect(!next().isEmpty)
    try folder.write("data/contacts/c.md", Data("c".utf8))
    #expect(next() == [root + "/data/contacts/c.md"])
    try folder.write("data/contacts/c.md", Data("d".utf8))
    #expect(next() == [root + "/data/contacts/c.md"])
  }
}
