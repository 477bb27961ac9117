import Foundation

/// A price history over time, as inline SVG: the prices as a line with markers, the minimum,
/// maximum and mean as labelled guide lines, outliers marked apart.
public enum LineChart {
  /// One observation.
  public struct Point: Hashable, Sendable {
    /// The day of the observation (the x axis is proportional to days).
    public var date: LocalDate
    /// The value, e.g. a price.
    public var value: Decimal
    /// Whether the point is a possible outlier: drawn as a diamond with class `point outlier`.
    public var outlier: Bool
    /// A note for the tooltip and text alternative, e.g. the store; nil for none.
    public var label: String?

    /// A point: day, value, outlier flag, optional note (store).
    public init(date: LocalDate, value: Decimal, outlier: Bool = false, label: String? = nil) {
      self.date = date
      self.value = value
      self.outlier = outlier
      self.label = label
    }
  }

  /// Above this many points only outliers get a marker (the line carries the rest).
  static let markerLimit = 120

  /// The chart's SVG markup.
  ///
  /// - Parameters:
  ///   - points: the observations in any order (drawn by date; same-day points keep their
  ///     given order). Min, max and mean (exact, over all points) are computed here.
  ///   - currency: the ISO code to write values as money (`1.29 EUR`); nil writes plain
  ///     numbers with two decimals.
  ///   - title: the accessible name (`<title>`), e.g. "Oat milk price".
  ///   - id: the id prefix of `<title>`/`<desc>` (sanitised to `[a-z0-9-]`); unique per page.
  ///   - width: the width in pixels.
  ///   - height: the height in pixels.
  /// - Returns: `<svg class="chart chart-line">`; "No data" when `points` is empty.
  public static func svg(
    points: [Point], currency: String?, title: String, id: String, width: Int = 560,
    height: Int = 240
  ) -> String {
    let w = Double(max(width, 200))
    let h = Double(max(height, 120))
    let sorted = points.enumerated().sorted {
      ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
    }.map(\.element)
    // Prices repeat: each amount is formatted once.
    var formatted: [Decimal: String] = [:]
    func format(_ value: Decimal) -> String {
      if let known = formatted[value] { return known }
      let text = money(value, currency: currency)
      formatted[value] = text
      return text
    }
    guard let first = sorted.first, let last = sorted.last else {
      return SVGWriter.empty(
        kind: "line", id: id, title: title, desc: "No data.", width: w)
    }
    let stats = Stats(sorted.map(\.value))
    let desc = description(sorted, stats: stats, format: format)
    let guideLabels = stats.guides.map { $0.names + " " + format($0.value) }
    let frame = Frame(
      stats: stats, from: first.date, to: last.date, guideLabels: guideLabels, width: w,
      height: h)
    var svg = SVGWriter(kind: "line", id: id, title: title, desc: desc, width: w, height: h)
    frame.drawAxes(&svg)
    frame.drawGuides(stats.guides, labels: guideLabels, into: &svg)
    let coordinates = sorted.map {
      SVGWriter.num(frame.x($0.date)) + "," + SVGWriter.num(frame.y($0.value))
    }
    svg.element(
      "polyline",
      [
        ("class", "line"), ("points", coordinates.joined(separator: " ")), ("fill", "none"),
        ("stroke", "currentColor"),
        ("stroke-width", sorted.count > markerLimit ? "1" : "2"), ("stroke-linejoin", "round"),
      ])
    for point in sorted where point.outlier || sorted.count <= markerLimit {
      drawPoint(point, x: frame.x(point.date), y: frame.y(point.value), format: format, into: &svg)
    }
    return svg.finish()
  }

  /// Where things go: the plot area between the tick labels and the guide labels, and the
  /// scales of both axes.
  private struct Frame {
    let scale: ChartScale
    let tickLabels: [String]
    let left, right, top, bottom: Double
    let first, last: LocalDate
    let span: Double

    init(
      stats: Stats, from first: LocalDate, to last: LocalDate, guideLabels: [String],
      width w: Double, height h: Double
    ) {
      let scale = ChartScale(
        low: SVGWriter.double(stats.min), high: SVGWriter.double(stats.max), maxTicks: 5)
      let tickLabels = scale.ticks.map { scale.label($0) }
      let left = 12 + (tickLabels.map { SVGWriter.textWidth($0) }.max() ?? 0)
      let guideWidth = guideLabels.map { SVGWriter.textWidth($0) }.max() ?? 0
      self.scale = scale
      self.tickLabels = tickLabels
      self.left = left
      right = max(w - 18 - guideWidth, left + 40)
      top = 12.0
      bottom = h - 24
      self.first = first
      self.last = last
      span = Double(first.days(to: last))
    }

    func x(_ date: LocalDate) -> Double {
      span == 0
        ? (left + right) / 2 : left + Double(first.days(to: date)) / span * (right - left)
    }

