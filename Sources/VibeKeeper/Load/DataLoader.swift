import Foundation

/// The first stage of the pipeline: reads a data folder into a `Household`, collecting a
/// diagnostic for every problem instead of stopping at the first. One bad record never
/// keeps the others from loading, and nothing in the folder is ever written.
public struct DataLoader: Sendable {
  /// The data folder.
  public let root: URL
  /// How the folder is named in diagnostics (`data`), usually as the user typed it.
  public let displayRoot: String

  /// How many files are decoded at once (default: one per processor).
  public var jobs = Parallel.defaultJobs

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
  }

  /// Loads the folder.
  public func load() -> Result {
    let scan = DataFolderScan(root: root, displayRoot: displayRoot)
    var diagnostics = scan.diagnostics
    var settings = Settings()
    if let url = scan.settingsURL {
      let display = shown(url.lastPathComponent)
      if let bytes = FileManager.default.contents(atPath: url.path) {
        switch SourceText.decode([UInt8](bytes), file: display) {
        case .failure(let d): diagnostics.append(d)
        case .success(let text):
          let (node, d1) = YAMLReader(file: display, lineOffset: 0).read(Substring(text.text))
          let (s, d2) = SettingsDecoder.decode(node, file: display)
          settings = s
          diagnostics += d1 + d2
        }
      }
    }
    let context = DecodeContext(
      settings: settings,
      clock: LocalClock(now: Date(timeIntervalSince1970: 0), timeZone: settings.timeZone))
    let files = scan.files
    let outputs = Parallel.map(files.count, jobs: jobs) { i in
      decodeFile(files[i], context: context)
    }
    var assembly = HouseholdAssembly(settings: settings)
    for output in outputs { assembly.add(output) }
    var (household, more) = assembly.finish()
    household.media = scan.media
    diagnostics += more
    return Result(household: household, diagnostics: DataLoader.ordered(diagnostics))
  }

  /// Reads and decodes one record file (a pure function of the file, so files decode in
  /// parallel).
  private func decodeFile(_ file: DataFolderScan.FoundFile, context: DecodeContext)
    -> RecordFile.Output
  {
    let recordFile = RecordFile(kind: file.kind, path: file.path, displayPath: shown(file.path))
    var failed = RecordFile.Output()
    guard file.size <= DataFolderScan.maxFileSize else {
      let mb = String(format: "%.1f", Double(file.size) / 1_048_576)
      failed.diagnostics.append(
        Diagnostic(
          .error, SourceLocation(file: recordFile.displayPath, line: 1, column: 1),
          "the file is \(mb) MB; record files are limited to \(DataFolderScan.maxFileSize / 1_048_576) MB",
          hint: "split it into several files, e.g. one per month (purchases/2026/11.yml)"))
      return failed
    }
    guard let data = FileManager.default.contents(atPath: file.url.path) else {
      failed.diagnostics.append(
        Diagnostic(
          .error, SourceLocation(file: recordFile.displayPath, line: 1, column: 1),
          "the file cannot be read"))
      return failed
    }
    return recordFile.decode([UInt8](data), context: context)
  }

  private func shown(_ rel: String) -> String {
    displayRoot.isEmpty ? rel : displayRoot + "/" + rel
  }

  /// Diagnostics in a stable order: by file, line, column, then message.
  static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.sorted {
      ($0.location, $0.message) < ($1.location, $1.message)
    }
  }
}
