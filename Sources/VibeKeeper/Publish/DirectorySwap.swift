import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exchanges two paths in one atomic step where the system can (Linux `renameat2` with
/// `RENAME_EXCHANGE`, macOS `renamex_np` with `RENAME_SWAP`), so a reader of either path
/// sees one of the two entries there, never nothing. Used to exchange the spare tree with
/// the published folder, and the link of earlier versions with the tree it points at.
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
}
