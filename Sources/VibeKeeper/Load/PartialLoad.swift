import Foundation

/// Some records of a data folder, decoded as they are asked for: a record by its id, every
/// file of a kind, or a log kind's files for some months. The daily actions read through
/// it, so appending one line decodes a few files, not the whole household.
///
/// What it has read is a `Household` of those records only. A reference is checked (and a
/// record naming one that does not exist left out, as the loader does) only when its
/// target's kind was read whole.
public struct PartialLoad: Sendable {
  private let loader: DataLoader
  private let context: DecodeContext
  /// The records read so far.
  public private(set) var household: Household
  /// The problems of the settings files.
  public let settingsDiagnostics: [Diagnostic]
  /// What each file read gave, by path.
  private var outputs: [String: RecordFile.Output] = [:]
  /// The stamp of each file as it was read (nil when it could not be read).
  private var stamps: [String: FileStamp] = [:]
  /// The kinds whose every file has been read.
  public private(set) var wholeKinds: Set<RecordKind> = []
  /// The record files of each kind listed so far.
  private var listed: [RecordKind: [DataFolderScan.FoundFile]] = [:]
  /// The real path of the data folder (a file read by name must be inside it).
  private let rootReal: String

  /// Nothing read yet but the settings of `loader`'s data folder.
  public init(loader: DataLoader) {
    self.loader = loader
    let scan = DataFolderScan(root: loader.root, displayRoot: loader.displayRoot, kinds: [])
    let (settings, _, problems, _) = loader.readSettings(scan)
    settingsDiagnostics = problems
    context = DecodeContext(settings: settings, schema: loader.schema)
    household = Household()
    household.settings = settings
    rootReal = loader.root.resolvingSymlinksInPath().standardizedFileURL.path
  }

  /// Reads every file of each of `kinds`.
  public mutating func readAll(_ kinds: RecordKind...) {
    for kind in kinds where !wholeKinds.contains(kind) {
      read(files(of: kind))
      wholeKinds.insert(kind)
    }
    assemble()
  }

  /// Reads everything: what the loader would.
  public mutating func readEverything() {
    let kinds = RecordKind.allCases.filter { !wholeKinds.contains($0) }
    let scan = DataFolderScan(
      root: loader.root, displayRoot: loader.displayRoot, kinds: Set(kinds))
    read(scan.files)
    wholeKinds.formUnion(kinds)
    assemble()
  }

  /// Reads the record of `kind` with `id`: its own file (`items/oat-milk.yml`, `.md` or
  /// `.yaml`) when that holds it, else every file of the kind (the record may give itself
  /// another id, or not exist).
  public mutating func read(_ kind: RecordKind, id: String) {
    readRecord(kind, id: id)
    assemble()
  }

  private mutating func readRecord(_ kind: RecordKind, id: String) {
    guard !wholeKinds.contains(kind) else { return }
    if let file = ownFile(kind, id: id) {
      read([file])
      if outputs[file.path]?.records.contains(where: { $0.meta.id == id }) == true { return }
    }
    read(files(of: kind))
    wholeKinds.insert(kind)
  }

  /// Reads a log kind's files for the months from `first` to `last`: its monthly files
  /// (`purchases/2026/11.yml`) of those months and every file not named by month.
  public mutating func read(_ kind: RecordKind, months first: LocalDate, _ last: LocalDate) {
    guard !wholeKinds.contains(kind) else { return }
    let range = (first.year * 12 + first.month)...(last.year * 12 + last.month)
    read(files(of: kind).filter { Self.month(of: $0.path).map(range.contains) ?? true })
    assemble()
  }

  /// Reads the records that `references` name, so a check of them sees whether they exist.
  mutating func read(targetsOf references: some Sequence<Reference>) {
    var known: [RecordKind: Set<String>] = [:]
    for ref in references where !wholeKinds.contains(ref.target) {
      let ids = known[ref.target] ?? decodedIDs(of: ref.target)
      known[ref.target] = ids
      guard !ids.contains(ref.id) else { continue }
      readRecord(ref.target, id: ref.id)
      known[ref.target] = decodedIDs(of: ref.target)
    }
    assemble()
  }

  /// The ids of the records of `kind` read so far.
  private func decodedIDs(of kind: RecordKind) -> Set<String> {
    Set(
      outputs.lazy.filter { $0.key.hasPrefix(kind.folder + "/") }.flatMap { $0.value.records }
        .map(\.meta.id))
  }

  /// The references that the record files `changes` add: those after the change that were
  /// not there before. (The writer's check compares a file's errors before and after, so a
  /// reference there in both cancels out, whether its record exists or not.)
  func addedReferences(in changes: [FileChange]) -> [Reference] {
    changes.flatMap { change -> [Reference] in
      guard let kind = RecordKind.allCases.first(where: { change.path.hasPrefix($0.folder + "/") })
      else { return [] }
      let file = RecordFile(kind: kind, path: change.path, displayPath: change.path)
      func references(_ text: String) -> [Reference] {
        let output = file.decode(Array(text.utf8), context: context)
        return Array(output.references.joined()) + output.leftOut.flatMap(\.references)
      }
      struct Name: Hashable {
        let target: RecordKind
        let id: String
      }
      var before = Dictionary(
        (change.before.map(references) ?? []).map { (Name(target: $0.target, id: $0.id), 1) },
        uniquingKeysWith: +)
      return references(change.after).filter { ref in
        let name = Name(target: ref.target, id: ref.id)
        guard let n = before[name], n > 0 else { return true }
        before[name] = n - 1
        return false
      }
    }
  }

