import Foundation

/// The entries of one folder as `readdir` lists them, with the type the listing already
/// knows, so a scan needs no `stat` per plain file or folder (Foundation's listing and
/// `URL` resource values cost several system calls and allocations per entry).
struct DirectoryEntries {
  /// One name in a folder and its `d_type`.
  struct Entry {
    let name: String
    let typeCode: UInt8

    /// The entry's file type (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …) from the listing, or from
    /// `lstat` when the file system does not report it; nil when neither can tell.
    func type(in folder: String) -> mode_t? {
      if typeCode != UInt8(DT_UNKNOWN) { return mode_t(typeCode) << 12 }
      var info = stat()
      guard lstat(DirectoryEntries.path(of: name, in: folder), &info) == 0 else { return nil }
      return info.st_mode & S_IFMT
    }
  }

  /// The path of the entry `name` of `folder`.
  static func path(of name: String, in folder: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  /// The entries of `folder` except `.` and `..`, sorted by name; nil when it cannot be read.
  static func read(_ folder: String) -> [Entry]? {
    guard let dir = opendir(folder) else { return nil }
    defer { closedir(dir) }
    var entries: [Entry] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      }
      if name.isEmpty || name == "." || name == ".." { continue }
      entries.append(Entry(name: name, typeCode: entry.pointee.d_type))
    }
    return entries.sorted { $0.name < $1.name }
  }
}
