import Foundation

/// Overlapping active budgets of one scope: the later start wins.
public enum BudgetOverlap {
  /// For every pair of active budgets with the same scope (category scopes compared
  /// case-insensitively) whose periods share a day, the one that starts later wins (on
  /// the same start, the one whose id sorts later) and the other is superseded.
  ///
  /// Returns the winners' ids per superseded budget id (sorted) and one warning per pair,
  /// at the superseded budget, naming both budgets' files and the shared days.
  public static func detect(
    _ budgets: [Budget]
  ) -> (supersededBy: [String: [String]], warnings: [Diagnostic]) {
    let active = budgets.filter { $0.active && $0.start <= $0.end }
      .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    var superseded: [String: [String]] = [:]
    var warnings: [Diagnostic] = []
    for (i, loser) in active.enumerated() {
      for winner in active[(i + 1)...] {
        // Budgets in two currencies count different money (each leaves the other's out).
        guard scopeKey(loser.scope) == scopeKey(winner.scope),
          Currency.same(loser.currency, winner.currency), winner.start <= loser.end,
          loser.start <= winner.end
        else { continue }
        superseded[loser.id, default: []].append(winner.id)
        let from = max(loser.start, winner.start)
        let to = min(loser.end, winner.end)
        warnings.append(
          Diagnostic(
            .warning, loser.meta.location,
            "budget '\(loser.id)' (\(loser.meta.location.file)) and budget '\(winner.id)' "
              + "(\(winner.meta.location.file)) both cover scope '\(loser.scope)' from "
              + "\(from) to \(to); '\(winner.id)' "
              + (winner.start == loser.start
                ? "starts the same day and its id sorts later, so it wins, "
                : "starts later and wins, ")
              + "'\(loser.id)' is superseded",
            hint: "end '\(loser.id)' before \(winner.start) or set `active: false` on one",
            related: winner.meta.location))
      }
    }
    return (superseded.mapValues { $0.sorted() }, warnings)
  }

  /// `all`, `gifts`, or `category:NAME` lower-cased.
  static func scopeKey(_ scope: BudgetScope) -> String {
    switch scope {
    case .all: "all"
    case .gifts: "gifts"
    case .category(let c): "category:" + BudgetSpending.key(c)
    }
  }
}
