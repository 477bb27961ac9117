import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swaps two directories in one atomic step where the system can (Linux `renameat2` with
/// `RENAME_EXCHANGE`, macOS `renamex_np` with `RENAME_SWAP`), so a reader of the output path
/// sees the old tree or the new one, never a mix or nothing.
enum DirectorySwap {
  /// Exchanges `a` and `b`; false when the system or file system cannot.
  static func exchange(_ a: String, _ b: String) -> Bool {
    #if os(Linux)
      typealias RenameAt2 =
        @convention(c) (
          Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32
      guard let symbol = dlsym(nil, "renameat2") else { return false }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 1 << 1
      return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    #elseif canImport(Darwin)
      return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
    #else
      return false
    #endif
  }

  /// Puts `staging` in place of `target` and returns where the previous tree is now (to be
  /// removed), or nil when there was none. Falls back to two renames when an exchange is
  /// not possible (the output path is then missing for an instant, never half-written).
  static func install(_ staging: URL, at target: URL, previous: URL) throws -> URL? {
    let fm = FileManager.default
    var isDir: ObjCBool = false
    guard fm.fileExists(atPath: target.path, isDirectory: &isDir) else {
      try fm.moveItem(at: staging, to: target)
      return nil
    }
    if isDir.boolValue, exchange(staging.path, target.path) { return staging }
    try fm.moveItem(at: target, to: previous)
    try fm.moveItem(at: staging, to: target)
    return previous
  }
}
