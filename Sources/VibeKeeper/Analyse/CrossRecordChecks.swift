/// Problems only visible across records that no single analysis owns: a gift for a
/// birthday nobody wrote down, a gift bought on no known day. The budgets' own cross-record warnings (overlaps, money in
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
    return out
  }
}
