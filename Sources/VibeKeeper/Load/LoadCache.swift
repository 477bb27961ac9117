/// What one load of a data folder decoded, kept so the next load of the same folder in the
/// same process (`watch`, an incremental build) decodes only the files that changed.
///
/// A file's records and diagnostics are reused when its stamp (size, modification and
/// status-change times in nanoseconds, inode, device) is the one recorded and the file was
/// settled (last written more than `DataLoader.settleTime` before the load that read it
/// began). A different settings file (any byte) or a different folder makes the whole cache
/// void. The cache is a value: keep the one a load returns and pass it to the next load.
public struct LoadCache: Sendable {
  /// Which folder, shown how, with which settings files' bytes (nil: no such file).
  struct Key: Equatable, Sendable {
    let root: String
    let displayRoot: String
    let settings: [UInt8]?
    /// This machine's `vibekeeper.local.yml`, which changes settings decoding uses too.
    var localSettings: [UInt8]? = nil
  }

  /// One file's stamp and what decoding it gave: the records themselves, or their byte
  /// form as read from the decode cache file (decoded when the file is found unchanged).
  struct Entry: Sendable {
    let stamp: FileStamp
    let decoded: RecordFile.Output?
    let stored: StoredBytes?

    /// An entry of what a load decoded (with its byte form, when it came from the file).
    init(stamp: FileStamp, output: RecordFile.Output, stored: StoredBytes? = nil) {
      self.stamp = stamp
      decoded = output
      self.stored = stored
    }

    /// An entry as the decode cache file holds it.
    init(stamp: FileStamp, stored: StoredBytes) {
      self.stamp = stamp
      decoded = nil
      self.stored = stored
    }

    /// What decoding the file gave; nil when the stored bytes are not a decoded file (the
    /// file is then decoded again).
    var output: RecordFile.Output? {
      if let decoded { return decoded }
      return stored.flatMap { try? $0.decode(RecordFile.Output.self) }
    }
  }

  let key: Key?
  /// By path inside the data folder (`gifts/mom/pottery.md`).
  let entries: [String: Entry]
  /// What the load put together, which the next load told of a few changed files patches
  /// (nil: that load assembles every record again).
  let assembled: HouseholdPatch.Basis?

  /// An empty cache (the first load decodes everything).
  public init() {
    key = nil
    entries = [:]
    assembled = nil
  }

  init(key: Key, entries: [String: Entry], assembled: HouseholdPatch.Basis? = nil) {
    self.key = key
    self.entries = entries
    self.assembled = assembled
  }

  /// How many files' results the cache holds.
  public var fileCount: Int { entries.count }

  /// Whether the cache holds nothing of an earlier load (a process's first build reads the
  /// decode cache file instead).
  public var isEmpty: Bool { entries.isEmpty && assembled == nil }

  /// The cache without the byte forms read from the decode cache file (once that file is
  /// written, a process that keeps the cache needs only the decoded records).
  var decodedOnly: LoadCache {
    guard let key else { return self }
    return LoadCache(
      key: key,
      entries: entries.compactMapValues { entry in
        entry.decoded.map { LoadCache.Entry(stamp: entry.stamp, output: $0) }
      }, assembled: assembled)
  }

}
