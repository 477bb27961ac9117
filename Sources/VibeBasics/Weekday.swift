/// A day of the week, in the order Sunday (1) to Saturday (7) as the data format numbers them.
public enum Weekday: Int, CaseIterable, Sendable, Hashable, Comparable {
  case sunday = 1
  case monday, tuesday, wednesday, thursday, friday, saturday

  /// The data format's lower-case name: `mon`, `tue`, ...
  public var code: String {
    ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][rawValue - 1]
  }

  /// The short English name used in texts: `Mon`, `Tue`, ...
  public var shortName: String {
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue - 1]
  }

  /// The full English name: `Sunday`, `Monday`, ...
  public var name: String {
    ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][rawValue - 1]
  }

  /// The iCalendar BYDAY code: `MO`, `TU`, ...
  public var icalCode: String {
    ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][rawValue - 1]
  }

  /// Position in a Monday-first week (Monday 0 ... Sunday 6), for display order.
  public var mondayFirstIndex: Int { (rawValue + 5) % 7 }

  /// Parses `mon`, `Monday`, `TUE`, ... (three-letter prefix or full English name).
  public init?(name: String) {
    let lower = name.lowercased()
    if let w = Weekday.allCases.first(where: { $0.name.lowercased() == lower }) {
      self = w
      return
    }
    if let w = Weekday.allCases.first(where: { $0.code == lower }) {
      self = w
      return
    }
    return nil
  }

  public static func < (a: Weekday, b: Weekday) -> Bool {
    a.mondayFirstIndex < b.mondayFirstIndex
  }
}
