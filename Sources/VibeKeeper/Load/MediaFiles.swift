import Foundation

/// One media file the site publishes: where it is, its content hash and its first bytes
/// (enough for an image's size). Its content is never held in memory: the publisher copies
/// it from `fullPath` in chunks.
public struct MediaFile: Sendable, Hashable {
  /// The file to copy.
  public var fullPath: String
  /// The hash of its content (as `ContentHash` of its bytes), nil when it was not read.
  public var hash: ContentHash?
  /// Its first bytes (at most `MediaFiles.headerBytes`).
  public var header: [UInt8]

  /// A media file.
  public init(fullPath: String, hash: ContentHash?, header: [UInt8]) {
    self.fullPath = fullPath
    self.hash = hash
    self.header = header
  }
}

/// Reads what the site needs of the media files the loader found (`Household.media`): each
/// file's hash and first bytes, streamed in chunks, so a large photo or video never sits in
/// memory.
public enum MediaFiles {
  /// How much of a file's start is kept (image sizes are in the first few bytes; a JPEG's
  /// frame header may come after large metadata).
  public static let headerBytes = 256 << 10

  /// Each path inside `dataFolder` described; a file that cannot be read is left out (the
  /// site then reports the photos that point at it).
  public static func read(_ paths: [String], in dataFolder: URL) -> [String: MediaFile] {
    var media: [String: MediaFile] = [:]
    for path in paths {
      let full = dataFolder.appendingPathComponent(path).path
      if let (hash, header) = ContentHash.streaming(file: full, keeping: headerBytes) {
        media[path] = MediaFile(fullPath: full, hash: hash, header: header)
      }
    }
    return media
  }

  /// Every path, not read: enough for a build that checks and publishes nothing.
  public static func unread(_ paths: [String], in dataFolder: URL) -> [String: MediaFile] {
    var media: [String: MediaFile] = [:]
    for path in paths {
      media[path] = MediaFile(
        fullPath: dataFolder.appendingPathComponent(path).path, hash: nil, header: [])
    }
    return media
  }
}