  // MARK: Files

  /// The record files of `kind`, listed once.
  private mutating func files(of kind: RecordKind) -> [DataFolderScan.FoundFile] {
    if let known = listed[kind] { return known }
    let found =
      DataFolderScan(root: loader.root, displayRoot: loader.displayRoot, kinds: [kind]).files
    listed[kind] = found
    return found
  }

  /// The file that gives its record `id` by its name, when there is one inside the kind's
  /// folder (no link leads out of it; no hidden or `_` name, which the loader skips).
  private func ownFile(_ kind: RecordKind, id: String) -> DataFolderScan.FoundFile? {
    guard RecordFile.isValidID(id),
      !id.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0.hasPrefix("_") })
    else { return nil }
    let folder = loader.root.appendingPathComponent(kind.folder)
    let folderReal = folder.resolvingSymlinksInPath().standardizedFileURL.path
    guard folderReal.hasPrefix(rootReal + "/") else { return nil }
    for ext in ["md", "yml", "yaml"] {
      let path = kind.folder + "/" + id + "." + ext
      let url = loader.root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      let real = url.resolvingSymlinksInPath().standardizedFileURL.path
      guard real.hasPrefix(folderReal + "/") else { return nil }
      return DataFolderScan.FoundFile(kind: kind, path: path, fullPath: url.path)
    }
    return nil
  }

  /// The month a log file is named for (`purchases/2026/11.yml`, or `2026/1.yml`:
  /// 2026 × 12 + 11), nil for a file not named by month.
  static func month(of path: String) -> Int? {
    let parts = path.split(separator: "/")
    guard parts.count == 3, parts[1].count == 4, let year = Int(parts[1]) else { return nil }
    let name = parts[2].lowercased()
    guard let dot = name.firstIndex(of: "."), ["yml", "yaml"].contains(name[dot...].dropFirst())
    else { return nil }
    let digits = name[..<dot]
    guard (1...2).contains(digits.count), let month = Int(digits), (1...12).contains(month) else {
      return nil
    }
    return year * 12 + month
  }

  /// Whether the file at `path` (inside the data folder) is still the version read: same
  /// size, times and inode. False when it was not read or has changed since, so an edit
  /// planned from what was read (the third entry of a list) is never made in another text.
  func isUnchanged(_ path: String) -> Bool {
    guard let read = stamps[path] else { return false }
    return FileStamp(path: loader.root.appendingPathComponent(path).path) == read
  }

  /// Where a record of `kind` read so far was left out for an error (and the error), found
  /// by its id or the last part of it (`mom` of `family/mom`); nil when none was.
  public func leftOut(_ kind: RecordKind, named name: String) -> (
    id: String, at: SourceLocation, message: String?
  )? {
    let files = outputs.filter { $0.key.hasPrefix(kind.folder + "/") }.sorted { $0.key < $1.key }
    let all = files.flatMap { file in
      file.value.leftOut.filter { $0.kind == kind }.map { (file.value, $0) }
    }
    guard
      let (file, found) = all.first(where: { $0.1.id == name })
        ?? all.first(where: { $0.1.id.split(separator: "/").last == Substring(name) })
    else { return nil }
    // Said at its first error (the record's own line when there is none after it).
    let error = file.diagnostics.first {
      $0.severity == .error && $0.location.file == found.location.file
        && $0.location.line >= found.location.line
    }
    return (found.id, error?.location ?? found.location, error?.message)
  }

  /// Where the files of `kind` read so far hold an unresolved merge conflict (none of their
  /// records are read), in path order.
  public func conflicts(in kind: RecordKind) -> [SourceLocation] {
    outputs.filter { $0.key.hasPrefix(kind.folder + "/") }.sorted { $0.key < $1.key }.flatMap {
      $0.value.diagnostics.filter { $0.message == ConflictMarkers.message }.map(\.location)
    }
  }

  /// Decodes `files` not read yet, in parallel as the loader does.
  private mutating func read(_ files: [DataFolderScan.FoundFile]) {
    let new = files.filter { outputs[$0.path] == nil }
    let (loader, context) = (loader, context)
    let decoded = Parallel.map(new.count, jobs: new.count > 16 ? loader.jobs : 1) { i in
      loader.decodeFile(new[i], context: context)
    }
    for (file, outcome) in zip(new, decoded) {
      outputs[file.path] = outcome.output
      stamps[file.path] = outcome.stamp
    }
  }

  /// The household of every file read, in path order (as the loader assembles it).
  private mutating func assemble() {
    var assembly = HouseholdAssembly(settings: household.settings)
    assembly.add(contentsOf: outputs.sorted { $0.key < $1.key }.map(\.value))
    household = assembly.finish(checking: wholeKinds).0
  }
}
