import Foundation

/// Reads the bytes of the media files the loader found (`Household.media`), which the site
/// publishes and measures (image sizes).
public enum MediaFiles {
  /// The bytes of each path inside `dataFolder`; a file that cannot be read is left out
  /// (the site then reports the photos that point at it).
  public static func read(_ paths: [String], in dataFolder: URL) -> [String: [UInt8]] {
    var media: [String: [UInt8]] = [:]
    for path in paths {
      if let bytes = FileManager.default.contents(
        atPath: dataFolder.appendingPathComponent(path).path)
      {
        media[path] = [UInt8](bytes)
      }
    }
    return media
  }

  /// Every path with no bytes: enough for a build that checks and publishes nothing.
  public static func unread(_ paths: [String]) -> [String: [UInt8]] {
    Dictionary(paths.map { ($0, [UInt8]()) }) { a, _ in a }
  }
}
