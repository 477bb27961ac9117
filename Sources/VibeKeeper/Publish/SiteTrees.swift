import Foundation

/// Where a published site lives. The output path (`_site`) is a real folder: the site
/// published now. A hidden folder beside it (`._site.vibekeeper/`) holds the spare tree
/// (the site published before, brought up to date by the next publish), the build state
/// of each tree, and scratch space. A publish updates the spare tree, then exchanges it
/// with the output in one atomic step (`DirectorySwap`), so a reader of the output always
/// sees one complete site, and `cp -r`, `tar`, `rsync -a` or `find` of it see the files.
struct SiteTrees: Sendable {
  /// What is at the output path.
  enum Found: Equatable {
    /// Nothing yet.
    case nothing
    /// A real folder (the published site, an empty folder, or not ours).
    case folder
    /// The link to tree `a` or `b` that earlier versions published through; migrated to a
    /// real folder by the next publish.
    case earlierLink(String)
    /// A symbolic link VibeKeeper did not make, with its text.
    case otherLink(String)
    /// A file or anything else that is not a folder.
    case other
  }

  /// The output path.
  let output: String
  /// The hidden folder's name (`._site.vibekeeper`).
  let stateName: String
  /// The hidden folder beside the output.
  let state: String
  /// The output's parent folder.
  private let parent: String
  private let name: String

  /// The layout for the output path `output`.
  init(output: URL) {
    let url = output.standardizedFileURL
    name = url.lastPathComponent
    let up = url.deletingLastPathComponent().path
    parent = up.hasSuffix("/") ? String(up.dropLast()) : up
    self.output = parent + "/" + name
    stateName = "." + name + ".vibekeeper"
    state = parent + "/" + stateName
  }

  /// The spare tree: the site published before the current one, updated by the next
  /// publish and then exchanged with the output.
  var spare: String { state + "/next" }
  /// Where new and changed files are written before they are renamed into a tree.
  var scratch: String { state + "/tmp" }
  /// Where an untrusted tree is moved before it is removed.
  var trash: String { state + "/trash" }
  /// The published folder while the spare takes its place, where the system cannot
  /// exchange two folders in one step.
  var previousFolder: String { state + "/folder" }
  /// What an interrupted publish by an earlier version (which staged whole trees beside
  /// the output) may have left.
  var earlierLeftovers: [String] {
    [parent + "/." + name + ".vibekeeper-new", parent + "/." + name + ".vibekeeper-old"]
  }

  /// What is at the output path now.
  func found() -> Found {
    switch FileCalls.kind(output) {
    case .missing: return .nothing
    case .folder: return .folder
    case .link:
      let text = FileCalls.readLink(output) ?? ""
      if ["a", "b"].contains(where: { text == stateName + "/" + $0 }) {
        return .earlierLink(String(text.dropFirst(stateName.count + 1)))
      }
      return .otherLink(text)
    case .file, .other: return .other
    }
  }

  /// The hidden folder that holds the lists and states of the tree at `root`: the
  /// output's (`._site.vibekeeper` beside `_site`), or, for a tree inside it (the spare),
  /// that folder itself.
  static func stateFolder(ofTree root: String) -> String {
    let url = URL(fileURLWithPath: root)
    let up = url.deletingLastPathComponent()
    let name = up.lastPathComponent
    if name.hasPrefix("."), name.hasSuffix(".vibekeeper") { return up.path }
    return SiteTrees(output: url).state
  }

  /// The hash of the manifest of the tree at `root`, from its marker (nil without one).
  func manifestHash(ofTree root: String) -> ContentHash? {
    switch SiteManifest.marker(ofTree: root) {
    case .none: return nil
    case .list(let hash), .inside(_, let hash): return hash
    }
  }

  /// The build state that belongs to the tree at `root` (the output or the spare): named
  /// by the hash of the tree's manifest, so the pair never goes out of step whichever way
  /// the trees are exchanged, or wherever a publish is interrupted. Nil without a manifest.
  func buildStatePath(ofTree root: String) -> String? {
    manifestHash(ofTree: root).map { buildStatePath(manifest: $0) }
  }

  /// The build state file of a tree whose manifest has the hash `manifest`.
  func buildStatePath(manifest: ContentHash) -> String {
    state + "/" + manifest.description + ".state"
  }

  /// Writes the build state of the tree whose manifest hashes to `manifest` (atomically:
  /// written in the scratch folder, then renamed over); nil removes it, so a site
  /// published without one is never paired with an older one.
  func writeBuildState(_ bytes: [UInt8]?, manifest: ContentHash) throws {
    let path = buildStatePath(manifest: manifest)
    guard let bytes else {
      if FileCalls.kind(path) != .missing { try FileCalls.removeFile(path) }
      return
    }
    try FileCalls.makeFolder(scratch)
    let made = scratch + "/state"
    try FileCalls.removeTree(made)
    try FileCalls.write(bytes, to: made)
    try FileCalls.move(made, path)
  }

