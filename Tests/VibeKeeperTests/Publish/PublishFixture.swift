import Foundation

@testable import VibeKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Helpers for the publisher tests: an output in a temporary folder and ways to look at it.
struct PublishFixture {
  let root: TempFolder
  /// `root/_site`.
  let out: URL

  init(_ files: [String: String] = [:]) throws {
    root = try TempFolder(files)
    out = root.url.appendingPathComponent("_site")
  }

  var publisher: Publisher { Publisher(output: out, protecting: []) }

  /// A publisher that keeps `memory`, as `watch` and `serve` do.
  func publisher(keeping memory: PublishMemory) -> Publisher {
    var publisher = self.publisher
    publisher.memory = memory
    return publisher
  }

  func cleanup() { root.cleanup() }

  /// The spare tree beside the output: the site published before the current one.
  var spare: URL { root.url.appendingPathComponent("._site.vibekeeper/next") }

  /// Whether the output is a real folder (not a link).
  var isFolder: Bool {
    var info = stat()
    return lstat(out.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// The text of `path` under `folder`.
  func read(_ path: String, in folder: URL? = nil) -> String? {
    try? String(contentsOf: (folder ?? out).appendingPathComponent(path), encoding: .utf8)
  }

  /// The inode number of `path` under `folder` (nil when missing).
  func inode(_ path: String, in folder: URL? = nil) -> UInt64? {
    var info = stat()
    guard lstat((folder ?? out).appendingPathComponent(path).path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
  }

  /// Every regular file under the output (through its link), by path, with its text.
  func files(in folder: URL? = nil) -> [String: String] {
    SiteFixture.files(folder ?? out).mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// Pages `name-0` … with text `text(i)`.
  static func pages(_ count: Int, _ text: (Int) -> String) -> [OutputFile] {
    (0..<count).map { OutputFile(path: "pages/p\($0).html", text: text($0)) }
  }

  /// Whether `folder` holds exactly what its manifest says (plus `extra` paths).
  static func isComplete(_ folder: URL, extra: Set<String> = []) -> Bool {
    guard let manifest = SiteManifest.read(from: folder) else { return false }
    let files = SiteFixture.files(folder)
    guard Set(files.keys) == Set(manifest.files.keys).union(extra).union([SiteManifest.fileName])
    else { return false }
    return manifest.files.allSatisfy { path, hash in
      files[path].map { ContentHash([UInt8]($0)) == hash } ?? false
    }
  }
}
