import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A load told which few files changed (`watch`, `serve`: the kernel's events name them)
/// takes the household the last load put together and puts the changed files' records in
/// place of the ones they gave before, instead of scanning the folder and assembling every
/// record again. It does so only where that is exactly what a whole load gives: each
/// changed file is a record file the last scan found and is still there, its records keep
/// their kinds, ids and the records they name, and the assembly had nothing to say about
/// it (no duplicate id, no reference left unresolved, no record left out). Anything else —
/// a file added, removed or renamed, the settings, a media file, anything the scan warned
/// about, a folder with a link in it, an id or a reference changed — makes the load whole
/// again. A named path that is not there and never was (an editor's temporary file) changes
/// nothing.
struct HouseholdPatch {
  /// What a whole load put together, kept in the `LoadCache` it returns for the next.
  struct Basis: Sendable {
    /// The records, put together (with the settings and media).
    var household: Household
    /// Every diagnostic of the load, in order.
    var diagnostics: [Diagnostic]
    /// The record files the scan found, in its order.
    var files: [DataFolderScan.FoundFile]
    /// What each of `files` gave in the whole load.
    var outputs: [RecordFile.Output]
    /// What the files patched in since gave, by position in `files`: kept beside `outputs`
    /// rather than in it, which the last load's cache shares (changing one element would
    /// copy them all).
    var patchedOutputs: [Int: RecordFile.Output] = [:]
    /// Where each file is in `files`, by path (made by the first patch, then kept).
    var positions: [String: Int]?
    /// The files the assembly said something about (`HouseholdAssembly.involved`).
    var involved: Set<String>
    /// Whether the scan met a link: a file reached through one changes with no event.
    var metLinks: Bool
    /// `DataLoader.Result.settingsUsable` of the load.
    var settingsUsable: Bool

    /// What the file at `index` of `files` gives now.
    func output(_ index: Int) -> RecordFile.Output {
      patchedOutputs[index] ?? outputs[index]
    }

    /// Whether the scan found something at `path` or under it, gone now: a record file, a
    /// media file, a settings file, or an entry it said something about (`gifts/notes.txt`,
    /// a folder it could not read). `shown` gives a path as diagnostics show it.
    func sawSomething(at path: String, shown: (String) -> String) -> Bool {
      let inside = path + "/"
      let settings = ["vibekeeper.yml", "vibekeeper.yaml", LocalSettings.fileName]
      let display = shown(path)
      return settings.contains(path)
        || files.contains { $0.path == path || $0.path.hasPrefix(inside) }
        || household.media.contains { $0 == path || $0.hasPrefix(inside) }
        || diagnostics.contains {
          $0.location.file == display || $0.location.file.hasPrefix(display + "/")
        }
    }
  }

  /// One changed record file: where it is in `Basis.files`, and what it gives now.
  struct Change {
    let index: Int
    let outcome: DataLoader.FileOutcome
  }

  /// `basis` with `changes` put in, or nil when a whole load is needed. `shown` gives a
  /// path as diagnostics show it.
  static func apply(_ changes: [Change], to basis: Basis, shown: (String) -> String) -> Basis? {
    var patched = basis
    var gone: [Diagnostic: Int] = [:]
    var added: [Diagnostic] = []
    for change in changes {
      let old = basis.output(change.index)
      let new = change.outcome.output
      guard !basis.involved.contains(shown(basis.files[change.index].path)),
        old.leftOut.isEmpty, new.leftOut.isEmpty, sameShape(old, new)
      else { return nil }
      for record in new.records {
        guard record.replaceByID(in: &patched.household) else { return nil }
      }
      patched.patchedOutputs[change.index] = new
      for d in old.diagnostics { gone[d, default: 0] += 1 }
      added += new.diagnostics
    }
    // Many files patched in over a long session: folded into `outputs` (one copy).
    if patched.patchedOutputs.count > 256 {
      for (i, output) in patched.patchedOutputs { patched.outputs[i] = output }
      patched.patchedOutputs = [:]
    }
    if !gone.isEmpty || !added.isEmpty {
      var kept: [Diagnostic] = []
      for d in basis.diagnostics {
        if let n = gone[d], n > 0 {
          gone[d] = n - 1
        } else {
          kept.append(d)
        }
      }
      // Every diagnostic the old versions gave must have been among the load's.
      guard gone.values.allSatisfy({ $0 == 0 }) else { return nil }
      patched.diagnostics = DataLoader.ordered(kept + added)
    }
    return patched
  }

  /// Whether two versions of a file give the same records to the assembly: as many, of the
  /// same kinds and ids, naming the same records.
  static func sameShape(_ a: RecordFile.Output, _ b: RecordFile.Output) -> Bool {
    guard a.records.count == b.records.count, a.references.count == b.references.count else {
      return false
    }
    for (x, y) in zip(a.records, b.records) {
      guard x.kind == y.kind, x.meta.id == y.meta.id else { return false }
    }
    for (x, y) in zip(a.references, b.references) {
      guard x.count == y.count,
        zip(x, y).allSatisfy({ $0.target == $1.target && $0.id == $1.id })
      else { return false }
    }
    return true
  }
}

extension DataLoader {
  /// The load `cache` makes a patch of (see `HouseholdPatch`) when the files a watcher
  /// named (`changed`) allow one; nil when the folder must be loaded whole. `started` is
  /// when this load began (nanoseconds since 1970).
  func patched(_ cache: LoadCache, changed: Set<String>, started: Int64) -> (Result, LoadCache)? {
    guard let basis = cache.assembled, !basis.metLinks, let key = cache.key,
      key.root == root.path, key.displayRoot == displayRoot, !changed.isEmpty, changed.count <= 16
    else { return nil }
    var positions = basis.positions ?? [:]
    if basis.positions == nil {
      positions.reserveCapacity(basis.files.count)
      for (i, file) in basis.files.enumerated() where positions[file.path] == nil {
        positions[file.path] = i
      }
    }
    let context = DecodeContext(settings: basis.household.settings, schema: schema)
    var changes: [HouseholdPatch.Change] = []
    for name in changed.sorted() {
      // What the scan never reads (`.git`, `_drafts`, an editor's `.swp`) changes nothing.
      if name.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0.hasPrefix("_") }) {
        continue
      }
      // (`String` keys call two spellings of one accented name equal: the bytes decide.)
      guard let i = positions[name], basis.files[i].path.utf8.elementsEqual(name.utf8) else {
        // Not a record file the scan found: a new file or folder, the settings, media, or
        // one gone since — unless nothing is there and nothing the scan saw was (an
        // editor's temporary file, renamed over the record).
        var info = stat()
        guard lstat(root.appendingPathComponent(name).path, &info) != 0, errno == ENOENT,
          !basis.sawSomething(at: name, shown: shown)
        else { return nil }
        continue
      }
      let file = basis.files[i]
      // A file removed (or made a folder) changes the scan.
      var info = stat()
      guard lstat(file.fullPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      if let entry = cache.entries[name], entry.stamp == FileStamp(info), entry.output != nil {
        continue
      }
      changes.append(HouseholdPatch.Change(index: i, outcome: decodeFile(file, context: context)))
    }
    guard var next = HouseholdPatch.apply(changes, to: basis, shown: shown) else { return nil }
    next.positions = positions
    let settled = started - settleTime.nanoseconds
    var entries = cache.entries
    for change in changes {
      let path = basis.files[change.index].path
      if let stamp = change.outcome.stamp, stamp.isSettled(before: settled) {
        entries[path] = LoadCache.Entry(stamp: stamp, output: change.outcome.output)
      } else {
        entries[path] = nil
      }
    }
    let result = Result(
      household: next.household, diagnostics: next.diagnostics, decodedFiles: changes.count,
      folderReadable: true, settingsUsable: next.settingsUsable)
    return (result, LoadCache(key: key, entries: entries, assembled: next))
  }
}

extension LoadedRecord {
  /// Puts the record in place of the one with its id in its kind's list (which is sorted
  /// by id, each id once); false when the list has no record with the id.
  func replaceByID(in h: inout Household) -> Bool {
    struct Replace: LoadedRecordVisitor {
      let household: UnsafeMutablePointer<Household>
      func visit<R: HouseholdRecord>(_ record: R) -> Bool {
        guard let i = Replace.position(of: record.meta.id, in: household.pointee[keyPath: R.list])
        else { return false }
        household.pointee[keyPath: R.list][i] = record
        return true
      }

      /// Where the record with `id` is in `records` (sorted by id), by bisection.
      static func position<R: HouseholdRecord>(of id: String, in records: [R]) -> Int? {
        var low = 0
        var high = records.count
        while low < high {
          let mid = (low + high) / 2
          if records[mid].meta.id < id { low = mid + 1 } else { high = mid }
        }
        return low < records.count && records[low].meta.id == id ? low : nil
      }
    }
    // In place, as `replace(at:in:)`: the household and its lists are not copied.
    return withUnsafeMutablePointer(to: &h) { p in
      var visitor = Replace(household: p)
      return accept(&visitor)
    }
  }
}
