import Foundation

/// Horizontal bars of a budget's category breakdown, as inline SVG.
public enum BarChart {
  /// One category's row.
  public struct Bar: Hashable, Sendable {
    /// The category name shown left of the bar (truncated to 24 characters in the picture,
    /// whole in the tooltip and text alternative).
    public var label: String
    /// What was spent (drawn from 0; a negative amount is drawn as 0).
    public var spent: Decimal
    /// The category's own budget, drawn as a marker line across the bar; nil when none.
    public var limit: Decimal?
    /// Whether the category is over its budget: the bar gets the class `bar over`.
    public var over: Bool

    /// A row: label, amount spent, the category's own budget (if any), over-budget flag.
    public init(label: String, spent: Decimal, limit: Decimal? = nil, over: Bool = false) {
      self.label = label
      self.spent = spent
      self.limit = limit
      self.over = over
    }
  }

  /// The chart's SVG markup.
  ///
  /// - Parameters:
  ///   - bars: the rows, drawn top to bottom in the given order.
  ///   - currency: the ISO code used to write amounts (`Currency.format`).
  ///   - totalLimit: the whole budget, drawn as a dashed vertical line across all rows
  ///     (the scale then reaches it); nil for none.
  ///   - title: the chart's accessible name (`<title>`), e.g. "Groceries, November".
  ///   - id: the id prefix of `<title>`/`<desc>` (sanitised to `[a-z0-9-]`); unique per page.
  ///   - width: the width in pixels (the height follows from the number of rows).
  /// - Returns: `<svg class="chart chart-bar">`; "No data" when `bars` is empty.
  public static func svg(
    bars: [Bar], currency: String, totalLimit: Decimal? = nil, title: String, id: String,
    width: Int = 480
  ) -> String {
    let w = Double(max(width, 160))
    let desc = description(bars: bars, currency: currency, totalLimit: totalLimit)
    guard !bars.isEmpty else {
      return SVGWriter.empty(kind: "bar", id: id, title: title, desc: desc, width: w)
    }
    let labels = bars.map { SVGWriter.truncated($0.label, 24) }
    let values = bars.map { valueText($0, currency: currency) }
    let labelWidth = min(max(labels.map { SVGWriter.textWidth($0) }.max() ?? 0, 40), w * 0.3)
    let valueWidth = min(values.map { SVGWriter.textWidth($0) }.max() ?? 0, w * 0.35)
    let left = 8 + labelWidth + 8
    let right = w - 8 - valueWidth - 8
    let top = totalLimit == nil ? 8.0 : 22.0
    let rowHeight = 24.0
    let plotBottom = top + rowHeight * Double(bars.count)
    let height = plotBottom + 22

    var high = 0.0
    for bar in bars {
      high = max(high, SVGWriter.double(bar.spent), SVGWriter.double(bar.limit ?? 0))
    }
    if let totalLimit { high = max(high, SVGWriter.double(totalLimit)) }
    let scale = ChartScale(low: 0, high: high, maxTicks: 5)
    func x(_ value: Decimal) -> Double {
      max(scale.position(max(SVGWriter.double(value), 0), from: left, to: right), left)
    }

    var svg = SVGWriter(
      kind: "bar", id: id, title: title, desc: desc, width: w, height: height)
    for tick in scale.ticks {
      let tx = scale.position(tick, from: left, to: right)
      svg.line(tx, top, tx, plotBottom, cls: "grid", extra: [("stroke-opacity", "0.15")])
      svg.text(scale.label(tick), x: tx, y: plotBottom + 14, anchor: "middle", cls: "tick")
    }
    svg.line(left, top, left, plotBottom, cls: "axis", extra: [("stroke-opacity", "0.5")])
    for (index, bar) in bars.enumerated() {
      drawRow(
        bar, label: labels[index], value: values[index], y: top + rowHeight * Double(index),
        left: left, width: w, x: x, currency: currency, into: &svg)
    }
    if let totalLimit {
      let tx = x(totalLimit)
      svg.line(
        tx, top - 4, tx, plotBottom, cls: "total",
        extra: [("stroke-dasharray", "4 3"), ("stroke-width", "1.5")])
      let anchor = tx > (left + right) / 2 ? "end" : "start"
      svg.text(
        "Budget " + Currency.format(totalLimit, code: currency), x: tx, y: top - 8,
        anchor: anchor, cls: "total-label")
    }
    return svg.finish()
  }

  /// One row: its label, its bar (with the limit's mark) and its amount.
  private static func drawRow(
    _ bar: Bar, label: String, value: String, y: Double, left: Double, width w: Double,
    x: (Decimal) -> Double, currency: String, into svg: inout SVGWriter
  ) {
    svg.open("g", [("class", "row")])
    svg.text(label, x: left - 8, y: y + 16, anchor: "end", cls: "label")
    svg.rect(
      x: left, y: y + 5, width: x(bar.spent) - left, height: 14,
      cls: bar.over ? "bar over" : "bar",
      extra: [("fill-opacity", bar.over ? "0.95" : "0.55")],
      tooltip: bar.label + ": " + valueText(bar, currency: currency))
    if let limit = bar.limit {
      let lx = x(limit)
      svg.line(lx, y + 1, lx, y + 23, cls: "limit", extra: [("stroke-width", "2")])
    }
    svg.text(value, x: w - 8, y: y + 16, anchor: "end", cls: "value")
    svg.close("g")
  }

  /// The amount text of a row: `86.25 / 120.00 EUR`, or `32.60 EUR` without a budget.
  static func valueText(_ bar: Bar, currency: String) -> String {
    guard let limit = bar.limit else { return Currency.format(bar.spent, code: currency) }
    return Currency.digits(bar.spent, code: currency) + " / "
      + Currency.format(limit, code: currency)
  }

  /// The text alternative: `Groceries: 86.25 EUR of 120.00 EUR; Household: 32.60 EUR of
  /// 25.00 EUR, over; Total budget 500.00 EUR.`
  static func description(bars: [Bar], currency: String, totalLimit: Decimal?) -> String {
    var parts: [String] = []
    for bar in bars {
      var part = bar.label + ": " + Currency.format(bar.spent, code: currency)
      if let limit = bar.limit { part += " of " + Currency.format(limit, code: currency) }
      if bar.over { part += ", over" }
      parts.append(part)
    }
    var text = parts.isEmpty ? "No data" : parts.joined(separator: "; ")
    if let totalLimit {
      text += "; total budget " + Currency.format(totalLimit, code: currency)
    }
    return text + "."
  }
}
