/// Problems only visible across records that no single analysis owns: a gift for a
/// birthday nobody wrote down. The budgets' own cross-record warnings (overlaps, money in
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
    return out
  }
}
