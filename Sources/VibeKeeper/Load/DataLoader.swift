import Foundation

/// The first stage of the pipeline: reads a data folder into a `Household`, collecting a
/// diagnostic for every problem instead of stopping at the first. One bad record never
/// keeps the others from loading, and nothing in the folder is ever written.
public struct DataLoader: Sendable {
  /// The data folder.
  public let root: URL
  /// How the folder is named in diagnostics (`data`), usually as the user typed it.
  public let displayRoot: String

  /// The description of every kind the records follow.
  public var schema = RecordSchema.standard

  /// How many files are decoded at once (default: one per processor).
  public var jobs = Parallel.defaultJobs

  /// How long before a load began a file must have been last written for the next load to
  /// trust its stamp (file times have a coarse tick: an edit in the same tick as the read
  /// would keep the stamp). Two seconds.
  public var settleTime: Duration = .seconds(2)

  /// How secret feeds without a secret on this machine are reported: a warning when the
  /// data is only read (`check` in a clone, a commit hook, CI: the secret never leaves the
  /// machine that publishes), an error for a build that publishes (its feeds are left out).
  public var missingFeedSecret = Severity.warning

  /// Creates a loader for `root`; `displayRoot` defaults to the path as given.
  public init(root: URL, displayRoot: String? = nil) {
    self.root = root
    var shown = displayRoot ?? root.relativePath
    while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
    self.displayRoot = shown == "." ? "" : shown
  }

  /// What loading gives: the household and the diagnostics, sorted by file and position.
  public struct Result: Sendable {
    /// Every valid record.
    public var household: Household
    /// Errors, warnings and notes, in file order.
    public var diagnostics: [Diagnostic]
    /// How many record files were read and decoded (the others came from the cache).
    public var decodedFiles: Int
    /// Whether the data folder could be read at all (false: it is missing, a file, or
    /// not readable); a build must not publish what such a load gives.
    public var folderReadable = true
    /// Whether the settings have no error (see `readSettings`); a build must not publish
    /// with settings that are not the user's.
    public var settingsUsable = true
  }

  /// Loads the folder.
  public func load() -> Result {
    run(reusing: nil, keep: false).0
  }

  /// Loads the folder, reusing what `cache` (from an earlier load of this folder) holds for
  /// files that have not changed, and returns the cache for the next load. The result is
  /// the same as `load()`'s.
  ///
  /// `changed` (paths inside the folder) are the files a watcher saw change since the load
  /// that made `cache` began (a folder that appears names its files): the other files
  /// `cache` holds are then taken without a look at their stamps, unless a link leads to
  /// a file in the folder (whose changes no event names). A few named files that keep
  /// their records' ids and references are put into the household the last load put
  /// together, without a scan of the folder (`HouseholdPatch`).
  public func load(reusing cache: LoadCache?, changed: Set<String>? = nil) -> (Result, LoadCache) {
    run(reusing: cache, keep: true, changed: changed)
  }

