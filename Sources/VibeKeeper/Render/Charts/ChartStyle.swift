/// A suggested stylesheet for the charts, for the site to include (or adapt) in its CSS.
///
/// The charts carry no colours of their own: they draw in `currentColor` with opacities,
/// which these rules override. Colours come from two custom properties a page may set:
/// `--chart-accent` (Persian Green, `#00A693`, by default) and `--chart-alert` (for over
/// budget, alerts and outliers). The text colour is inherited from the page, so a dark theme
/// only needs a light `color`.
public enum ChartStyle {
  /// Every class the charts put on elements (the root's `chart chart-…` included), sorted.
  public static let classes: [String] = [
    "axis", "bar", "cell", "chart", "chart-bar", "chart-calendar", "chart-empty",
    "chart-hours", "chart-line", "chart-progress", "empty", "fill", "alert", "grid", "guide",
    "guide-label", "guide-max", "guide-mean", "guide-min", "heat-0", "heat-1", "heat-2",
    "heat-3", "heat-4", "highlight", "hour", "label", "legend", "legend-cell", "limit", "line",
    "month", "outlier", "over", "point", "projected", "row", "tick", "total", "total-label",
    "track", "value", "weekday",
  ].sorted()

  /// The CSS rules, one per line, for every chart class (see `SVGWriter`).
  public static let css = """
    .chart { --chart-accent: #00A693; --chart-alert: #C2410C; max-width: 100%; height: auto; }
    .chart text { font-family: inherit; font-size: 11px; }
    .chart .tick, .chart .hour, .chart .month, .chart .weekday, .chart .legend { fill-opacity: 0.7; }
    .chart .grid { stroke-opacity: 0.12; }
    .chart .axis { stroke-opacity: 0.5; }
    .chart .empty { fill-opacity: 0.6; font-style: italic; }
    .chart .bar { fill: var(--chart-accent); fill-opacity: 0.85; }
    .chart .bar.over { fill: var(--chart-alert); fill-opacity: 0.9; }
    .chart .limit { stroke: currentColor; stroke-opacity: 0.8; }
    .chart .total { stroke: var(--chart-alert); }
    .chart .total-label { fill: var(--chart-alert); }
    .chart .line { stroke: var(--chart-accent); }
    .chart .point { fill: var(--chart-accent); }
    .chart .point.outlier { fill: var(--chart-alert); fill-opacity: 0.35; stroke: var(--chart-alert); }
    .chart .guide { stroke: currentColor; stroke-opacity: 0.45; }
    .chart .guide-label { fill-opacity: 0.8; }
    .chart-hours .bar { fill: currentColor; fill-opacity: 0.3; }
    .chart-hours .bar.highlight { fill: var(--chart-accent); fill-opacity: 1; }
    .chart .heat-0 { fill: currentColor; fill-opacity: 0.08; }
    .chart .heat-1 { fill: var(--chart-accent); fill-opacity: 0.3; }
    .chart .heat-2 { fill: var(--chart-accent); fill-opacity: 0.55; }
    .chart .heat-3 { fill: var(--chart-accent); fill-opacity: 0.8; }
    .chart .heat-4 { fill: var(--chart-accent); fill-opacity: 1; }
    .chart .track { fill: currentColor; fill-opacity: 0.12; }
    .chart .fill { fill: var(--chart-accent); fill-opacity: 1; }
    .chart .fill.alert, .chart .fill.over { fill: var(--chart-alert); }
    .chart .projected { stroke: currentColor; stroke-opacity: 0.8; }

    """
}
