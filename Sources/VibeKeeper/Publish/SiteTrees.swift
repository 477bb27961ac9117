import Foundation

/// Where a published site lives. The output path (`_site`) is a symbolic link to one of two
/// trees, `a` and `b`, in a hidden folder beside it (`._site.vibekeeper/`); the link's text
/// is relative, so moving the parent folder keeps it working. A publish brings the tree
/// the link does not point at up to date, then replaces the link in one `rename`, so a
/// reader of the output always sees one complete site.
struct SiteTrees: Sendable {
  /// One of the two trees.
  enum Tree: String, CaseIterable, Sendable {
    case a, b

    /// The other tree.
    var other: Tree { self == .a ? .b : .a }
  }

  /// What is at the output path.
  enum Found: Equatable {
    /// Nothing yet.
    case nothing
    /// A real folder (made by an earlier version of VibeKeeper, empty, or not ours).
    case folder
    /// Our link to one of the trees.
    case tree(Tree)
    /// A symbolic link VibeKeeper did not make, with its text.
    case otherLink(String)
    /// A file or anything else that is not a folder.
    case other
  }

  /// The output path.
  let output: String
  /// The hidden folder's name (`._site.vibekeeper`).
  let stateName: String
  /// The hidden folder beside the output that holds the trees.
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

  /// The folder of `tree`.
  func path(_ tree: Tree) -> String { state + "/" + tree.rawValue }

  /// The build state of a tree's site (`BuildState`), beside the tree so it is never
  /// published and always describes the site the link points at.
  func buildStatePath(_ tree: Tree) -> String { state + "/" + tree.rawValue + ".state" }

  /// Writes a tree's build state (atomically: written in the scratch folder, which an
  /// interrupted publish leaves for the next to clear, then renamed over it); nil removes
  /// it, so a site published without one is never paired with an older one.
  func writeBuildState(_ bytes: [UInt8]?, for tree: Tree) throws {
    let path = buildStatePath(tree)
    guard let bytes else {
      if FileManager.default.fileExists(atPath: path) { try FileCalls.removeFile(path) }
      return
    }
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let made = scratch + "/" + tree.rawValue + ".state"
    try FileCalls.write(bytes, to: made)
    try FileCalls.move(made, path)
  }

  /// Where new and changed files are written before they are renamed into a tree.
  var scratch: String { state + "/tmp" }
  /// Where an untrusted tree is moved before it is removed.
  var trash: String { state + "/trash" }
  /// The new link, before it is renamed over the output.
  var pendingLink: String { state + "/link" }
  /// The previous folder, when it could not be exchanged with the link in one step.
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
      if let tree = Tree.allCases.first(where: { text == stateName + "/" + $0.rawValue }) {
        return .tree(tree)
      }
      return .otherLink(text)
    case .file, .other: return .other
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

  /// Removes what an interrupted publish may have left (never a tree) and makes the hidden
  /// folder and an empty scratch folder.
  func prepare() throws {
    for leftover in earlierLeftovers { try FileCalls.removeTree(leftover) }
    try FileCalls.makeFolder(state)
    for leftover in [pendingLink, previousFolder, trash, scratch] {
      try FileCalls.removeTree(leftover)
    }
    try FileCalls.makeFolder(scratch)
  }

  /// Points the output at `tree`: a new link, renamed over the old one in one step.
  func link(_ tree: Tree) throws {
    try FileCalls.makeLink(pendingLink, text: stateName + "/" + tree.rawValue)
    try FileCalls.move(pendingLink, output)
  }

  /// Puts the link to `tree` in place of the real folder at the output path: exchanged in
  /// one step where the system can (else the output is missing for an instant, never
  /// half-written). The folder then becomes tree `keep`; without one it is removed when
  /// empty, else kept as `tree.other` (untrusted without a manifest, so never reused).
  func replaceFolder(with tree: Tree, keepingFolderAs keep: Tree?) throws {
    try FileCalls.makeLink(pendingLink, text: stateName + "/" + tree.rawValue)
    let moved: String
    if DirectorySwap.exchange(pendingLink, output) {
      moved = pendingLink
    } else {
      try FileCalls.move(output, previousFolder)
      try FileCalls.move(pendingLink, output)
      moved = previousFolder
    }
    if keep == nil, FileCalls.removeEmptyFolder(moved) { return }
    let destination = path(keep ?? tree.other)
    try FileCalls.removeTree(destination)
    try FileCalls.move(moved, destination)
  }
}