  private func run(reusing cache: LoadCache?, keep: Bool, changed: Set<String>? = nil) -> (
    Result, LoadCache
  ) {
    let started = DataLoader.nanosecondsSince1970()
    if keep, let cache, let changed,
      let patched = patched(cache, changed: changed, started: started)
    {
      return patched
    }
    let scan = DataFolderScan(root: root, displayRoot: displayRoot)
    var diagnostics = scan.diagnostics
    let (settings, settingsBytes, settingsProblems, settingsUsable) = readSettings(scan)
    diagnostics += settingsProblems
    let context = DecodeContext(settings: settings, schema: schema)
    let key = LoadCache.Key(
      root: root.path, displayRoot: displayRoot, settings: settingsBytes.main,
      localSettings: settingsBytes.local)
    let reusable = cache?.key == key ? cache?.entries ?? [:] : [:]
    let files = scan.files
    let trusted = scan.metLinks ? nil : changed
    // A few files the watcher named are compared one by one (no hash per file); many (a
    // branch switched) are looked up.
    let named = trusted.map { $0.count <= 16 ? NamedFiles.few(Array($0)) : .many($0) }
    let outputs = Parallel.map(files.count, jobs: jobs) { i in
      let file = files[i]
      guard let entry = reusable[file.path] else { return decodeFile(file, context: context) }
      if named.map({ !$0.names(file.path) }) == true
        || FileStamp(path: file.fullPath) == entry.stamp,
        let output = entry.output
      {
        return FileOutcome(
          output: output, stamp: entry.stamp, reused: true, hadEntry: true,
          keptWhole: entry.decoded != nil)
      }
      var decoded = decodeFile(file, context: context)
      decoded.hadEntry = true
      return decoded
    }
    var assembly = HouseholdAssembly(settings: settings)
    assembly.add(contentsOf: outputs.lazy.map(\.output))
    var (household, more) = assembly.finish()
    household.media = scan.media
    diagnostics += more
    let result = Result(
      household: household, diagnostics: DataLoader.ordered(diagnostics),
      decodedFiles: outputs.count { !$0.reused }, folderReadable: scan.readable,
      settingsUsable: settingsUsable)
    guard keep else { return (result, LoadCache()) }
    let settled = started - settleTime.nanoseconds
    let basis =
      scan.readable
      ? HouseholdPatch.Basis(
        household: household, diagnostics: result.diagnostics, files: files,
        outputs: outputs.map(\.output), involved: assembly.involved, metLinks: scan.metLinks,
        settingsUsable: settingsUsable) : nil
    // The same files as the cache, every reused entry already decoded: the cache's table is
    // kept, with only the decoded files' entries made again (not 10,000 insertions).
    if reusable.count == files.count,
      outputs.allSatisfy({ $0.hadEntry && (!$0.reused || $0.keptWhole) })
    {
      var entries = reusable
      for (file, outcome) in zip(files, outputs) where !outcome.reused {
        guard let stamp = outcome.stamp, stamp.isSettled(before: settled) else {
          entries[file.path] = nil
          continue
        }
        entries[file.path] = LoadCache.Entry(stamp: stamp, output: outcome.output)
      }
      return (result, LoadCache(key: key, entries: entries, assembled: basis))
    }
    var entries: [String: LoadCache.Entry] = [:]
    entries.reserveCapacity(files.count)
    for (file, outcome) in zip(files, outputs) {
      guard let stamp = outcome.stamp, stamp.isSettled(before: settled) else { continue }
      // A reused entry keeps its byte form, so the cache file is not encoded again.
      let stored = outcome.reused ? reusable[file.path]?.stored : nil
      entries[file.path] = LoadCache.Entry(stamp: stamp, output: outcome.output, stored: stored)
    }
    return (result, LoadCache(key: key, entries: entries, assembled: basis))
  }

  /// The settings (`vibekeeper.yml` and this machine's `vibekeeper.local.yml`) that `scan`
  /// found, their bytes (for the cache key), their problems, and whether they are fit to
  /// publish with (no error but the missing feed secret, whose feeds are left out: a
  /// broken file would fall back to defaults, open feeds and nothing private).
  func readSettings(_ scan: DataFolderScan) -> (Settings, SettingsBytes, [Diagnostic], Bool) {
    var diagnostics: [Diagnostic] = []
    var settings = Settings()
    var settingsBytes: [UInt8]?
    var channels: NotifySettingsDecoder.Source?
    if let url = scan.settingsURL {
      let display = shown(url.lastPathComponent)
      if let problem = DataLoader.unreadable(url, display: display) {
        // Not the defaults: those would open the feeds and publish what is private.
        diagnostics.append(problem)
      } else if let bytes = FileManager.default.contents(atPath: url.path) {
        settingsBytes = [UInt8](bytes)
        switch SourceText.decode([UInt8](bytes), file: display) {
        case .failure(let d): diagnostics.append(d)
        case .success(let text) where ConflictMarkers.firstLine(in: text.text) != nil:
          let line = ConflictMarkers.firstLine(in: text.text) ?? 1
          diagnostics.append(ConflictMarkers.diagnostic(file: display, line: line))
        case .success(let text):
          let (node, d1) = YAMLReader(file: display, lineOffset: 0).read(Substring(text.text))
          let (s, d2, c) = SettingsDecoder.decode(node, file: display)
          settings = s
          channels = c
          diagnostics += d1 + d2
        }
      }
    }
    if let url = scan.localSettingsURL,
      let problem = DataLoader.unreadable(url, display: shown(url.lastPathComponent))
    {
      diagnostics.append(problem)
    }
    let local = scan.localSettingsURL
      .flatMap { FileManager.default.contents(atPath: $0.path) }.map { [UInt8]($0) }
    diagnostics += LocalSettings.read(
      bytes: local, display: shown, channels: channels, into: &settings)
    let usable = !diagnostics.hasErrors
    // A secret that is there but wrong, or a local file that cannot be read, is said as
    // such already: not also as a secret that is missing.
    let localSaid = diagnostics.contains {
      $0.severity == .error && $0.location.file.hasSuffix(LocalSettings.fileName)
    }
    if !localSaid,
      let missing = LocalSettings.missingSecret(
        settings, settingsText: settingsBytes.map { String(decoding: $0, as: UTF8.self) },
        display: shown, severity: missingFeedSecret)
    {
      diagnostics.append(missing)
    }
    return (settings, SettingsBytes(main: settingsBytes, local: local), diagnostics, usable)
  }

