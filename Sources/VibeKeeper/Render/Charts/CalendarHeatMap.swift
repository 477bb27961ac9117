import Foundation

/// A GitHub-style calendar of days: weeks as columns (Monday first), one cell per day
/// coloured by intensity class `heat-0` ... `heat-4`.
public enum CalendarHeatMap {
  /// What the values mean.
  public enum Mode: String, Sendable, Hashable {
    /// Counts per day: `heat-0` for 0, then `heat-1` ... `heat-4` by quarters of the
    /// largest count; tooltips read `2026-11-21: 3`.
    case counts
    /// Played or not: 1 is played (`heat-4`), `CalendarHeatMap.lost` played and lost
    /// (`heat-2`), else `heat-0`; tooltips read `2026-11-21: played` / `: lost` /
    /// `: not played`.
    case played
  }

  /// The value of a day played and lost, in `.played` mode.
  public static let lost = -1

  /// The most days drawn (53 weeks); an earlier `from` is moved forward.
  static let maxDays = 371
  /// Cell pitch and size in pixels.
  static let pitch = 14.0
  static let cell = 12.0
  /// Month names for the labels.
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The chart's SVG markup.
  ///
  /// - Parameters:
  ///   - values: a value per day (count, or 1 for played); days missing count 0. Only the
  ///     days from `from` through `through` are read (never the dictionary's order).
  ///   - from: the first day shown (at most 371 days before `through`).
  ///   - through: the last day shown, e.g. today.
  ///   - mode: counts or played days.
  ///   - title: the accessible name (`<title>`), e.g. "Wordle: last 16 weeks".
  ///   - id: the id prefix of `<title>`/`<desc>` (sanitised to `[a-z0-9-]`); unique per page.
  /// - Returns: `<svg class="chart chart-calendar">`; "No data" when `from` is after
  ///   `through`. The width follows from the number of weeks.
  public static func svg(
    values: [LocalDate: Int], from: LocalDate, through: LocalDate, mode: Mode = .counts,
    title: String, id: String
  ) -> String {
    guard from <= through else {
      return SVGWriter.empty(kind: "calendar", id: id, title: title, desc: "No data.", width: 200)
    }
    let start = from.days(to: through) >= maxDays ? through.adding(days: -(maxDays - 1)) : from
    let days = (0...start.days(to: through)).map { start.adding(days: $0) }
    let raw = days.map { values[$0] ?? 0 }
    let counts = raw.map { mode == .played && $0 == lost ? 1 : max($0, 0) }
    let most = counts.max() ?? 0
    let levels = zip(raw, counts).map { r, c in
      mode == .played && r == lost ? 2 : level(c, most: most, mode: mode)
    }
    let desc = description(days: days, counts: raw, mode: mode)

    let firstMonday = start.adding(days: -start.weekday.mondayFirstIndex)
    let columns = firstMonday.days(to: through) / 7 + 1
    let left = 30.0
    let top = 20.0
    let width = max(left + Double(columns) * pitch + 16, 200)
    let height = top + 7 * pitch + 26

    var svg = SVGWriter(
      kind: "calendar", id: id, title: title, desc: desc, width: width, height: height)
    for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
      svg.text(name, x: left - 4, y: top + Double(row) * pitch + 10, anchor: "end", cls: "weekday")
    }
    var lastLabelColumn = -10
    for (index, day) in days.enumerated() {
      let column = firstMonday.days(to: day) / 7
      let row = day.weekday.mondayFirstIndex
      if (day.day == 1 || index == 0) && column - lastLabelColumn >= 3
        && !(index == 0 && startsMonthSoon(day))
      {
        svg.text(
          months[day.month - 1], x: left + Double(column) * pitch, y: top - 6, cls: "month")
        lastLabelColumn = column
      }
      svg.rect(
        x: left + Double(column) * pitch, y: top + Double(row) * pitch, width: cell,
        height: cell, cls: "cell heat-\(levels[index])",
        extra: [("fill-opacity", opacity(levels[index])), ("rx", "2")],
        tooltip: tooltip(day, count: raw[index], mode: mode))
    }
    legend(
      &svg, mode: mode, showsLost: mode == .played && raw.contains(lost), right: width - 8,
      y: top + 7 * pitch + 8)
    return svg.finish()
  }

  /// Whether a month starts within the next two weeks (then the first day is not labelled,
  /// so two month names do not collide).
  static func startsMonthSoon(_ day: LocalDate) -> Bool {
    day.day != 1 && LocalDate.daysIn(month: day.month, year: day.year) - day.day < 14
  }

  /// The intensity class number 0-4 of a count.
  static func level(_ count: Int, most: Int, mode: Mode) -> Int {
    guard count > 0, most > 0 else { return 0 }
    if mode == .played { return 4 }
    let quarter = (Double(count) / Double(most) * 4).rounded(.up)
    return min(max(Int(quarter), 1), 4)
  }

  /// The default fill opacity of a level (a stylesheet's `.heat-N` rule wins).
  static func opacity(_ level: Int) -> String {
    ["0.08", "0.3", "0.5", "0.75", "1"][min(max(level, 0), 4)]
  }

  /// `2026-11-21: played` or `2026-11-21: 3`.
  static func tooltip(_ day: LocalDate, count: Int, mode: Mode) -> String {
    switch mode {
    case .played:
      return day.description + (count == lost ? ": lost" : count > 0 ? ": played" : ": not played")
    case .counts: return day.description + ": \(count)"
    }
  }

  /// The text alternative: how many days had activity, the total and the busiest day (in
  /// `.played` mode, the days played and the days lost, as the cells show them).
  static func description(days: [LocalDate], counts: [Int], mode: Mode) -> String {
    guard let first = days.first, let last = days.last else { return "No data." }
    let active = counts.filter { $0 > 0 }.count
    let range = " of \(days.count) days from \(first) to \(last)"
    switch mode {
    case .played:
      let lostDays = counts.filter { $0 == lost }.count
      return "Played on \(active)" + range + (lostDays > 0 ? ", lost on \(lostDays)" : "") + "."
    case .counts:
      let total = SVGWriter.saturatingSum(counts)
      var text = "\(total) in total on \(active)" + range
      if let most = counts.max(), most > 0, let i = counts.firstIndex(of: most) {
        text += "; most \(most) on \(days[i])"
      }
      return text + "."
    }
  }

  /// "Less ▢▢▢▢▢ More" (or "Not played ▢ ▢ Played", with "▢ Lost" before it when a lost
  /// day is shown) at the bottom right.
  static func legend(
    _ svg: inout SVGWriter, mode: Mode, showsLost: Bool = false, right: Double, y: Double
  ) {
    var right = right
    if showsLost {
      let label = "Lost"
      let x = right - SVGWriter.textWidth(label)
      svg.text(label, x: x, y: y + 10, cls: "legend")
      svg.rect(
        x: x - 4 - cell, y: y, width: cell, height: cell, cls: "legend-cell heat-2",
        extra: [("fill-opacity", opacity(2)), ("rx", "2")])
      right = x - 4 - cell - 12
    }
    let levels = mode == .played ? [0, 4] : [0, 1, 2, 3, 4]
    let (low, high) = mode == .played ? ("Not played", "Played") : ("Less", "More")
    let highWidth = SVGWriter.textWidth(high)
    var x = right - highWidth - 4 - Double(levels.count) * pitch
    svg.text(low, x: x - 4, y: y + 10, anchor: "end", cls: "legend")
    for level in levels {
      svg.rect(
        x: x, y: y, width: cell, height: cell, cls: "legend-cell heat-\(level)",
        extra: [("fill-opacity", opacity(level)), ("rx", "2")])
      x += pitch
    }
    svg.text(high, x: x + 2, y: y + 10, cls: "legend")
  }
}
