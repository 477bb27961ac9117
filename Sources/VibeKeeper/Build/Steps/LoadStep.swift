import Foundation

/// Everything a build reads from the data folder, read in one step: the records with the
/// loader's diagnostics, the media files, and when git last saw each file.
public struct LoadedData: Sendable {
  /// Every valid record.
  public var household: Household
  /// The loader's diagnostics, by file and position.
  public var diagnostics: [Diagnostic]
  /// Record files decoded (the others came from the cache).
  public var decodedFiles: Int
  /// What this load decoded, for the next load in the same process.
  public var cache: LoadCache?
  /// Each media file (its hash and first bytes, not its content), by path inside the data
  /// folder.
  public var media: [String: MediaFile]
  /// The latest commit time of each file (empty outside git).
  public var commitTimes: CommitTimes
  /// The history those times were read from, for the next build (nil outside git, or
  /// when the history was not read).
  public var gitHistory: GitHistory?
  /// Whether the data folder could be read at all.
  public var folderReadable: Bool
  /// Whether the settings have no error: a build must not publish with settings that are
  /// not the user's (a broken `vibekeeper.yml` would open the feeds and show the private).
  public var settingsUsable = true
}

/// The first step: reads the data folder. Records load while git tells when each file last
/// changed; a step that only checks reads neither git nor the media bytes.
struct LoadStep {
  let data: URL
  let display: String
  let jobs: Int
  /// What an earlier load in this process decoded (`watch`).
  let cache: LoadCache?
  /// Whether the media bytes and git history are read (not needed to check).
  let readsEverything: Bool
  /// What an earlier build read of the git history (only the commits since are read).
  var knownHistory: GitHistory? = nil
  /// The files (inside the data folder) a watcher saw change since `cache`'s load began
  /// (see `DataLoader.load(reusing:changed:)`); nil: every file's stamp is looked at.
  var changed: Set<String>? = nil

  func run() -> LoadedData {
    var loader = DataLoader(root: data, displayRoot: display)
    loader.jobs = jobs
    // A build that publishes leaves secret feeds out without their secret: an error.
    if readsEverything { loader.missingFeedSecret = .error }
    let history = readsEverything
    let ((result, cache), gitHistory) = Parallel.pair(
      { [loader, self] in
        self.cache.map { loader.load(reusing: $0, changed: changed) } ?? (loader.load(), nil)
      },
      { [data, knownHistory] in
        history ? GitCommitTimes.read(dataFolder: data, after: knownHistory) : nil
      })
    let paths = result.household.media
    return LoadedData(
      household: result.household, diagnostics: result.diagnostics,
      decodedFiles: result.decodedFiles, cache: cache,
      media: history ? MediaFiles.read(paths, in: data) : MediaFiles.unread(paths, in: data),
      commitTimes: gitHistory?.times ?? CommitTimes(), gitHistory: gitHistory,
      folderReadable: result.folderReadable,
      settingsUsable: result.settingsUsable)
  }
}
