import Foundation

/// Counts per local hour (0-23) as 24 vertical bars, with a two-hour window highlighted.
public enum HourHistogram {
  /// The chart's SVG markup.
  ///
  /// - Parameters:
  ///   - counts: the count of each hour, index = hour; missing hours count 0, entries past
  ///     23 are ignored, negative counts are drawn as 0.
  ///   - highlightStart: the first hour h of the best two-hour window: hours h and
  ///     (h + 1) mod 24 get the class `bar highlight` (23 highlights 23 and 0); nil for none.
  ///   - title: the accessible name (`<title>`), e.g. "Wordle: when you play".
  ///   - id: the id prefix of `<title>`/`<desc>` (sanitised to `[a-z0-9-]`); unique per page.
  ///   - width: the width in pixels.
  ///   - height: the height in pixels.
  /// - Returns: `<svg class="chart chart-hours">`, with each count in its bar's tooltip;
  ///   "No data" when every count is 0.
  public static func svg(
    counts: [Int], highlightStart: Int?, title: String, id: String, width: Int = 480,
    height: Int = 160
  ) -> String {
    let w = Double(max(width, 240))
    let h = Double(max(height, 100))
    let hours = (0..<24).map { $0 < counts.count ? max(counts[$0], 0) : 0 }
    let highlighted =
      highlightStart.map { start -> Set<Int> in
        let s = ((start % 24) + 24) % 24
        return [s, (s + 1) % 24]
      } ?? []
    let desc = description(hours, highlighted: highlightStart)
    let most = hours.max() ?? 0
    guard most > 0 else {
      return SVGWriter.empty(kind: "hours", id: id, title: title, desc: desc, width: w)
    }
    let scale = ChartScale(low: 0, high: Double(most), maxTicks: 4, integers: true)
    let tickLabels = scale.ticks.map { scale.label($0) }
    let left = 10 + (tickLabels.map { SVGWriter.textWidth($0) }.max() ?? 0)
    let right = w - 8
    let top = 10.0
    let bottom = h - 22
    let slot = (right - left) / 24

    var svg = SVGWriter(kind: "hours", id: id, title: title, desc: desc, width: w, height: h)
    for (tick, label) in zip(scale.ticks, tickLabels) {
      let ty = scale.position(tick, from: bottom, to: top)
      svg.line(left, ty, right, ty, cls: "grid", extra: [("stroke-opacity", "0.12")])
      svg.text(label, x: left - 5, y: ty + 4, anchor: "end", cls: "tick")
    }
    for hour in 0..<24 {
      let barTop = scale.position(Double(hours[hour]), from: bottom, to: top)
      let isHighlight = highlighted.contains(hour)
      svg.rect(
        x: left + slot * Double(hour) + 1, y: barTop, width: slot - 2, height: bottom - barTop,
        cls: isHighlight ? "bar highlight" : "bar",
        extra: [("fill-opacity", isHighlight ? "0.95" : "0.45")],
        tooltip: span(hour) + ": \(hours[hour])")
      if hour % 3 == 0 {
        svg.text(
          pad(hour), x: left + slot * (Double(hour) + 0.5), y: bottom + 15, anchor: "middle",
          cls: "hour")
      }
    }
    svg.line(left, bottom, right, bottom, cls: "axis", extra: [("stroke-opacity", "0.5")])
    return svg.finish()
  }

  /// `07` for 7.
  static func pad(_ hour: Int) -> String { hour < 10 ? "0\(hour)" : "\(hour)" }

  /// `07:00-07:59` for 7.
  static func span(_ hour: Int) -> String { pad(hour) + ":00\u{2013}" + pad(hour) + ":59" }

  /// The text alternative: the total, the best window and every hour with a count.
  static func description(_ hours: [Int], highlighted: Int?) -> String {
    let total = SVGWriter.saturatingSum(hours)
    guard total > 0 else { return "No data." }
    var text = "\(total) in total"
    if let start = highlighted {
      let s = ((start % 24) + 24) % 24
      let e = (s + 1) % 24
      text +=
        "; best window " + pad(s) + ":00\u{2013}" + pad(e) + ":59 ("
        + "\(SVGWriter.saturatingSum([hours[s], hours[e]])))"
    }
    let busy = (0..<24).filter { hours[$0] > 0 }.map { pad($0) + ":00 \(hours[$0])" }
    return text + "; by hour: " + busy.joined(separator: ", ") + "."
  }
}
