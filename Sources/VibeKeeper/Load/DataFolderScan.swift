import Foundation

/// Lists what a data folder holds: record files by kind, media files, the settings file,
/// and diagnostics for names it ignores. It never follows a link out of the folder and
/// never walks a link loop.
struct DataFolderScan {
  /// A record file found in a kind folder.
  struct FoundFile: Sendable {
    let kind: RecordKind
    /// The path inside the data folder (`gifts/mom/pottery.md`).
    let path: String
    /// The path to open (the folder's path joined with `path`).
    let fullPath: String
  }

  var files: [FoundFile] = []
  var media: [String] = []
  var settingsURL: URL?
  /// `vibekeeper.local.yml`: this machine's secrets, never committed.
  var localSettingsURL: URL?
  var diagnostics: [Diagnostic] = []
  /// Whether the folder itself could be listed (false: missing, a file, no permission).
  var readable = true
  /// Whether a link was met (a file reached through one changes with no event naming it).
  var metLinks = false
  /// The real path of each top-level folder that holds records or media, by name: a link
  /// from one into another is not followed (it would load one kind's files as another's).
  private var tops: [String: String] = [:]

  /// Largest record file read; larger ones are reported, not loaded.
  static let maxFileSize = 32 * 1024 * 1024
  static let recordExtensions: Set<String> = ["md", "yml", "yaml"]

  /// Whether a file name ends in a record extension (any case), as `NSString.pathExtension`
  /// reads it: the text after the last dot, when that dot does not start the name.
  static func isRecordFileName(_ name: String) -> Bool {
    guard let dot = name.utf8.lastIndex(of: 0x2E), dot > name.utf8.startIndex else {
      return false
    }
    return recordExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
  }

  /// Scans `root`, naming files in diagnostics as `displayRoot/…`; with `kinds`, only
  /// those kinds' folders are walked (no media; the settings files are always found).
  init(root: URL, displayRoot: String, kinds: Set<RecordKind>? = nil) {
    let fm = FileManager.default
    let rootReal = root.resolvingSymlinksInPath().standardizedFileURL.path
    func display(_ rel: String) -> String { displayRoot.isEmpty ? rel : displayRoot + "/" + rel }
    guard let top = try? fm.contentsOfDirectory(atPath: root.path) else {
      readable = false
      let shown = displayRoot.isEmpty ? "." : displayRoot
      var isFolder: ObjCBool = false
      let (message, hint): (String, String) =
        if !fm.fileExists(atPath: root.path, isDirectory: &isFolder) {
          (
            "there is no data folder at '\(shown)'",
            "check the folder given with --data (it is the one that holds vibekeeper.yml)"
          )
        } else if !isFolder.boolValue {
          (
            "'\(shown)' is a file, not a data folder",
            "give the folder that holds it: --data \((shown as NSString).deletingLastPathComponent.isEmpty ? "." : (shown as NSString).deletingLastPathComponent)"
          )
        } else {
          ("the data folder '\(shown)' cannot be read", "check its permissions")
        }
      diagnostics.append(
        Diagnostic(.error, SourceLocation(file: shown, line: 1, column: 1), message, hint: hint))
      return
    }
    var visited = Set<String>([rootReal])
    for name in top where RecordKind(rawValue: name) != nil || name == "media" {
      tops[name] =
        root.appendingPathComponent(name).resolvingSymlinksInPath()
        .standardizedFileURL.path
    }
    for name in top.sorted() where !(name.hasPrefix(".") || name.hasPrefix("_")) {
      let url = root.appendingPathComponent(name)
      let isDir = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
      if let kinds, RecordKind(rawValue: name) != nil || name == "media" {
        if let kind = RecordKind(rawValue: name), kinds.contains(kind), isDir {
          walk(
            url, rel: name, kind: kind, media: false, rootReal: rootReal, visited: &visited,
            display: display)
        }
      } else if let kind = RecordKind(rawValue: name), isDir {
        walk(
          url, rel: name, kind: kind, media: false, rootReal: rootReal, visited: &visited,
          display: display)
      } else if name == "media", isDir {
        walk(
          url, rel: name, kind: nil, media: true, rootReal: rootReal, visited: &visited,
          display: display)
      } else if name == "vibekeeper.yml" || name == "vibekeeper.yaml" {
        settingsURL = url
      } else if name == LocalSettings.fileName {
        localSettingsURL = url
      } else if RecordKind(rawValue: name) != nil || name == "media" {
        warn(
          name, "'\(name)' is a file, not a folder, so it is ignored", display,
          hint: "make \(name)/ a folder and put its files in it")
      } else {
        let known = RecordKind.allCases.map(\.folder) + ["media", "vibekeeper.yml"]
        let hint = Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
        diagnostics.append(
          Diagnostic(
            .warning, SourceLocation(file: display(name), line: 1, column: 1),
            "'\(name)' is not a record folder, so it is ignored",
            hint: hint
              ?? "record folders are \(RecordKind.allCases.map(\.folder).joined(separator: ", ")); start a name with '_' or '.' to silence this"
          ))
      }
    }
  }

