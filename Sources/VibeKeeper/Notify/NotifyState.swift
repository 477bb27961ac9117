import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `notify` has sent and which action links are out: a small file outside the data
/// folder (`~/.local/state/vibekeeper/notify-HASH.state`, one JSON object per line), read
/// and appended under a lock (`FILE.lock`), so two runs at once (cron and `serve`) never
/// send one notice twice. Each line is written and synced as soon as what it records
/// happened; lines no longer needed are dropped when the file is opened.
public struct NotifyState: Sendable {
  /// The state file.
  public let url: URL

  /// The state file at `url`.
  public init(url: URL) { self.url = url }

  /// The state file of the data folder `root`: under `$VIBEKEEPER_STATE_HOME`, else
  /// `$XDG_STATE_HOME/vibekeeper`, else `~/.local/state/vibekeeper` (on macOS
  /// `~/Library/Application Support/VibeKeeper`), named by a hash of the folder's real
  /// path, so two households on one machine never share one.
  public static func standard(forData root: URL, environment: [String: String]) -> NotifyState {
    let real = root.resolvingSymlinksInPath().standardizedFileURL.path
    let name = "notify-" + Array(SHA256.hash(Array(real.utf8)).prefix(8)).hexString + ".state"
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    var folder: URL
    if let own = environment["VIBEKEEPER_STATE_HOME"], !own.isEmpty {
      folder = URL(fileURLWithPath: own)
    } else if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      folder = URL(fileURLWithPath: xdg).appendingPathComponent("vibekeeper")
    } else {
      #if os(macOS)
        folder = home.appendingPathComponent("Library/Application Support/VibeKeeper")
      #else
        folder = home.appendingPathComponent(".local/state/vibekeeper")
      #endif
    }
    return NotifyState(url: folder.appendingPathComponent(name))
  }

  /// One line of the file.
  public struct Entry: Codable, Sendable, Hashable {
    /// What the line records.
    public enum Kind: String, Codable, Sendable {
      /// A notice went out on a channel.
      case sent
      /// Sending a notice failed (it is tried again on the next run).
      case failed
      /// An action link went out (its token's hash, never the token).
      case link
      /// An action link was used: every link of its group is spent.
      case used
    }
    public var type: Kind
    /// The notice's key (sent, failed, link).
    public var key: String?
    /// The channel (sent, failed, link).
    public var channel: String?
    /// When it happened (seconds since 1970).
    public var at: Int
    /// The line may be dropped after this (seconds since 1970).
    public var keep: Int
    /// The notice's title (sent), or why it failed (failed).
    public var text: String?
    /// SHA-256 of the link's token, hex (link).
    public var token: String?
    /// The links that spend each other (link, used).
    public var group: String?
    /// What the link writes (link), and its label.
    public var action: LinkedAction?
    public var label: String?
    /// When the link stops working (link).
    public var expires: Int?

    /// A line.
    public init(type: Kind, at: Date, keep: Date) {
      self.type = type
      self.at = Int(at.timeIntervalSince1970.rounded(.down))
      self.keep = Int(keep.timeIntervalSince1970.rounded(.up))
    }
  }

  /// Why the state could not be read or written.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// The file's lines while the lock is held; `append` writes one at once.
  public final class Ledger {
    /// Every line read or appended, in order.
    public private(set) var entries: [Entry]
    /// The notices sent, as `NotifyState.pair(key, channel)`.
    private var sent: Set<String>
    private let handle: FileHandle

    init(entries: [Entry], handle: FileHandle) {
      self.entries = entries
      self.handle = handle
      sent = entries.sentPairs
    }

    /// Whether `key` went out on `channel`.
    public func wasSent(_ key: String, on channel: String) -> Bool {
      sent.contains(NotifyState.pair(key, channel))
    }

    /// Appends a line and syncs it to the disk.
    public func append(_ entry: Entry) throws(Problem) {
      do {
        var line = try NotifyState.encoder.encode(entry)
        line.append(0x0A)
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
        try handle.synchronize()
      } catch {
        throw Problem(description: "cannot write the notify state: \(error)")
      }
      entries.append(entry)
      sent.formUnion([entry].sentPairs)
    }
  }

  /// A notice and a channel as one value, for sets of what was sent.
  static func pair(_ key: String, _ channel: String) -> String { key + "\t" + channel }

  static let encoder: JSONEncoder = {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return e
  }()

  /// Runs `body` holding the state's lock, with its lines read; lines whose `keep` is
  /// before `now` are dropped first. The file (and its folder) is created when needed,
  /// readable by its owner only.
  public func locked<T>(now: Date, _ body: (Ledger) throws -> T) throws -> T {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw Problem(description: "cannot create \(folder.path): \(error.localizedDescription)")
    }
    let lockPath = url.path + ".lock"
    let result = try FileLock.holding(lockPath, create: true) { () throws -> T in
      var (entries, broken) = read()
      let cutoff = Int(now.timeIntervalSince1970)
      let kept = entries.filter { $0.keep >= cutoff }
      if kept.count != entries.count || broken {
        try rewrite(kept)
        entries = kept
      }
      let fd = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw Problem(description: "cannot open \(url.path): \(String(cString: strerror(errno)))")
      }
      let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
      return try body(Ledger(entries: entries, handle: handle))
    }
    guard let result else {
      throw Problem(description: "cannot open \(lockPath): \(String(cString: strerror(errno)))")
    }
    return result
  }

  /// The lines as they are (for `report`), without the lock.
  public func entries() -> [Entry] { read().entries }

  /// The lines that parse; `broken` when one did not (a torn last line after a crash).
  private func read() -> (entries: [Entry], broken: Bool) {
    guard let data = FileManager.default.contents(atPath: url.path) else { return ([], false) }
    var out: [Entry] = []
    var broken = false
    let decoder = JSONDecoder()
    for line in data.split(separator: 0x0A) where !line.isEmpty {
      if let e = try? decoder.decode(Entry.self, from: Data(line)) {
        out.append(e)
      } else {
        broken = true
      }
    }
    return (out, broken)
  }

  /// Replaces the file with `entries` (atomically: a new file renamed over it).
  private func rewrite(_ entries: [Entry]) throws(Problem) {
    var data = Data()
    for e in entries {
      if let line = try? Self.encoder.encode(e) {
        data.append(line)
        data.append(0x0A)
      }
    }
    let temp = url.path + ".new"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw Problem(description: "cannot write \(temp): \(String(cString: strerror(errno)))")
    }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
    close(fd)
    guard written == data.count, rename(temp, url.path) == 0 else {
      unlink(temp)
      throw Problem(description: "cannot write \(url.path)")
    }
  }
}

extension Array where Element == NotifyState.Entry {
  /// Every notice sent, as `NotifyState.pair(key, channel)`.
  var sentPairs: Set<String> {
    Set(
      compactMap { e in
        guard e.type == .sent, let key = e.key, let channel = e.channel else { return nil }
        return NotifyState.pair(key, channel)
      })
  }

  /// The link whose token hashes to `hash`, when one went out.
  func link(hash: String) -> NotifyState.Entry? {
    last { $0.type == .link && $0.token == hash }
  }

  /// The use of a group's links, when one was used.
  func use(of group: String) -> NotifyState.Entry? {
    first { $0.type == .used && $0.group == group }
  }
}
