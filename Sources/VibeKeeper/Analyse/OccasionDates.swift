/// The dates on which occasions and birthdays fall, year after year (used by upcoming
/// occasions and by the calendar feeds).

extension Occasion {
  /// The occasion's date in `year`: its own date for a one-off occasion (nil in any other
  /// year), else the same month and day, with 29 February on 28 February in common years,
  /// or the day its floating rule gives ("second Sunday of May"). A yearly occasion has no
  /// date in years before the one it was first written for, nor after `until`.
  public func date(in year: Int) -> LocalDate? {
    guard recurring else { return year == date.year ? date : nil }
    guard year >= date.year else { return nil }
    let day = rule.map { $0.date(in: year) } ?? date.inYear(year, leap: .feb28)
    guard let day, until.map({ day <= $0 }) ?? true else { return nil }
    return day
  }

  /// The first `count` dates on or after `start`, in order.
  public func dates(onOrAfter start: LocalDate, count: Int) -> [LocalDate] {
    yearlyDates(onOrAfter: start, count: count, firstYear: date.year) { date(in: $0) }
  }

  /// The first date on or after `start`, if there is one.
  public func nextDate(onOrAfter start: LocalDate) -> LocalDate? {
    dates(onOrAfter: start, count: 1).first
  }

  /// The last date on or before `day`, if there is one (a yearly occasion that ended with
  /// `until` last fell on its final year's date, not on the date first written).
  public func lastDate(onOrBefore day: LocalDate) -> LocalDate? {
    guard recurring else { return date <= day ? date : nil }
    var year = min(day.year, until?.year ?? day.year)
    while year >= date.year {
      if let d = date(in: year), d <= day { return d }
      year -= 1
    }
    return nil
  }
}

extension Contact {
  /// The birthday's date in `year`, as the contact's `leap_birthday` rule places
  /// 29 February in common years. When the birth year is known there is no birthday in it
  /// or before it (the first birthday is the first anniversary of the birth).
  public func birthdayDate(in year: Int) -> LocalDate? {
    guard let birthday else { return nil }
    if let born = birthday.year, year <= born { return nil }
    return birthday.date(in: year, leap: leapBirthday)
  }

  /// The first `count` birthdays on or after `start`, in order.
  public func birthdayDates(onOrAfter start: LocalDate, count: Int) -> [LocalDate] {
    let first = birthday?.year.map { $0 + 1 } ?? start.year
    return yearlyDates(onOrAfter: start, count: count, firstYear: first) {
      birthdayDate(in: $0)
    }
  }

  /// The first birthday on or after `start`, if the contact has a birthday.
  public func nextBirthday(onOrAfter start: LocalDate) -> LocalDate? {
    birthdayDates(onOrAfter: start, count: 1).first
  }

  /// The age the contact turns on `date` when the birth year is known (for a birthday
  /// date: the number of years since the birth year).
  public func age(on date: LocalDate) -> Int? {
    birthday?.year.map { date.year - $0 }
  }

  /// How old the contact is on `date` in completed years, when the birth year is known:
  /// the year's birthday (29 February placed by `leap_birthday`) counts from its day on.
  /// Nil before the birth.
  public func completedYears(on date: LocalDate) -> Int? {
    guard let birthday, let born = birthday.year, date.year >= born else { return nil }
    let thisYear = birthday.date(in: date.year, leap: leapBirthday)
    let years = date >= thisYear ? date.year - born : date.year - born - 1
    return years >= 0 ? years : nil
  }
}

/// Walks the years from `start`'s (or `firstYear`, whichever is later) and collects the
/// dates `dateIn` gives that fall on or after `start`, until `count` are found.
private func yearlyDates(
  onOrAfter start: LocalDate, count: Int, firstYear: Int, _ dateIn: (Int) -> LocalDate?
) -> [LocalDate] {
  var out: [LocalDate] = []
  var year = max(start.year, firstYear)
  // A year has at most one date. Only the first year misses it, except for a rule on a
  // fifth weekday, which some years lack (a fifth Monday of February comes every 28
  // years), so 28 × (count + 1) years always suffice.
  let last = year + 28 * (min(max(count, 0), 10_000) + 1)
  while out.count < count, year <= last, year <= 9999 {
    if let d = dateIn(year), d >= start { out.append(d) }
    year += 1
  }
  return out
}
