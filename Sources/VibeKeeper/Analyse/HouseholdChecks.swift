/// Problems only visible across records, found by the analyses rather than the loader
/// (overlapping budgets of one scope), so `check` can report them with the loader's.
public enum HouseholdChecks {
  /// The warnings, in a stable order.
  public static func diagnostics(_ household: Household) -> [Diagnostic] {
    BudgetOverlap.detect(household.budgets).warnings
  }
}