  private mutating func walk(
    _ dir: URL, rel: String, kind: RecordKind?, media: Bool, rootReal: String,
    visited: inout Set<String>, display: (String) -> String
  ) {
    let real = dir.resolvingSymlinksInPath().standardizedFileURL.path
    guard real == rootReal || real.hasPrefix(rootReal + "/") else {
      warn(rel, "'\(rel)' links outside the data folder, so it is ignored", display)
      return
    }
    visited.insert(real)
    let dirPath = dir.path
    guard let entries = DirectoryEntries.read(dirPath) else {
      warn(
        rel, "the folder '\(rel)' cannot be read, so the records in it are missing", display,
        severity: .error, hint: "check its permissions")
      return
    }
    for entry in entries where !(entry.name.hasPrefix(".") || entry.name.hasPrefix("_")) {
      let name = entry.name
      let childRel = rel + "/" + name
      let childPath = dirPath + "/" + name
      // The folder listing's type answers for plain files and folders (most entries); links
      // take the slow path that resolves them.
      guard let type = entry.type(in: dirPath), type != S_IFLNK else {
        followLink(
          dir.appendingPathComponent(name), rel: childRel, kind: kind, media: media,
          rootReal: rootReal, visited: &visited, display: display)
        continue
      }
      if type == S_IFDIR {
        guard visited.insert(real + "/" + name).inserted else {
          warn(childRel, Self.loop(childRel), display)
          continue
        }
        walk(
          URL(fileURLWithPath: childPath, isDirectory: true), rel: childRel, kind: kind,
          media: media, rootReal: rootReal, visited: &visited, display: display)
      } else if type == S_IFREG {
        found(name, childRel, childPath, kind: kind, media: media, display)
      } else {
        warn(childRel, Self.notAFile(childRel), display)
      }
    }
  }

  /// An entry the folder listing could not type, or a link: followed only inside the data
  /// folder, a folder only once.
  private mutating func followLink(
    _ url: URL, rel: String, kind: RecordKind?, media: Bool, rootReal: String,
    visited: inout Set<String>, display: (String) -> String
  ) {
    metLinks = true
    let fm = FileManager.default
    let values = try? url.resourceValues(forKeys: [
      .isDirectoryKey, .isSymbolicLinkKey, .isRegularFileKey,
    ])
    let isLink = values?.isSymbolicLink == true
    let target = url.resolvingSymlinksInPath().standardizedFileURL.path
    if isLink, !(target == rootReal || target.hasPrefix(rootReal + "/")) {
      warn(rel, "'\(rel)' links outside the data folder, so it is ignored", display)
      return
    }
    // What the scan leaves out (names starting with `.` or `_`: `.git`, drafts) and the
    // settings at the top (`vibekeeper.local.yml` holds the feed secret) stay out through
    // a link too: a link in media/ would publish them.
    if isLink, target != rootReal {
      let inside = target.dropFirst(rootReal.count + 1).split(separator: "/")
      var isFolder: ObjCBool = false
      let topFile =
        inside.count == 1
        && !(fm.fileExists(atPath: target, isDirectory: &isFolder)
          && isFolder.boolValue)
      if topFile || inside.contains(where: { $0.hasPrefix(".") || $0.hasPrefix("_") }) {
        warn(
          rel,
          "'\(rel)' links to \(inside.joined(separator: "/")), which is not data (settings, hidden or left out), so it is ignored",
          display)
        return
      }
    }
    let here = String(rel.prefix { $0 != "/" })
    if isLink,
      let owner = tops.first(where: { target == $0.value || target.hasPrefix($0.value + "/") })?
        .key, owner != here
    {
      warn(
        rel, "'\(rel)' links into \(owner)/, another folder's records, so it is ignored", display)
      return
    }
    var targetIsDir: ObjCBool = false
    let exists = fm.fileExists(atPath: target, isDirectory: &targetIsDir)
    if values?.isDirectory == true || (exists && targetIsDir.boolValue) {
      guard visited.insert(target).inserted else {
        warn(rel, Self.loop(rel), display)
        return
      }
      walk(
        url, rel: rel, kind: kind, media: media, rootReal: rootReal, visited: &visited,
        display: display)
      return
    }
    guard exists else {
      if isLink { warn(rel, "'\(rel)' is a broken link, so it is ignored", display) }
      return
    }
    // Only a regular file is read: a pipe would keep the load waiting forever.
    let type = (try? fm.attributesOfItem(atPath: target))?[.type] as? FileAttributeType
    guard type == .typeRegular else {
      warn(rel, Self.notAFile(rel), display)
      return
    }
    found(url.lastPathComponent, rel, url.path, kind: kind, media: media, display)
  }

  private static func notAFile(_ rel: String) -> String {
    "'\(rel)' is not a regular file (a pipe, a socket or a device), so it is ignored"
  }

  private static func loop(_ rel: String) -> String {
    "'\(rel)' links back to a folder already read (a link loop), so it is skipped"
  }

  /// A warning (or another severity) about an entry of the folder, at its first line.
  private mutating func warn(
    _ rel: String, _ message: String, _ display: (String) -> String,
    severity: Severity = .warning, hint: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        severity, SourceLocation(file: display(rel), line: 1, column: 1), message, hint: hint))
  }

  /// Notes a regular file: a media file, a record file of the kind, or a warning.
  private mutating func found(
    _ name: String, _ childRel: String, _ fullPath: String, kind: RecordKind?, media: Bool,
    _ display: (String) -> String
  ) {
    if media {
      self.media.append(childRel)
      return
    }
    guard let kind else { return }
    guard DataFolderScan.isRecordFileName(name) else {
      warn(
        childRel, "'\(name)' is not a record file (.md, .yml or .yaml), so it is ignored", display,
        hint: "images belong in media/; rename the file to .md or .yml if it holds records")
      return
    }
    files.append(FoundFile(kind: kind, path: childRel, fullPath: fullPath))
  }
}
