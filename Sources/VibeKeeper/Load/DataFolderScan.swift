import Foundation

/// Lists what a data folder holds: record files by kind, media files, the settings file,
/// and diagnostics for names it ignores. It never follows a link out of the folder and
/// never walks a link loop.
struct DataFolderScan {
  /// A record file found in a kind folder.
  struct FoundFile {
    let kind: RecordKind
    let path: String
    let url: URL
    let size: Int
  }

  var files: [FoundFile] = []
  var media: [String] = []
  var settingsURL: URL?
  var diagnostics: [Diagnostic] = []

  /// Largest record file read; larger ones are reported, not loaded.
  static let maxFileSize = 5 * 1024 * 1024
  static let recordExtensions: Set<String> = ["md", "yml", "yaml"]

  /// Scans `root`, naming files in diagnostics as `displayRoot/…`.
  init(root: URL, displayRoot: String) {
    let fm = FileManager.default
    let rootReal = root.resolvingSymlinksInPath().standardizedFileURL.path
    func display(_ rel: String) -> String { displayRoot.isEmpty ? rel : displayRoot + "/" + rel }
    guard let top = try? fm.contentsOfDirectory(atPath: root.path) else {
      diagnostics.append(
        Diagnostic(
          .error, SourceLocation(file: displayRoot.isEmpty ? "." : displayRoot, line: 1, column: 1),
          "the data folder cannot be read",
          hint: "check that the folder exists (use --data DIR)"))
      return
    }
    var visited = Set<String>([rootReal])
    for name in top.sorted() where !(name.hasPrefix(".") || name.hasPrefix("_")) {
      let url = root.appendingPathComponent(name)
      let isDir = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
      if let kind = RecordKind(rawValue: name), isDir {
        walk(
          url, rel: name, kind: kind, media: false, rootReal: rootReal, visited: &visited,
          display: display)
      } else if name == "media", isDir {
        walk(
          url, rel: name, kind: nil, media: true, rootReal: rootReal, visited: &visited,
          display: display)
      } else if name == "vibekeeper.yml" || name == "vibekeeper.yaml" {
        settingsURL = url
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
    let fm = FileManager.default
    let real = dir.resolvingSymlinksInPath().standardizedFileURL.path
    guard real == rootReal || real.hasPrefix(rootReal + "/") else {
      diagnostics.append(
        Diagnostic(
          .warning, SourceLocation(file: display(rel), line: 1, column: 1),
          "'\(rel)' links outside the data folder, so it is ignored"))
      return
    }
    visited.insert(real)
    guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return }
    for name in names.sorted() where !(name.hasPrefix(".") || name.hasPrefix("_")) {
      let url = dir.appendingPathComponent(name)
      let childRel = rel + "/" + name
      // One lstat answers for plain files and folders (most entries); links take the
      // slow path that resolves them.
      var info = stat()
      if lstat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK {
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
          guard visited.insert(real + "/" + name).inserted else {
            diagnostics.append(
              Diagnostic(
                .warning, SourceLocation(file: display(childRel), line: 1, column: 1),
                "'\(childRel)' links back to a folder already read (a link loop), so it is skipped"
              ))
            continue
          }
          walk(
            url, rel: childRel, kind: kind, media: media, rootReal: rootReal, visited: &visited,
            display: display)
          continue
        }
        guard type == S_IFREG else { continue }
        found(name, childRel, url, size: Int(info.st_size), kind: kind, media: media, display)
        continue
      }
      let values = try? url.resourceValues(forKeys: [
        .isDirectoryKey, .isSymbolicLinkKey, .fileSizeKey, .isRegularFileKey,
      ])
      let target = url.resolvingSymlinksInPath().standardizedFileURL.path
      if values?.isSymbolicLink == true, !(target == rootReal || target.hasPrefix(rootReal + "/")) {
        diagnostics.append(
          Diagnostic(
            .warning, SourceLocation(file: display(childRel), line: 1, column: 1),
            "'\(childRel)' links outside the data folder, so it is ignored"))
        continue
      }
      var targetIsDir: ObjCBool = false
      let exists = fm.fileExists(atPath: target, isDirectory: &targetIsDir)
      if values?.isDirectory == true || (exists && targetIsDir.boolValue) {
        guard visited.insert(target).inserted else {
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: display(childRel), line: 1, column: 1),
              "'\(childRel)' links back to a folder already read (a link loop), so it is skipped"))
          continue
        }
        walk(
          url, rel: childRel, kind: kind, media: media, rootReal: rootReal, visited: &visited,
          display: display)
        continue
      }
      guard
        values?.isRegularFile == true
          || (values?.isSymbolicLink == true && fm.fileExists(atPath: target))
      else {
        if values?.isSymbolicLink == true {
          diagnostics.append(
            Diagnostic(
              .warning, SourceLocation(file: display(childRel), line: 1, column: 1),
              "'\(childRel)' is a broken link, so it is ignored"))
        }
        continue
      }
      let size =
        (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? values?
        .fileSize ?? 0
      found(name, childRel, url, size: size, kind: kind, media: media, display)
    }
  }

  /// Notes a regular file: a media file, a record file of the kind, or a warning.
  private mutating func found(
    _ name: String, _ childRel: String, _ url: URL, size: Int, kind: RecordKind?, media: Bool,
    _ display: (String) -> String
  ) {
    if media {
      self.media.append(childRel)
      return
    }
    guard let kind else { return }
    let ext = (name as NSString).pathExtension.lowercased()
    guard DataFolderScan.recordExtensions.contains(ext) else {
      diagnostics.append(
        Diagnostic(
          .warning, SourceLocation(file: display(childRel), line: 1, column: 1),
          "'\(name)' is not a record file (.md, .yml or .yaml), so it is ignored",
          hint: "images belong in media/; rename the file to .md or .yml if it holds records"))
      return
    }
    files.append(FoundFile(kind: kind, path: childRel, url: url, size: size))
  }
}
