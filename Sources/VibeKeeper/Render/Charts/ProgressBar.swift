import Foundation

/// A small horizontal bar of how much of a budget is used, with the projected end marked.
public enum ProgressBar {
  /// The largest percent the scale reaches; larger values are drawn at the end.
  static let maxScale = 200.0

  /// The chart's SVG markup.
  ///
  /// The scale runs from 0 % to 100 %, or further (up to 200 %) when the used or projected
  /// percent is above 100; then a `limit` line marks 100 %.
  ///
  /// - Parameters:
  ///   - percent: the percent used (86.25 for 86.25 %); may exceed 100; negative is drawn
  ///     as 0; nil when it is unknown (a budget of 0): "No data".
  ///   - alert: whether the budget's alert threshold is reached: the fill gets `fill alert`.
  ///   - projected: the percent projected by the end of the period, drawn as a `projected`
  ///     marker; nil for none.
  ///   - title: the accessible name (`<title>`), e.g. "Groceries budget".
  ///   - id: the id prefix of `<title>`/`<desc>` (sanitised to `[a-z0-9-]`); unique per page.
  ///   - width: the width in pixels (the height is 20).
  /// - Returns: `<svg class="chart chart-progress">`, whose text alternative reads
  ///   `86% used, alert; projected 112% by the end of the period.`
  public static func svg(
    percent: Decimal?, alert: Bool, projected: Decimal? = nil, title: String, id: String,
    width: Int = 200
  ) -> String {
    let w = Double(max(width, 60))
    guard let percent else {
      return SVGWriter.empty(kind: "progress", id: id, title: title, desc: "No data.", width: w)
    }
    let desc = description(percent: percent, alert: alert, projected: projected)
    let used = max(SVGWriter.double(percent), 0)
    let ahead = max(SVGWriter.double(projected ?? 0), 0)
    let full = min(max(100, used, ahead), maxScale)
    let h = 20.0
    let left = 1.0
    let right = w - 1
    func x(_ value: Double) -> Double { left + min(value, full) / full * (right - left) }

    var svg = SVGWriter(kind: "progress", id: id, title: title, desc: desc, width: w, height: h)
    svg.rect(
      x: left, y: 4, width: right - left, height: 12, cls: "track",
      extra: [("fill-opacity", "0.15"), ("rx", "3")])
    var classes = "fill"
    if alert { classes += " alert" }
    if used > 100 { classes += " over" }
    svg.rect(
      x: left, y: 4, width: x(used) - left, height: 12, cls: classes,
      extra: [("fill-opacity", alert ? "0.95" : "0.6"), ("rx", "3")],
      tooltip: percentText(percent) + " used")
    if full > 100 {
      svg.line(x(100), 1, x(100), 19, cls: "limit", extra: [("stroke-width", "1.5")])
    }
    if let projected {
      let px = x(ahead)
      svg.element(
        "path",
        [
          ("class", "projected"),
          ("d", "M" + SVGWriter.num(px) + " 1V19"),
          ("stroke", "currentColor"), ("stroke-width", "2"), ("stroke-dasharray", "2 2"),
        ], tooltip: "projected " + percentText(projected))
    }
    return svg.finish()
  }

  /// A percent rounded half-even to a whole number: `86%`.
  static func percentText(_ value: Decimal) -> String {
    DecimalFormat.plain(value, places: 0) + "%"
  }

  /// `86% used, alert; projected 112% by the end of the period.`
  static func description(percent: Decimal, alert: Bool, projected: Decimal?) -> String {
    var text = percentText(percent) + " used"
    if alert { text += ", alert" }
    if let projected {
      text += "; projected " + percentText(projected) + " by the end of the period"
    }
    return text + "."
  }
}