    func y(_ value: Decimal) -> Double {
      scale.position(SVGWriter.double(value), from: bottom, to: top)
    }

    /// The value grid with its tick labels, the time axis and its date labels.
    func drawAxes(_ svg: inout SVGWriter) {
      for (tick, label) in zip(scale.ticks, tickLabels) {
        let ty = scale.position(tick, from: bottom, to: top)
        svg.line(left, ty, right, ty, cls: "grid", extra: [("stroke-opacity", "0.12")])
        svg.text(label, x: left - 6, y: ty + 4, anchor: "end", cls: "tick")
      }
      svg.line(left, bottom, right, bottom, cls: "axis", extra: [("stroke-opacity", "0.5")])
      let dateLabels = max(Int((right - left) / 90), 1)
      for date in LineChart.dateTicks(from: first, to: last, most: dateLabels) {
        let tx = x(date)
        let anchor =
          span == 0 ? "middle" : tx <= left + 1 ? "start" : tx >= right - 1 ? "end" : "middle"
        svg.text(date.description, x: tx, y: bottom + 16, anchor: anchor, cls: "tick")
      }
    }

    /// The dashed guide lines (minimum, mean, ...) with their labels kept apart.
    func drawGuides(_ guides: [Guide], labels: [String], into svg: inout SVGWriter) {
      let labelYs = LineChart.spread(guides.map { y($0.value) }, gap: 12, within: top...bottom)
      for (index, guide) in guides.enumerated() {
        let gy = y(guide.value)
        svg.line(
          left, gy, right, gy, cls: guide.classes,
          extra: [("stroke-dasharray", "5 4"), ("stroke-opacity", "0.6")])
        svg.text(labels[index], x: right + 6, y: labelYs[index] + 4, cls: "guide-label")
      }
    }
  }

  /// One point: a circle, or a diamond for an outlier, with its tooltip.
  private static func drawPoint(
    _ point: Point, x px: Double, y py: Double, format: (Decimal) -> String,
    into svg: inout SVGWriter
  ) {
    let tip = tooltip(point, format: format)
    guard point.outlier else {
      svg.element(
        "circle",
        [("class", "point"), ("cx", SVGWriter.num(px)), ("cy", SVGWriter.num(py)), ("r", "3.5")],
        tooltip: tip)
      return
    }
    let d =
      "M" + SVGWriter.num(px) + " " + SVGWriter.num(py - 6) + "L" + SVGWriter.num(px + 6)
      + " " + SVGWriter.num(py) + "L" + SVGWriter.num(px) + " " + SVGWriter.num(py + 6) + "L"
      + SVGWriter.num(px - 6) + " " + SVGWriter.num(py) + "Z"
    svg.element(
      "path",
      [
        ("class", "point outlier"), ("d", d), ("fill-opacity", "0.35"),
        ("stroke", "currentColor"), ("stroke-width", "2"),
      ], tooltip: tip)
  }

  /// Money (`1.29 EUR`) or a plain number with two decimals.
  static func money(_ value: Decimal, currency: String?) -> String {
    guard let currency else { return DecimalFormat.plain(value, places: 2) }
    return Currency.format(value, code: currency)
  }

  /// `2026-11-20: 1.29 EUR at Edeka (outlier)`.
  static func tooltip(_ point: Point, format: (Decimal) -> String) -> String {
    var text = point.date.description + ": " + format(point.value)
    if let label = point.label, !label.isEmpty { text += " at " + label }
    if point.outlier { text += " (possible outlier)" }
    return text
  }

  /// The text alternative: count, dates, min/max/mean and every outlier.
  static func description(_ sorted: [Point], stats: Stats, format: (Decimal) -> String)
    -> String
  {
    guard let first = sorted.first, let last = sorted.last else { return "No data." }
    var text = sorted.count == 1 ? "1 value on " + first.date.description : ""
    if sorted.count > 1 {
      text = "\(sorted.count) values from \(first.date) to \(last.date)"
    }
    text +=
      "; min " + format(stats.min) + ", max " + format(stats.max) + ", mean "
      + format(stats.mean)
    let outliers = sorted.filter(\.outlier)
    if !outliers.isEmpty {
      text +=
        "; possible outliers: "
        + outliers.map {
          tooltip(Point(date: $0.date, value: $0.value, label: $0.label), format: format)
        }
        .joined(separator: ", ")
    }
    return text + "."
  }

  /// Up to four dates to label (at most `most` + 1): the first, the last and evenly spaced
  /// days between (fewer when the span is short or the plot narrow).
  static func dateTicks(from first: LocalDate, to last: LocalDate, most: Int = 3)
    -> [LocalDate]
  {
    let span = first.days(to: last)
    if span <= 0 { return [first] }
    let count = min(span, 3, max(most, 1))
    var dates: [LocalDate] = []
    for i in 0...count { dates.append(first.adding(days: span * i / count)) }
    return dates
  }
}
