/// A `Duration` as the numbers the system calls and messages take.
extension Duration {
  /// The duration in seconds, with its fraction.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }

  /// The duration in whole milliseconds (rounded down).
  public var milliseconds: Int64 {
    components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
  }

  /// `seconds` seconds, held to 0 to one day (a wait given as a number of seconds).
  public static func waiting(_ seconds: Double) -> Duration {
    .milliseconds(Int(max(0, min(seconds, 86_400)) * 1000))
  }
}
