import Foundation

/// Problems only visible across records that no single analysis owns: a gift for a
/// birthday nobody wrote down, a gift bought on no known day, an entry in another month's
/// file. The budgets' own cross-record warnings (overlaps, money in
/// another currency) come with `BudgetAnalysis`.
public enum CrossRecordChecks {
  /// The warnings, in record order.
  public static func diagnostics(_ household: Household) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for gift in household.gifts where gift.occasion == .birthday {
      if let c = household.contact(gift.recipient), c.birthday == nil {
        out.append(
          Diagnostic(
            .warning, gift.meta.location,
            "gift '\(gift.id)' is for \(c.name)'s birthday, but no birthday is known",
            hint: "add `birthday:` to \(c.meta.path)"))
      }
    }
    for gift in household.gifts where gift.status != .idea && gift.purchased == nil {
      out.append(
        Diagnostic(
          .warning, gift.meta.location,
          "gift '\(gift.id)' is \(gift.status.rawValue) but has no 'purchased' date, "
            + "so no budget counts it",
          hint: "add the day you bought it: `purchased: YYYY-MM-DD`"))
    }
    out += misfiled(household)
    out += twiceAnswered(household)
    return out
  }

  /// A warning for each dose line that answers an occurrence an earlier line answers
  /// (the same reminder and `due`): the one marked last counts, and `done` with `skipped`
  /// for one tablet is most often a slip.
  static func twiceAnswered(_ household: Household) -> [Diagnostic] {
    var first: [String: [Date: Dose]] = [:]
    var out: [Diagnostic] = []
    // In the order they are written (ids sort `#10` before `#9`).
    let written = household.doses.sorted {
      ($0.meta.location.file, $0.meta.location.line) < (
        $1.meta.location.file, $1.meta.location.line
      )
    }
    for d in written {
      guard let due = d.due else { continue }
      guard let earlier = first[d.reminder]?[due] else {
        first[d.reminder, default: [:]][due] = d
        continue
      }
      let counted = d.at >= earlier.at ? "this one, marked last," : "the other, marked last,"
      out.append(
        Diagnostic(
          .warning, d.meta.location,
          "this dose answers the same occurrence of '\(d.reminder)' as \(earlier.meta.location.file):\(earlier.meta.location.line); \(counted) counts",
          hint: "delete the line that is wrong"))
    }
    return out
  }

  /// A warning for each monthly file (`purchases/2026/11.yml`) with entries dated in
  /// another month, at the first of them: the daily actions look for what is already
  /// written in the month's file, so a dose copied into `doses/2025/01.yml` would be
  /// marked again.
  static func misfiled(_ household: Household) -> [Diagnostic] {
    let clock = LocalClock(
      now: Date(timeIntervalSince1970: 0), timeZone: household.settings.timeZone)
    /// A monthly file's month, and its first and next month's first instants (so an
    /// instant is placed by comparing, not by a calendar per entry).
    struct Month {
      let year: Int
      let month: Int
      let starts: Date
      let ends: Date
      func holds(_ date: LocalDate) -> Bool { date.year == year && date.month == month }
    }
    var months: [String: Month?] = [:]
    var misplaced: [String: (first: RecordMeta, date: LocalDate, what: String, count: Int)] = [:]
    var order: [String] = []
    func month(_ meta: RecordMeta, _ kind: RecordKind) -> Month? {
      if let known = months[meta.path] { return known }
      var found: Month?
      if let (year, month) = monthOfFile(meta.path, kind),
        let first = LocalDate(year: year, month: month, day: 1),
        let next = LocalDate(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1)
      {
        found = Month(
          year: year, month: month, starts: clock.startOfDay(first), ends: clock.startOfDay(next))
      }
      months[meta.path] = .some(found)
      return found
    }
    func note(_ meta: RecordMeta, _ date: @autoclosure () -> LocalDate, _ what: String) {
      if misplaced[meta.path] == nil {
        order.append(meta.path)
        misplaced[meta.path] = (meta, date(), what, 0)
      }
      misplaced[meta.path]?.count += 1
    }
    for p in household.purchases {
      if let m = month(p.meta, .purchases), !m.holds(p.date) { note(p.meta, p.date, "purchase") }
    }
    for p in household.prices {
      if let m = month(p.meta, .prices), !m.holds(p.date) { note(p.meta, p.date, "price") }
    }
    for d in household.doses {
      if let m = month(d.meta, .doses), d.at < m.starts || d.at >= m.ends {
        note(d.meta, clock.localDate(of: d.at), "dose (by when it was marked)")
      }
    }
    for r in household.results {
      guard let m = month(r.meta, .results) else { continue }
      switch r.when {
      case .day(let day): if !m.holds(day) { note(r.meta, day, "result") }
      case .instant(let at):
        if at < m.starts || at >= m.ends { note(r.meta, clock.localDate(of: at), "result") }
      }
    }
    return order.compactMap { path in
      guard let (meta, date, what, count) = misplaced[path], let m = months[path] ?? nil
      else { return nil }
      let kind = String(path.prefix { $0 != "/" })
      let right = "\(kind)/\(date.year)/\(date.month < 10 ? "0" : "")\(date.month).yml"
      let others =
        count > 1 ? " (and \(count - 1) more of this file's entries are of other months)" : ""
      return Diagnostic(
        .warning, meta.location,
        "this \(what) is dated \(date) but is in \(path), the file of \(m.year)-\(m.month < 10 ? "0" : "")\(m.month)\(others)",
        hint:
          "move the line to \(right): the daily actions look for what is written in the month's file"
      )
    }
  }

  /// The year and month of a monthly file's path (`purchases/2026/11.yml`), else nil.
  static func monthOfFile(_ path: String, _ kind: RecordKind) -> (Int, Int)? {
    let parts = path.split(separator: "/")
    guard parts.count == 3, parts[0] == kind.folder, parts[1].count == 4,
      let year = Int(parts[1]),
      let name = parts[2].split(separator: ".").first, parts[2].split(separator: ".").count == 2,
      ["yml", "yaml"].contains(parts[2].split(separator: ".")[1].lowercased()),
      let month = Int(name), (1...12).contains(month), name.count <= 2
    else { return nil }
    return (year, month)
  }
}