  /// An error when the settings file at `url` is there but cannot be read: a folder, a
  /// link to nothing, or a file this user may not read.
  static func unreadable(_ url: URL, display: String) -> Diagnostic? {
    var isDir: ObjCBool = false
    let why: String
    if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) {
      why = "is a link to nothing"
    } else if isDir.boolValue {
      why = "is a folder, not a file"
    } else if !FileManager.default.isReadableFile(atPath: url.path) {
      why = "cannot be read (no permission)"
    } else {
      return nil
    }
    return Diagnostic(
      .error, SourceLocation(file: display, line: 1, column: 1),
      "\(url.lastPathComponent) \(why); the settings say what is private and where the feeds go, so nothing is published without them",
      hint: "make it a readable file (chmod u+r), or remove it to use the defaults")
  }

  /// The bytes of both settings files as decoded (nil: no such file).
  struct SettingsBytes {
    let main: [UInt8]?
    let local: [UInt8]?
  }

  /// The files the watcher named: a few, compared one by one, or many, in a set.
  enum NamedFiles: Sendable {
    case few([String])
    case many(Set<String>)

    /// Whether `path` is among them.
    func names(_ path: String) -> Bool {
      switch self {
      case .few(let list): list.contains(path)
      case .many(let set): set.contains(path)
      }
    }
  }

  /// What one file gave, with the stamp of the version read (nil when it could not be read,
  /// so it is never reused).
  struct FileOutcome: Sendable {
    let output: RecordFile.Output
    let stamp: FileStamp?
    let reused: Bool
    /// Whether the cache had an entry for the file (reused or not).
    var hadEntry = false
    /// Whether the entry reused was already decoded (not the decode cache file's bytes).
    var keptWhole = false
  }

  /// Reads and decodes one record file (a pure function of the file, so files decode in
  /// parallel).
  func decodeFile(_ file: DataFolderScan.FoundFile, context: DecodeContext)
    -> FileOutcome
  {
    let recordFile = RecordFile(kind: file.kind, path: file.path, displayPath: shown(file.path))
    var failed = RecordFile.Output()
    switch FileBytes.read(file.fullPath, limit: DataFolderScan.maxFileSize) {
    case .bytes(let bytes, let stamp):
      return FileOutcome(
        output: recordFile.decode(bytes, context: context), stamp: stamp, reused: false)
    case .tooLarge(let size, let stamp):
      let mb = String(format: "%.1f", Double(size) / 1_048_576)
      failed.diagnostics.append(
        Diagnostic(
          .error, SourceLocation(file: recordFile.displayPath, line: 1, column: 1),
          "the file is \(mb) MB; record files are limited to \(DataFolderScan.maxFileSize / 1_048_576) MB",
          hint: "split it into several files, e.g. one per month (purchases/2026/11.yml)"))
      failed.leftOut = recordFile.leftOutWhole(
        at: SourceLocation(file: recordFile.displayPath, line: 1, column: 1))
      return FileOutcome(output: failed, stamp: stamp, reused: false)
    case .unreadable:
      let location = SourceLocation(file: recordFile.displayPath, line: 1, column: 1)
      let why =
        FileManager.default.isReadableFile(atPath: file.fullPath)
        ? "the file cannot be read" : "the file cannot be read (no permission)"
      failed.diagnostics.append(
        Diagnostic(
          .error, location, why,
          hint: "make it readable (chmod u+r), or move it out of the data folder"))
      failed.leftOut = recordFile.leftOutWhole(at: location)
      return FileOutcome(output: failed, stamp: nil, reused: false)
    }
  }

  /// A path inside the folder as diagnostics show it.
  func shown(_ rel: String) -> String {
    displayRoot.isEmpty ? rel : displayRoot + "/" + rel
  }

  /// The wall-clock time in nanoseconds since 1970 (compared with file times only).
  private static func nanosecondsSince1970() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  /// Diagnostics in a stable order: by file, line, column, then message.
  static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.sorted {
      ($0.location, $0.message) < ($1.location, $1.message)
    }
  }
}

extension Duration {
  /// The duration in whole nanoseconds.
  var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}
