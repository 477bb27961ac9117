/// A wall-clock time of day (`08:30`), 24-hour.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// 0 to 23.
  public let hour: Int
  /// 0 to 59.
  public let minute: Int
  /// 0 to 59.
  public let second: Int

  /// Creates a time when the components are in range, else nil.
  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Parses `HH:MM` or `HH:MM:SS` (also `H:MM`).
  public init?(text: some StringProtocol) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts[0].count >= 1, parts[0].count <= 2, parts.dropFirst().allSatisfy({ $0.count == 2 }),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let h = Int(parts[0]), let m = Int(parts[1])
    else { return nil }
    let s = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
    self.init(hour: h, minute: m, second: s)
  }

  /// Seconds since midnight.
  public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

  /// `HH:MM` (seconds are shown only when not zero).
  public var description: String {
    let hm = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    return second == 0 ? hm : hm + ":" + (second < 10 ? "0" : "") + "\(second)"
  }

  public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
    a.secondsSinceMidnight < b.secondsSinceMidnight
  }
}
