import Foundation

/// Builds the markup of one inline SVG chart, safe and byte-stable by construction.
///
/// Every attribute value and every text node goes through `escape`, numbers through `num`
/// (two decimals at most, `.` as the point, never `nan` or `inf`), so a chart is the same
/// bytes on every machine and data cannot end an attribute or open a tag. Charts draw with
/// presentation attributes (`fill="currentColor"`, opacities), which any stylesheet rule
/// overrides; there are no colours, `<style>`, scripts, event attributes or external
/// references.
///
/// CSS classes used by the charts (style them as `.chart .bar` and so on):
/// - root `<svg>`: `chart` plus one of `chart-bar`, `chart-line`, `chart-hours`,
///   `chart-calendar`, `chart-progress`; `chart-empty` when there is no data
/// - shared: `axis` (axis lines), `grid` (tick grid lines), `tick` (tick labels),
///   `label` (row/category labels), `value` (value texts), `empty` (the "No data" text)
/// - bar chart: `row` (a `<g>` per bar), `bar`, `bar over` (over its budget), `limit`
///   (a bar's own budget marker), `total` (total budget line), `total-label`
/// - line chart: `line` (the price polyline), `point`, `point outlier` (outlier marker),
///   `guide guide-min`, `guide guide-max`, `guide guide-mean` (guide lines; equal values
///   share one line with several of these classes), `guide-label`
/// - hour histogram: `bar`, `bar highlight` (the best two-hour window), `hour` (hour labels)
/// - calendar heat map: `cell heat-0` ... `cell heat-4` (intensity), `month` (month labels),
///   `weekday` (weekday labels), `legend` (legend texts), `legend-cell heat-N` (legend swatches)
/// - progress bar: `track`, `fill`, `fill alert`, `fill over` (above 100 %), `limit`
///   (the 100 % mark when the scale goes beyond it), `projected` (projected marker)
///
/// `ChartStyle.classes` lists the same classes for code; `ChartStyle.css` styles them.
struct SVGWriter {
  /// The markup so far.
  private(set) var markup = ""
  /// The sanitised id prefix.
  let id: String

