import Foundation

/// The line chart's guide lines: statistics, merging of equal values, label placement.
extension LineChart {
  /// Minimum, maximum and exact mean, and the guide lines (equal values share a line).
  struct Stats {
    let min: Decimal
    let max: Decimal
    let mean: Decimal
    /// The guide lines, lowest value first.
    let guides: [Guide]

    init(_ values: [Decimal]) {
      let lo = values.min() ?? 0
      let hi = values.max() ?? 0
      let sum = values.reduce(Decimal(0), +)
      let avg = values.isEmpty ? 0 : sum / Decimal(values.count)
      min = lo
      max = hi
      mean = avg
      var guides: [Guide] = []
      for (name, value) in [("min", lo), ("mean", avg), ("max", hi)] {
        if let i = guides.firstIndex(where: { $0.value == value }) {
          guides[i].kinds.append(name)
        } else {
          guides.append(Guide(value: value, kinds: [name]))
        }
      }
      self.guides = guides
    }
  }

  /// One horizontal guide line and the statistics it stands for.
  struct Guide {
    let value: Decimal
    var kinds: [String]
    /// `min`, `min = max = mean` ...
    var names: String { kinds.joined(separator: " = ") }
    /// `guide guide-min` ...
    var classes: String { (["guide"] + kinds.map { "guide-" + $0 }).joined(separator: " ") }
  }

  /// Label positions near `positions`, at least `gap` apart, kept inside `bounds`.
  static func spread(_ positions: [Double], gap: Double, within bounds: ClosedRange<Double>)
    -> [Double]
  {
    let order = positions.indices.sorted { (positions[$0], $0) < (positions[$1], $1) }
    var placed = positions
    var previous = -Double.infinity
    for i in order {
      placed[i] = max(positions[i], previous + gap)
      previous = placed[i]
    }
    if let lastIndex = order.last, placed[lastIndex] > bounds.upperBound {
      var next = Double.infinity
      for i in order.reversed() {
        placed[i] = min(placed[i], next - gap, bounds.upperBound)
        next = placed[i]
      }
    }
    return placed
  }
}
