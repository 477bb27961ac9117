/// The report builders, one static function per topic (`Reports.budgets(_:clock:)`, ...),
/// each a pure function from the household and the clock to a `Report`.
public enum Reports {}