  /// Opens the root element with its accessible name (`<title>`) and text alternative
  /// (`<desc>`); `kind` is the chart's class suffix (`bar` gives `chart chart-bar`).
  init(
    kind: String, id rawID: String, title: String, desc: String, width: Double, height: Double,
    empty: Bool = false
  ) {
    id = SVGWriter.sanitizedID(rawID)
    let size = "0 0 " + SVGWriter.num(width) + " " + SVGWriter.num(height)
    open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"),
        ("class", "chart chart-" + kind + (empty ? " chart-empty" : "")),
        ("role", "img"), ("aria-labelledby", id + "-title " + id + "-desc"),
        ("viewBox", size), ("width", SVGWriter.num(width)), ("height", SVGWriter.num(height)),
        ("font-family", "sans-serif"), ("font-size", "11"), ("fill", "currentColor"),
      ])
    element("title", [("id", id + "-title")], text: title)
    element("desc", [("id", id + "-desc")], text: desc)
  }

  /// Appends `<name attributes>` (children follow until `close`).
  mutating func open(_ name: String, _ attributes: [(String, String)]) {
    markup += "<" + name
    appendAttributes(attributes)
    markup += ">\n"
  }

  /// Appends `</name>`.
  mutating func close(_ name: String) { markup += "</" + name + ">\n" }

  /// Appends one element: self-closing without text and tooltip, else with the escaped
  /// text and/or a `<title>` tooltip child.
  mutating func element(
    _ name: String, _ attributes: [(String, String)], text: String? = nil,
    tooltip: String? = nil
  ) {
    markup += "<" + name
    appendAttributes(attributes)
    if text == nil, tooltip == nil {
      markup += "/>\n"
      return
    }
    markup += ">"
    if let tooltip {
      markup += "<title>"
      SVGWriter.escape(tooltip, into: &markup)
      markup += "</title>"
    }
    if let text { SVGWriter.escape(text, into: &markup) }
    markup += "</" + name + ">\n"
  }

  /// Appends a `<text>` element at (x, y) with an anchor (`start`, `middle`, `end`).
  mutating func text(
    _ content: String, x: Double, y: Double, anchor: String = "start", cls: String
  ) {
    element(
      "text",
      [("class", cls), ("x", SVGWriter.num(x)), ("y", SVGWriter.num(y)), ("text-anchor", anchor)],
      text: content)
  }

  /// Appends a straight line from (x1, y1) to (x2, y2).
  mutating func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, cls: String,
    extra: [(String, String)] = []
  ) {
    element(
      "line",
      [
        ("class", cls), ("x1", SVGWriter.num(x1)), ("y1", SVGWriter.num(y1)),
        ("x2", SVGWriter.num(x2)), ("y2", SVGWriter.num(y2)), ("stroke", "currentColor"),
      ] + extra)
  }

  /// Appends a rectangle; a negative width or height is drawn as zero.
  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, cls: String,
    extra: [(String, String)] = [], tooltip: String? = nil
  ) {
    element(
      "rect",
      [
        ("class", cls), ("x", SVGWriter.num(x)), ("y", SVGWriter.num(y)),
        ("width", SVGWriter.num(max(width, 0))), ("height", SVGWriter.num(max(height, 0))),
      ] + extra, tooltip: tooltip)
  }

  /// The finished markup (closes the root element).
  func finish() -> String { markup + "</svg>\n" }

  private mutating func appendAttributes(_ attributes: [(String, String)]) {
    for (name, value) in attributes {
      markup += " " + name + "=\""
      SVGWriter.escape(value, into: &markup)
      markup += "\""
    }
  }

  // MARK: - Text and numbers

  /// Escapes text for XML text and quoted attributes (`& < > " '`), dropping the control
  /// characters XML 1.0 forbids (tab and line breaks become spaces).
  static func escape(_ s: String, into out: inout String) {
    // No control, C1 (C2 80-9F) or U+FFFE/U+FFFF (EF BF BE/BF) byte: nothing to drop.
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xEF }) {
      Escaping.html(s, into: &out)
      return
    }
    var cleaned = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
      let v = scalar.value
      if v == 0x09 || v == 0x0A || v == 0x0D {
        cleaned.append(" ")
      } else if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF {
        continue
      } else {
        cleaned.append(scalar)
      }
    }
    Escaping.html(String(cleaned), into: &out)
  }

  /// The escaped text as a new string.
  static func escaped(_ s: String) -> String {
    var out = ""
    escape(s, into: &out)
    return out
  }

  /// A coordinate or length: at most two decimals, trailing zeros trimmed, `.` as the point;
  /// non-finite values become 0 and values are clamped to ±1e9, so no `nan`/`inf`/exponent.
  static func num(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -1e9), 1e9)
    let hundredths = Int((clamped * 100).rounded())
    if hundredths == 0 { return "0" }
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction == 0 { return sign + whole }
    if fraction % 10 == 0 { return sign + whole + "." + String(fraction / 10) }
    return sign + whole + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }

  /// A `Decimal` as a `Double` for geometry only (money stays `Decimal`); NaN gives 0.
  static func double(_ value: Decimal) -> Double {
    guard !value.isNaN else { return 0 }
    let d = NSDecimalNumber(decimal: value).doubleValue
    return d.isFinite ? d : 0
  }

  /// The id prefix reduced to `[a-z0-9-]`: lower-cased, every other run of characters
  /// becomes one `-`, no `-` at either end; `chart` when nothing is left, and `c-` before a
  /// leading digit (ids and CSS selectors should start with a letter).
  static func sanitizedID(_ raw: String) -> String {
    var out = ""
    var pendingDash = false
    for scalar in raw.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingDash, !out.isEmpty { out += "-" }
        pendingDash = false
        out.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    if out.isEmpty { return "chart" }
    if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { return "c-" + out }
    return out
  }

  /// The sum of counts, stopping at `Int.max` instead of overflowing.
  static func saturatingSum(_ counts: [Int]) -> Int {
    var total = 0
    for count in counts {
      let (sum, overflow) = total.addingReportingOverflow(count)
      total = overflow ? (count > 0 ? Int.max : Int.min) : sum
    }
    return total
  }

  /// At most `limit` characters, with `…` in place of the rest.
  static func truncated(_ s: String, _ limit: Int) -> String {
    s.count <= limit ? s : String(s.prefix(max(limit - 1, 1))) + "…"
  }

  /// A rough width of a text in the 11-pixel sans-serif font, for layout only.
  static func textWidth(_ s: String, fontSize: Double = 11) -> Double {
    Double(s.count) * fontSize * 0.6
  }

  /// A small chart of the given kind that says "No data" (in the picture and in `<desc>`).
  static func empty(kind: String, id: String, title: String, desc: String, width: Double)
    -> String
  {
    let height = 48.0
    var w = SVGWriter(
      kind: kind, id: id, title: title, desc: desc, width: width, height: height, empty: true)
    w.text("No data", x: width / 2, y: height / 2 + 4, anchor: "middle", cls: "empty")
    return w.finish()
  }
}
