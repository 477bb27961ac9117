import Foundation

/// A linear axis with "nice" ticks (1, 2 or 5 times a power of ten), covering the data.
struct ChartScale: Equatable {
  /// The tick values, ascending: the first is at or below the data, the last at or above.
  let ticks: [Double]
  /// The distance between ticks.
  let step: Double

  /// The lowest value of the axis (the first tick).
  var lower: Double { ticks.first ?? 0 }
  /// The highest value of the axis (the last tick).
  var upper: Double { ticks.last ?? 1 }

  /// Ticks for data from `low` to `high`: between 3 and `maxTicks` (at least 3) of them,
  /// with the smallest nice step that needs no more than `maxTicks`. Equal bounds are
  /// widened by 10 % each way (0 and 0 become 0 to 1); `integers` keeps the step at 1 or
  /// more (counts; then 0 to 1 has only 2 ticks); non-finite bounds give 0 to 1, and bounds
  /// are clamped to ±1e200.
  init(low: Double, high: Double, maxTicks: Int = 5, integers: Bool = false) {
    var lo = Swift.min(Swift.max(Swift.min(low, high), -1e200), 1e200)
    var hi = Swift.min(Swift.max(Swift.max(low, high), -1e200), 1e200)
    if !lo.isFinite || !hi.isFinite {
      lo = 0
      hi = 1
    }
    if hi - lo < 1e-9 * Swift.max(abs(lo), abs(hi), 1) {
      if lo == 0 {
        hi = 1
      } else {
        let pad = abs(lo) * 0.1
        lo -= pad
        hi += pad
      }
    }
    let limit = Swift.max(maxTicks, 3)
    let range = hi - lo
    var exponent = Int((log10(range / Double(limit))).rounded(.down)) - 1
    var chosen = 1.0
    search: while true {
      for mantissa in [1.0, 2.0, 5.0] {
        let candidate = mantissa * pow(10, Double(exponent))
        if integers, candidate < 1 { continue }
        let first = (lo / candidate).rounded(.down)
        let last = (hi / candidate).rounded(.up)
        if last - first + 1 <= Double(limit) {
          chosen = candidate
          break search
        }
      }
      exponent += 1
      if exponent > 330 { break }
    }
    let first = (lo / chosen).rounded(.down)
    let last = (hi / chosen).rounded(.up)
    var values: [Double] = []
    var i = first
    while i <= last {
      values.append(i * chosen)
      i += 1
    }
    step = chosen
    ticks = values
  }

  /// The position of `value` on an axis drawn from `start` (at `lower`) to `end` (at `upper`).
  func position(_ value: Double, from start: Double, to end: Double) -> Double {
    let span = upper - lower
    guard span > 0, value.isFinite else { return start }
    return start + (value - lower) / span * (end - start)
  }

  /// A tick label: as many decimals as the step needs (`0.25`, `1.5`, `20`), and k, M, G,
  /// T for thousands and up (`1.5k`, `20M`); never locale-dependent.
  func label(_ value: Double) -> String {
    let magnitude = abs(value)
    let units: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
    for (factor, suffix) in units where magnitude >= factor && step >= factor / 10 {
      if magnitude >= 1e15 { return ChartScale.exponent(value) }
      return ChartScale.fixed(value / factor, decimals: ChartScale.decimals(step / factor))
        + suffix
    }
    return ChartScale.fixed(value, decimals: ChartScale.decimals(step))
  }

  /// The decimals a step needs: 0 for 1 and up, 1 for 0.5, 2 for 0.25 or 0.01 ... (at most 6).
  static func decimals(_ step: Double) -> Int {
    guard step.isFinite, step > 0 else { return 0 }
    for places in 0...6 {
      let scaled = step * pow(10, Double(places))
      if abs(scaled - scaled.rounded()) < 1e-6 * Swift.max(scaled, 1) { return places }
    }
    return 6
  }

  /// `value` with exactly `decimals` decimals (half away from zero), `-0` written as `0`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return exponent(value) }
    let places = Swift.min(Swift.max(decimals, 0), 6)
    let factor = pow(10, Double(places))
    let scaled = (abs(value) * factor).rounded()
    if scaled == 0 { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
    let digits = String(Int64(scaled))
    let sign = value < 0 ? "-" : ""
    guard places > 0 else { return sign + digits }
    let padded = String(repeating: "0", count: Swift.max(places + 1 - digits.count, 0)) + digits
    return sign + padded.dropLast(places) + "." + padded.suffix(places)
  }

  /// Scientific form for very large values (`1.5e18`); non-finite values give `0`.
  static func exponent(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return "0" }
    let e = Int(log10(abs(value)).rounded(.down))
    let mantissa = value / pow(10, Double(e))
    return fixed(mantissa, decimals: 1) + "e" + String(e)
  }
}
