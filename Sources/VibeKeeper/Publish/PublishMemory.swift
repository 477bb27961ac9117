import Foundation

/// What a process that publishes again and again (`watch`, `serve`) keeps of the files
/// beside the output, so a rebuild does not parse them again: the manifests by their hash
/// (with the order of their files when this process wrote them), the last build state with
/// the bytes it was read from or written as, the last listing of each tree with the stamps
/// of its folders and what it holds of a manifest (`TreeKnowledge`), and the paths the last
/// publish checked.
///
/// A manifest list is named by the hash of its bytes, so the one a marker names is the one
/// kept under that hash (its file must still be there); a build state is taken only when
/// the file's bytes are, byte for byte, the ones it was made of; a listing only while each
/// of its folders has the modification time it had, settled, when it was listed
/// (`TreeListing.isCurrent`).
public final class PublishMemory: @unchecked Sendable {
  private let lock = NSLock()
  /// Manifests by hash, the most recently used last, with the order the publish that wrote
  /// one had its files in (nil for a manifest read from disk).
  private var manifests:
    [(hash: ContentHash, manifest: SiteManifest, ordered: TreeKnowledge.Ordered?)] = []
  /// What each recent listing holds of a manifest (`TreeKnowledge`), by the listing's
  /// identity (`TreeListing.identity`) and the manifest's hash.
  private var knowledge: [(listing: [UInt64], hash: ContentHash, known: TreeKnowledge)] = []
  /// The last build state and its bytes.
  private var state: (bytes: [UInt8], state: BuildState)?
  /// The last listings of the trees (the output and the spare), by their root folder's
  /// device and inode, which stay with a tree when it is exchanged with the other; taken
  /// only while `TreeListing.isCurrent` says they still hold.
  private var listings: [[UInt64]: TreeListing] = [:]
  /// The paths the last publish checked, in order, with what `Publisher.checkPaths` made
  /// of them (a pure function of the paths).
  private var checked: (paths: [String], files: Set<String>, folders: Set<String>)?
  /// The listings being made on threads of their own (`Publisher`'s, after a publish).
  private let listing = DispatchGroup()
  /// How many listings were taken as kept (for the tests).
  private var taken = 0
  /// How many manifests are kept (the output's and the spare's, and the one being made).
  private static let manifestsKept = 4
  /// How many listings are kept (the output's and the spare's, and two more).
  private static let listingsKept = 4

  /// Nothing kept yet.
  public init() {}

  /// The manifest whose list hashes to `hash`, when kept.
  func manifest(_ hash: ContentHash) -> SiteManifest? {
    lock.withLock {
      guard let i = manifests.firstIndex(where: { $0.hash == hash }) else { return nil }
      let found = manifests.remove(at: i)
      manifests.append(found)
      return found.manifest
    }
  }

  /// Keeps `manifest`, whose list hashes to `hash`, with the order of its files when it
  /// was just written (a manifest read again keeps the order known for its hash).
  func remember(
    _ manifest: SiteManifest, hash: ContentHash, ordered: TreeKnowledge.Ordered? = nil
  ) {
    lock.withLock {
      let known = ordered ?? manifests.first { $0.hash == hash }?.ordered
      manifests.removeAll { $0.hash == hash }
      manifests.append((hash, manifest, known))
      if manifests.count > Self.manifestsKept {
        manifests.removeFirst(manifests.count - Self.manifestsKept)
      }
    }
  }

  /// What `listing` holds of `manifest`, whose list hashes to `hash`, and the manifest's
  /// order when this process wrote it: worked out once per listing and manifest.
  func knowledge(of listing: TreeListing, manifest: SiteManifest, hash: ContentHash)
    -> TreeKnowledge
  {
    let id = listing.identity
    if let id,
      let known = lock.withLock({
        knowledge.first { $0.listing == id && $0.hash == hash }?.known
      })
    {
      return known
    }
    let ordered = lock.withLock { manifests.first { $0.hash == hash }?.ordered }
    let known = TreeKnowledge(manifest, listing: listing, ordered: ordered)
    if let id {
      lock.withLock {
        knowledge.removeAll { $0.listing == id && $0.hash == hash }
        knowledge.append((id, hash, known))
        if knowledge.count > Self.listingsKept {
          knowledge.removeFirst(knowledge.count - Self.listingsKept)
        }
      }
    }
    return known
  }

  /// The build state read from or written as exactly `bytes`, when kept.
  func state(of bytes: [UInt8]) -> BuildState? {
    lock.withLock {
      guard let kept = state, kept.bytes == bytes else { return nil }
      return kept.state
    }
  }

  /// The last listing of the tree whose root folder is `folder`, when kept (it may be out
  /// of date).
  func listing(of folder: TreeListing.FolderStamp) -> TreeListing? {
    lock.withLock { listings[[folder.device, folder.inode]] }
  }

  /// Runs `work` (a listing to keep) on a thread of its own.
  func listInBackground(_ work: @escaping @Sendable () -> Void) {
    listing.enter()
    Thread.detachNewThread { [listing] in
      work()
      listing.leave()
    }
  }

  /// Waits until the listings being made in the background are kept (for the tests).
  func waitForListings() { listing.wait() }

  /// Counts a kept listing taken.
  func tookListing() { lock.withLock { taken += 1 } }

  /// How many kept listings were taken.
  var listingsTaken: Int { lock.withLock { taken } }

  /// Keeps `listing`.
  func remember(_ listing: TreeListing) {
    guard let root = listing.stamps[""] else { return }
    let key = [root.device, root.inode]
    lock.withLock {
      if listings[key] == nil, listings.count >= Self.listingsKept { listings.removeAll() }
      listings[key] = listing
    }
  }

  /// What `Publisher.checkPaths` made of `files`' paths, when the last publish checked the
  /// very same paths in the same order.
  func checkedPaths(_ files: [OutputFile]) -> (files: Set<String>, folders: Set<String>)? {
    lock.withLock {
      guard let checked, OutputFile.paths(of: files, are: checked.paths) else { return nil }
      return (checked.files, checked.folders)
    }
  }

  /// Keeps what `Publisher.checkPaths` made of `files`' paths.
  func rememberChecked(_ files: [OutputFile], _ result: (files: Set<String>, folders: Set<String>))
  {
    lock.withLock { checked = (files.map(\.path), result.files, result.folders) }
  }

  /// Keeps `state`, whose bytes are `bytes`.
  func remember(_ state: BuildState, bytes: [UInt8]) {
    lock.withLock { self.state = (bytes, state) }
  }
}
