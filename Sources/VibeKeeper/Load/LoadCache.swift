/// What one load of a data folder decoded, kept so the next load of the same folder in the
/// same process (`watch`, an incremental build) decodes only the files that changed.
///
/// A file's records and diagnostics are reused when its stamp (size, modification and
/// status-change times in nanoseconds, inode, device) is the one recorded and the file was
/// settled (last written more than `DataLoader.settleTime` before the load that read it
/// began). A different settings file (any byte) or a different folder makes the whole cache
/// void. The cache is a value: keep the one a load returns and pass it to the next load.
public struct LoadCache: Sendable {
  /// Which folder, shown how, with which settings file bytes (nil: no settings file).
  struct Key: Equatable, Sendable {
    let root: String
    let displayRoot: String
    let settings: [UInt8]?
  }

  /// One file's stamp and what decoding it gave.
  struct Entry: Sendable {
    let stamp: FileStamp
    let output: RecordFile.Output
  }

  let key: Key?
  /// By path inside the data folder (`gifts/mom/pottery.md`).
  let entries: [String: Entry]

  /// An empty cache (the first load decodes everything).
  public init() {
    key = nil
    entries = [:]
  }

  init(key: Key, entries: [String: Entry]) {
    self.key = key
    self.entries = entries
  }

  /// How many files' results the cache holds.
  public var fileCount: Int { entries.count }

}
