import Foundation

/// Waits for files under a set of folders to change, for `watch` and `serve`. On Linux it
/// asks the kernel (inotify: one watch per folder, no polling, a saved file is seen within
/// a millisecond); elsewhere, or when the kernel's watches run out, it compares a
/// `FolderSnapshot` every `pollInterval` seconds. Hidden names (`.git`, an editor's
/// `.x.swp`) are never a change, as in the snapshot. One thread waits on it at a time.
public final class FolderWatcher: @unchecked Sendable {
  private let folders: [URL]
  private let pollInterval: Double
  private var source: ChangeSource
  /// Whether every watched folder is on a file system of this machine (`isLocal`).
  private let onLocalDisks: Bool
  /// How many batches of changes `changes` returned.
  private var batches = 0

  /// Starts watching `folders` (missing ones count as empty until they appear in a
  /// watched parent).
  public convenience init(_ folders: [URL], pollInterval: Double = 0.25) {
    self.init(folders, pollInterval: pollInterval, kernelEvents: true)
  }

  /// A watcher that polls even where the kernel could tell (`kernelEvents` false: tests).
  init(_ folders: [URL], pollInterval: Double, kernelEvents: Bool) {
    self.folders = folders.map(\.standardizedFileURL)
    self.pollInterval = pollInterval
    onLocalDisks = self.folders.allSatisfy { FolderWatcher.isLocal($0.path) }
    #if canImport(Glibc)
      if kernelEvents, let events = KernelEvents(self.folders.map(\.path)) {
        source = .events(events)
        return
      }
    #endif
    source = .polling(FolderSnapshot(folders))
  }

  /// Whether changes come from the kernel (false: polling).
  public var usesKernelEvents: Bool {
    if case .polling = source { return false }
    return true
  }

  /// Whether the changes it names are every change to the watched folders: the kernel's
  /// events on file systems of this machine only (a network or FUSE file system changes
  /// with no event here; then each rebuild looks at every file's stamp).
  public var namesEveryChange: Bool { usesKernelEvents && onLocalDisks }

  /// `changed`, the batch `changes` just returned, when it names every file changed since
  /// the load of the rebuild that followed the batch before (for a caller that rebuilds
  /// after each batch: `SiteBuild.changedFiles`); nil for the first batch (the load before
  /// it began before the watcher did), when the watcher cannot name every change, and for
  /// no change at all (a rebuild for the time catches up with what no event named).
  public func vouched(_ changed: [String]) -> [String]? {
    batches > 1 && !changed.isEmpty && namesEveryChange ? changed : nil
  }

  /// Whether `path` is on a file system whose every change this machine's kernel sees
  /// (by the type `/proc/self/mounts` gives the mount that holds it).
  static func isLocal(_ path: String) -> Bool {
    guard let mounts = FileManager.default.contents(atPath: "/proc/self/mounts") else {
      return false
    }
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    var best: (point: String, type: String)?
    for line in String(decoding: mounts, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      // Spaces and the like in a mount point are written as octal escapes (`\040`).
      let point = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
      let inside = point == "/" || real == point || real.hasPrefix(point + "/")
      if inside, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    let local: Set<String> = [
      "ext2", "ext3", "ext4", "tmpfs", "btrfs", "xfs", "f2fs", "zfs", "overlay", "ramfs", "jfs",
      "reiserfs", "bcachefs",
    ]
    return best.map { local.contains($0.type) } ?? false
  }

  /// Waits up to `timeout` seconds for a change, then until nothing changed for `quiet`
  /// seconds (so an editor's save or a checkout is one change), at most `settleLimit`
  /// seconds in all. Returns the changed paths, sorted (empty: no change in `timeout`).
  public func changes(timeout: Double, quiet: Double, settleLimit: Double = 3) -> [String] {
    var changed = next(timeout: timeout)
    guard !changed.isEmpty else { return [] }
    let end = ContinuousClock.now + .waiting(settleLimit)
    while ContinuousClock.now < end {
      let more = next(timeout: quiet)
      if more.isEmpty { break }
      changed.formUnion(more)
    }
    batches += 1
    return changed.sorted()
  }

  /// The paths that changed within `timeout` seconds (empty when none).
  private func next(timeout: Double) -> Set<String> {
    switch source {
    case .polling(let seen):
      let deadline = ContinuousClock.now + .waiting(timeout)
      while true {
        let now = FolderSnapshot(folders)
        let changed = now.changes(since: seen)
        if !changed.isEmpty {
          source = .polling(now)
          return Set(changed)
        }
        let left = deadline - ContinuousClock.now
        if left <= .zero { return [] }
        Thread.sleep(forTimeInterval: min(pollInterval, left.seconds))
      }
    #if canImport(Glibc)
      case .events(let events):
        let changed = events.next(timeout: timeout)
        guard events.exhausted else { return changed }
        // The kernel's watches ran out for a new folder: poll from here on, and say the
        // folders changed, as the new folder's files may not all have been seen.
        source = .polling(FolderSnapshot(folders))
        return changed.union(folders.map(\.path))
    #endif
    }
  }

  private enum ChangeSource {
    case polling(FolderSnapshot)
    #if canImport(Glibc)
      case events(KernelEvents)
    #endif
  }
}

#if canImport(Glibc)
  import Glibc

