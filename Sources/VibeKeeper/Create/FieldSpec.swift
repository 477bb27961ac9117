/// One field a new record can be given on the command line (`--price 80`), and how the
/// record skeleton shows it.
struct FieldSpec: Sendable {
  /// How a value is written.
  enum Style: Sendable {
    /// A scalar: plain when safe, else quoted.
    case text
    /// A scalar that is always quoted (times of day, which YAML 1.1 reads as numbers).
    case quoted
    /// A comma-separated value written as a flow list (`[a, b]`).
    case list
    /// `daily` or a comma-separated list of days.
    case days
  }

  /// A value filled in when the user gives none.
  enum Default: Sendable {
    /// Today's date.
    case today
    /// The first day of the current month.
    case monthStart
    /// The last day of the current month.
    case monthEnd
    /// A fixed text.
    case fixed(String)
  }

  /// The field name (`price`).
  let name: String
  /// An example value for the commented line (`0.00`); `$` stands for the settings
  /// currency, `%` for the record's slug.
  let example: String
  var style: Style = .text
  /// Whether the record cannot load without it.
  var required = false
  /// The value used when the user gives none (also for optional fields worth filling).
  var fallback: Default? = nil
  /// For a field written inside a nested mapping (`schedule`), its parent.
  var parent: String? = nil
  /// Fields whose presence makes this one's fallback unnecessary (`at` for `date`).
  var unlessGiven: [String] = []
}
