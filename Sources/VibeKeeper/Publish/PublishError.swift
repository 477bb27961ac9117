/// Why the output could not be published; the previous site is untouched in every case.
public struct PublishError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// How to fix it.
  public var hint: String?
  /// Set when a file marked unchanged (`OutputFile.unchanged(path:hash:)`) is not in the
  /// published site with that hash: its path. The build should render everything again.
  public var staleReuse: String?

  /// Creates an error.
  public init(_ message: String, hint: String? = nil) {
    self.message = message
    self.hint = hint
  }

  /// The error for a reused file the published site does not have with its hash.
  public static func staleReuse(path: String) -> PublishError {
    var error = PublishError(
      "'\(path)' was marked unchanged, but the published site does not have it with that content",
      hint: "render the site in full")
    error.staleReuse = path
    return error
  }

  /// `message` and the hint on its own line.
  public var description: String { hint.map { "\(message)\n  hint: \($0)" } ?? message }
}
