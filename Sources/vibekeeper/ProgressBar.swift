import Foundation

/// A one-line progress bar on standard error, drawn only on a terminal and only for long
/// builds; it erases itself when done.
final class ProgressBar: @unchecked Sendable {
  private let lock = NSLock()
  private var drawn = -1
  private let enabled: Bool
  private let label: String

  /// A bar for `label`, drawn when standard error is a terminal.
  init(label: String, enabled: Bool = Terminal.useColor(fd: 2)) {
    self.label = label
    self.enabled = enabled
  }

  /// Redraws for `done` of `total` (at most every 1%, and only past 200 items).
  func update(_ done: Int, _ total: Int) {
    guard enabled, total >= 200 else { return }
    let percent = done * 100 / max(total, 1)
    lock.lock()
    defer { lock.unlock() }
    guard percent != drawn else { return }
    drawn = percent
    let width = 30
    let filled = width * done / max(total, 1)
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    Terminal.error("\r\(label) [\(bar)] \(done)/\(total)")
    if done >= total { Terminal.error("\r\u{1B}[2K") }
  }
}
