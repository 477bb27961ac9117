/// A person, with an optional birthday.
public struct Contact: Hashable, Sendable {
  public var meta: RecordMeta
  /// Display name (`name`, or `first_name` + `last_name`).
  public var name: String
  public var firstName: String?
  public var lastName: String?
  /// `mom`, `friend`, `colleague`, ...
  public var relationship: String?
  public var birthday: Birthday?
  /// Where a 29 February birthday falls in common years.
  public var leapBirthday: LeapDayRule = .feb28
  public var tags: [String] = []
  /// A picture in `media/` (`contacts/ana.jpg`).
  public var photo: String?
  /// Markdown notes (the body).
  public var notes: String = ""

  public var id: String { meta.id }

  /// Creates a contact.
  public init(meta: RecordMeta, name: String) {
    self.meta = meta
    self.name = name
  }
}

/// A birthday, with the year when it is known (`--MM-DD` leaves it out).
public struct Birthday: Hashable, Sendable {
  public var month: Int
  public var day: Int
  /// Birth year, when known.
  public var year: Int?

  /// Creates a birthday.
  public init(month: Int, day: Int, year: Int?) {
    self.month = month
    self.day = day
    self.year = year
  }

  /// The birthday's date in a given year (29 February moves as `leap` says in common years).
  public func date(in year: Int, leap: LeapDayRule) -> LocalDate {
    // A 29 February birthday written as a leap-year date; 2000 is a leap year.
    (LocalDate(year: 2000, month: month, day: day) ?? LocalDate(dayNumber: 0))
      .inYear(year, leap: leap)
  }
}