  /// inotify on every folder under the watched ones; a folder that appears is watched too.
  private final class KernelEvents {
    private let fd: Int32
    /// Whether a watch could not be added for lack of kernel watches (then poll).
    private(set) var exhausted = false
    /// The folder of each watch.
    private var folderOf: [Int32: String] = [:]
    private let mask = UInt32(
      IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)
    /// The watched roots, to watch again when one appears or the queue overflowed.
    private let roots: [String]

    /// Nil when inotify cannot be used (no more instances or watches): then poll.
    init?(_ roots: [String]) {
      fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      self.roots = roots
      var found: Set<String> = []
      // On failure the instance is released and `deinit` closes the descriptor.
      for root in roots {
        guard watchTree(root, found: &found) else { return nil }
      }
      for root in roots where !FileManager.default.fileExists(atPath: root) { awaitRoot(root) }
    }

    /// Watches the parent of a root that is not there (yet, or any more), so the root is
    /// watched again when it appears.
    private func awaitRoot(_ root: String) {
      _ = inotify_add_watch(fd, (root as NSString).deletingLastPathComponent, mask)
    }

    /// Stops watching `folder` and everything under it (gone, or moved away: the kernel's
    /// watches follow a moved folder, whose events would be named by its old place).
    private func unwatch(_ folder: String) {
      for (wd, path) in folderOf where path == folder || path.hasPrefix(folder + "/") {
        inotify_rm_watch(fd, wd)
        folderOf[wd] = nil
      }
    }

    deinit { close(fd) }

    /// Watches a root that is there again (or at last).
    private func watchIfThere(_ root: String, found: inout Set<String>) {
      if FileManager.default.fileExists(atPath: root) { watchTree(root, found: &found) }
    }

    /// Watches `folder` and every folder under it (hidden ones skipped); each regular file
    /// met is added to `found`. False (and `exhausted` set) when the kernel's watches ran
    /// out.
    @discardableResult
    private func watchTree(_ folder: String, found: inout Set<String>) -> Bool {
      let wd = inotify_add_watch(fd, folder, mask)
      if wd < 0 {
        let error = errno
        exhausted = exhausted || error == ENOSPC || error == ENOMEM
        return !exhausted
      }
      folderOf[wd] = folder
      guard let entries = DirectoryEntries.read(folder) else { return true }
      for entry in entries where !entry.name.hasPrefix(".") {
        let path = DirectoryEntries.path(of: entry.name, in: folder)
        switch entry.type(in: folder) {
        case S_IFDIR: if !watchTree(path, found: &found) { return false }
        default: found.insert(path)
        }
      }
      return true
    }

    /// The paths the events within `timeout` seconds name (events that name nothing, such
    /// as a hidden file's or an empty folder's, do not end the wait).
    func next(timeout: Double) -> Set<String> {
      let deadline = ContinuousClock.now + .waiting(timeout)
      var changed: Set<String> = []
      while changed.isEmpty {
        let milliseconds = (deadline - ContinuousClock.now).milliseconds
        guard milliseconds > 0 else { break }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(milliseconds)) > 0 else { break }
        readEvents(into: &changed)
      }
      return changed
    }

    /// Reads every queued event.
    private func readEvents(into changed: inout Set<String>) {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        buffer.withUnsafeBytes { raw in
          var offset = 0
          while offset + MemoryLayout<inotify_event>.size <= count {
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + MemoryLayout<inotify_event>.size
            let nameBytes = raw[nameStart..<min(count, nameStart + Int(event.len))]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset = nameStart + Int(event.len)
            handle(event, name: name, into: &changed)
          }
        }
      }
    }

    private func handle(_ event: inotify_event, name: String, into changed: inout Set<String>) {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        // Events were lost: say every root changed, and watch what is there now.
        changed.formUnion(roots)
        for root in roots { watchTree(root, found: &changed) }
        return
      }
      if event.mask & UInt32(IN_IGNORED) != 0 {
        folderOf[event.wd] = nil
        return
      }
      guard let folder = folderOf[event.wd] else {
        // A watched parent of a root that did not exist: watch the root if it is there.
        for root in roots where !folderOf.values.contains(root) {
          watchIfThere(root, found: &changed)
        }
        return
      }
      if name.isEmpty {
        // The folder itself was removed or moved: a change; a root is awaited again.
        if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
          changed.insert(folder)
          if roots.contains(folder) {
            unwatch(folder)
            awaitRoot(folder)
            // A folder put back before this event was read sends its parent nothing more.
            watchIfThere(folder, found: &changed)
          }
        }
        return
      }
      guard !name.hasPrefix(".") else { return }
      let path = DirectoryEntries.path(of: name, in: folder)
      guard event.mask & UInt32(IN_ISDIR) != 0 else {
        changed.insert(path)
        return
      }
      // A folder that appears is watched, and its files are changes; one that goes away
      // is a change (its files' own events may not come when it was moved).
      if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
        watchTree(path, found: &changed)
      } else if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
        changed.insert(path)
        unwatch(path)
      }
    }
  }
#endif
