/// Why the output could not be published; the previous site is untouched in every case.
public struct PublishError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// How to fix it.
  public var hint: String?

  /// Creates an error.
  public init(_ message: String, hint: String? = nil) {
    self.message = message
    self.hint = hint
  }

  /// `message` and the hint on its own line.
  public var description: String { hint.map { "\(message)\n  hint: \($0)" } ?? message }
}
