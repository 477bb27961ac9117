import Foundation

/// The feed secret in `vibekeeper.local.yml`: made by `init` and `vibekeeper feeds rotate`,
/// never committed (the file is in `.gitignore`), readable by its owner only.
public enum FeedSecret {
  /// A new secret from the system's secure random source (`getrandom` on Linux,
  /// `arc4random` on Apple systems, through `SystemRandomNumberGenerator`).
  public static func make() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<LocalSettings.secretBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// The line that holds `secret`.
  static func line(_ secret: [UInt8]) -> String { "feed_secret: \(secret.hexString)" }

  /// The text of a new `vibekeeper.local.yml` holding `secret`.
  public static func newFile(_ secret: [UInt8]) -> String {
    """
    # This machine's secrets for VibeKeeper: never commit this file (it is in .gitignore).
    # `vibekeeper feeds rotate` replaces feed_secret, and with it every secret feed address.
    \(line(secret))

    """
  }

  /// The change that puts `secret` into the local file whose text is `current` (nil: no
  /// file yet): only the `feed_secret` line changes, everything else stays.
  public static func change(current: String?, secret: [UInt8]) -> FileChange {
    guard let current else {
      return FileChange(
        path: LocalSettings.fileName, before: nil, after: newFile(secret), isPrivate: true)
    }
    var lines = TextLines(current)
    if let i = lines.lines.firstIndex(where: { TextLines.bare($0).hasPrefix("feed_secret:") }) {
      lines.replace(i + 1, with: line(secret))
    } else {
      lines.append([line(secret)])
    }
    return FileChange(
      path: LocalSettings.fileName, before: current, after: lines.text, isPrivate: true)
  }

  /// The change that adds the local file to the `.gitignore` whose text is `current` (nil:
  /// none yet); nil when a line names it already.
  public static func ignoreChange(current: String?) -> FileChange? {
    let entry = "/" + LocalSettings.fileName
    if let current,
      current.split(separator: "\n").contains(where: {
        [entry, LocalSettings.fileName].contains($0.trimmingCharacters(in: .whitespaces))
      })
    {
      return nil
    }
    var after = current ?? ""
    if !after.isEmpty, after.utf8.last != UInt8(ascii: "\n") { after += "\n" }
    after += "# This machine's secrets (feed addresses); never committed.\n\(entry)\n"
    return FileChange(path: ".gitignore", before: current, after: after)
  }
}
