/// How long each step of a build took, in order (shown by `build --verbose`).
public struct StepTimes: Sendable {
  /// Each step's name and wall time in seconds.
  public private(set) var steps: [(name: String, seconds: Double)] = []
  /// The parts of a step that timed its own (the render's prelude, pages, …), by name.
  public private(set) var parts: [String: StepTimes] = [:]
  private var last = ContinuousClock.now

  /// Starts the clock.
  public init() {}

  /// Ends the current step, naming it; `parts` are its own times, when it kept them.
  public mutating func finish(_ name: String, parts: StepTimes) {
    finish(name)
    self.parts[name] = parts
  }

  /// Ends the current step, naming it.
  public mutating func finish(_ name: String) {
    let now = ContinuousClock.now
    steps.append((name, (now - last).seconds))
    last = now
  }

  /// `load 0.120 s, render 0.400 s (prelude 0.150 s, …), …`
  public var summary: String {
    steps.map { step in
      let own = parts[step.name].map { " (" + $0.summary + ")" } ?? ""
      return "\(step.name) \(String(format: "%.3f", step.seconds)) s" + own
    }.joined(separator: ", ")
  }
}
