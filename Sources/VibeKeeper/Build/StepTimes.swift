/// How long each step of a build took, in order (shown by `build --verbose`).
public struct StepTimes: Sendable {
  /// Each step's name and wall time in seconds.
  public private(set) var steps: [(name: String, seconds: Double)] = []
  private var last = ContinuousClock.now

  /// Starts the clock.
  public init() {}

  /// Ends the current step, naming it.
  public mutating func finish(_ name: String) {
    let now = ContinuousClock.now
    let d = (now - last).components
    steps.append((name, Double(d.seconds) + Double(d.attoseconds) / 1e18))
    last = now
  }

  /// `load 0.12 s, render 0.40 s, …`
  public var summary: String {
    steps.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")
  }
}