  /// Removes the build states and manifest lists of trees that are no longer the output
  /// or the spare.
  func removeStaleStatesAndManifests() throws {
    let keep = Set(
      [manifestHash(ofTree: output), manifestHash(ofTree: spare)].compactMap { $0?.description })
    let names = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
    for name in names {
      guard let dot = name.lastIndex(of: "."), [".state", ".manifest"].contains(name[dot...])
      else { continue }
      if !keep.contains(String(name[..<dot])) { try FileCalls.removeFile(state + "/" + name) }
    }
  }

  /// Waits until no other publish into this folder runs, and holds it until the returned
  /// descriptor is closed (or the process ends, however it ends): `flock` on the output's
  /// parent folder, made first when missing.
  func lock() throws -> Int32 {
    if FileCalls.kind(parent) == .missing {
      do {
        try FileManager.default.createDirectory(
          atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw PublishError("cannot make the folder \(parent): \(error.localizedDescription)")
      }
    }
    return try FileCalls.lockFolder(parent)
  }

  /// Puts back a published folder that an interrupted two-rename exchange left beside the
  /// output (only where the system cannot exchange in one step).
  func recoverInterruptedExchange() throws {
    if FileCalls.kind(output) == .missing, FileCalls.kind(previousFolder) != .folder {
      // A migration from the link layout killed between removing the link and moving the
      // tree it pointed at: the tree published last (its marker is the newest) goes back.
      let trees = earlierTrees.filter { SiteManifest.marker(ofTree: $0) != .none }
      func written(_ root: String) -> Date {
        let marker = root + "/" + SiteManifest.fileName
        return (try? FileManager.default.attributesOfItem(atPath: marker)[.modificationDate])
          as? Date ?? .distantPast
      }
      if let newest = trees.max(by: { written($0) < written($1) }) {
        try FileCalls.move(newest, output)
      }
      return
    }
    guard FileCalls.kind(previousFolder) == .folder else { return }
    if FileCalls.kind(output) == .missing {
      try FileCalls.move(previousFolder, output)
    } else {
      // The spare is in place already: the folder is the spare now.
      try FileCalls.removeTree(spare)
      try FileCalls.move(previousFolder, spare)
    }
  }

  /// Turns the link that earlier versions published through into a real folder: the tree
  /// it points at becomes the output (exchanged with the link in one step where the system
  /// can), the other tree the spare, and each keeps its build state.
  func migrateEarlierLink(to tree: String) throws {
    let trees = state + "/"
    let published = trees + tree
    let other = trees + (tree == "a" ? "b" : "a")
    // The other tree's state first: where both trees hold the same site, the published
    // tree's state is the one kept.
    for (root, name) in [(other, tree == "a" ? "b" : "a"), (published, tree)] {
      let old = trees + name + ".state"
      if FileCalls.kind(old) == .file, let path = buildStatePath(ofTree: root) {
        try FileCalls.removeTree(path)
        try FileCalls.move(old, path)
      }
      try FileCalls.removeTree(old)
    }
    if DirectorySwap.exchange(published, output) {
      try FileCalls.removeFile(published)
    } else {
      try FileCalls.removeFile(output)
      try FileCalls.move(published, output)
    }
    if FileCalls.kind(other) == .folder {
      try FileCalls.removeTree(spare)
      try FileCalls.move(other, spare)
    }
  }

  /// The two trees of the link layout of earlier versions.
  var earlierTrees: [String] { [state + "/a", state + "/b"] }

  /// Removes what an interrupted publish may have left (never the output or the spare) and
  /// makes the hidden folder and an empty scratch folder.
  func prepare() throws {
    for leftover in earlierLeftovers { try FileCalls.removeTree(leftover) }
    try FileCalls.makeFolder(state)
    // The link layout's trees and states, left by a migration that was interrupted.
    let migrated = earlierTrees + earlierTrees.map { $0 + ".state" }
    for leftover in [state + "/link", trash, scratch] + migrated {
      try FileCalls.removeTree(leftover)
    }
    try FileCalls.makeFolder(scratch)
  }

  /// Makes the spare tree the output: exchanged in one step where the system can (else
  /// the output is missing for an instant between two renames, never half-written). The
  /// published folder, if any, becomes the spare.
  func exchangeSpareWithOutput() throws {
    if FileCalls.kind(output) == .missing {
      try FileCalls.move(spare, output)
    } else if !DirectorySwap.exchange(spare, output) {
      try FileCalls.move(output, previousFolder)
      try FileCalls.move(spare, output)
      try FileCalls.move(previousFolder, spare)
    }
  }
}
