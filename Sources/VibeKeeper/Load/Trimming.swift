import Foundation

/// Foundation's `trimmingCharacters(in:)` with a fast path for the common value that starts
/// and ends with a visible ASCII character, which has nothing to trim (Foundation's version
/// goes through `NSString` on Linux and was a tenth of the loader's time).
extension StringProtocol where UTF8View: BidirectionalCollection {
  /// `trimmingCharacters(in: .whitespaces)`.
  func trimmedBlanks() -> String {
    hasNothingToTrim ? String(self) : trimmingCharacters(in: .whitespaces)
  }

  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  func trimmedWhitespace() -> String {
    hasNothingToTrim ? String(self) : trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether the first and the last byte are visible ASCII (`!` to `~`): then the first and
  /// last characters are not white space of any kind.
  private var hasNothingToTrim: Bool {
    guard let first = utf8.first, let last = utf8.last else { return false }
    return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
  }
}
