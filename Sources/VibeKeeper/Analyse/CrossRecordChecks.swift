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
    return out
  }

  /// A warning for each entry of a monthly file (`purchases/2026/11.yml`) dated in another
  /// month: the daily actions look for what is already written in the month's file, so a
  /// dose copied into `doses/2025/01.yml` would be marked again.
  static func misfiled(_ household: Household) -> [Diagnostic] {
    let clock = LocalClock(
      now: Date(timeIntervalSince1970: 0), timeZone: household.settings.timeZone)
    var out: [Diagnostic] = []
    // A file's entries share its path: each path is read once.
    var months: [String: (Int, Int)?] = [:]
    func check(_ meta: RecordMeta, _ kind: RecordKind, _ date: LocalDate, _ what: String) {
      if months[meta.path] == nil { months[meta.path] = .some(monthOfFile(meta.path, kind)) }
      guard let (year, month) = months[meta.path] ?? nil, year != date.year || month != date.month
      else { return }
      let right = "\(kind.folder)/\(date.year)/\(date.month < 10 ? "0" : "")\(date.month).yml"
      out.append(
        Diagnostic(
          .warning, meta.location,
          "this \(what) is dated \(date) but is in \(meta.path), the file of \(year)-\(month < 10 ? "0" : "")\(month)",
          hint:
            "move the line to \(right): the daily actions look for what is written in the month's file"
        ))
    }
    for p in household.purchases { check(p.meta, .purchases, p.date, "purchase") }
    for d in household.doses {
      check(d.meta, .doses, clock.localDate(of: d.at), "dose (by when it was marked)")
    }
    for r in household.results { check(r.meta, .results, r.when.localDate(in: clock), "result") }
    return out
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
