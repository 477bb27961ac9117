import Foundation

/// One occasion or birthday whose next date falls within the horizon.
public struct UpcomingOccasion: Hashable, Sendable {
  /// Where it comes from.
  public enum Kind: String, Hashable, Sendable {
    /// A contact's birthday.
    case birthday
    /// An occasion record.
    case occasion
  }

  /// Birthday or occasion.
  public var kind: Kind
  /// The occasion id, or the contact id for a birthday.
  public var id: String
  /// The occasion's title, or "NAME's birthday".
  public var title: String
  /// The contact it belongs to (a contact id), when any.
  public var contact: String?
  /// The date it falls on next (today or later).
  public var date: LocalDate
  /// Days from today to `date` (0 = today).
  public var daysUntil: Int
  /// Whether it comes back every year (always for a birthday).
  public var recurring: Bool
  /// For a birthday with a known birth year, the age the contact turns on `date`.
  public var age: Int?
  /// For an anniversary, how many years since the date it was first written for; nil for
  /// holidays, events, one-off occasions and birthdays.
  public var years: Int?
  /// The alarms still ahead: `lead_days` before, the day before and the day itself, each
  /// at `reminder_time` in the settings zone, in time order, without repeats and without
  /// those already past (before now).
  public var reminders: [Date]
  /// Whether gifts are given for it (see `OccasionGifts.takesGifts`); always for birthdays.
  public var takesGifts: Bool
  /// Up to three gift ideas (status `idea`), best match first (see `OccasionGifts`); none
  /// when it takes no gifts.
  public var gifts: [Gift]
  /// The gifts already bought for it and not yet given.
  public var bought: [Gift]
}

/// Upcoming occasions: every occasion and contact birthday whose next date falls within
/// `occasions.horizon_days` of today.
public enum UpcomingOccasions {
  /// The occasions and birthdays whose next date `d` has `0 <= d - today <= horizon_days`
  /// (both ends inclusive: with the default 30, today and the day 30 days later count),
  /// ordered by date, then birthdays before occasions, then title, then id.
  ///
  /// A one-off occasion in the past is never upcoming; a yearly one counts from the year it
  /// was written for. Today's occasion stays listed all day. `gifts` is the household's
  /// gift index, when already made.
  public static func upcoming(
    in household: Household, clock: LocalClock, gifts: OccasionGifts.Index? = nil
  ) -> [UpcomingOccasion] {
    let settings = household.settings.occasions
    let today = clock.today
    let horizon = max(0, settings.horizonDays)
    var out: [UpcomingOccasion] = []

    func points(_ date: LocalDate) -> [Date] {
      reminderPoints(
        for: date, leadDays: settings.leadDays, time: settings.reminderTime, clock: clock
      ).filter { $0 >= clock.now }
    }

    let index = gifts ?? OccasionGifts.Index(household.gifts)
    let named = index.named
    for contact in household.contacts {
      guard let date = contact.nextBirthday(onOrAfter: today) else { continue }
      let days = today.days(to: date)
      guard days <= horizon else { continue }
      out.append(
        UpcomingOccasion(
          kind: .birthday, id: contact.id, title: "\(contact.name)'s birthday",
          contact: contact.id, date: date, daysUntil: days, recurring: true,
          age: contact.age(on: date), years: nil, reminders: points(date),
          takesGifts: true,
          picked: OccasionGifts.forBirthday(of: contact.id, in: index, on: date)))
    }
    for occasion in household.occasions {
      guard let date = occasion.nextDate(onOrAfter: today) else { continue }
      let days = today.days(to: date)
      guard days <= horizon else { continue }
      let years = occasion.countsYears ? date.year - occasion.date.year : nil
      let takes = OccasionGifts.takesGifts(occasion, named: named)
      out.append(
        UpcomingOccasion(
          kind: .occasion, id: occasion.id, title: occasion.title, contact: occasion.contact,
          date: date, daysUntil: days, recurring: occasion.recurring, age: nil,
          years: years.flatMap { $0 > 0 ? $0 : nil }, reminders: points(date),
          takesGifts: takes,
          picked: takes ? OccasionGifts.forOccasion(occasion, in: index, on: date) : .init()))
    }
    return out.sorted { a, b in
      if a.date != b.date { return a.date < b.date }
      if a.kind != b.kind { return a.kind == .birthday }
      if a.title != b.title { return a.title < b.title }
      return a.id < b.id
    }
  }

  /// A warning for each contact born after `today`: no birthday and no age until then,
  /// which is right for a baby on the way and a silent surprise for a year mistyped
  /// (`2062` for `1962`).
  public static func futureBirthdays(_ household: Household, today: LocalDate) -> [Diagnostic] {
    household.contacts.compactMap { c in
      guard let b = c.birthday, let year = b.year,
        let born = LocalDate(year: year, month: b.month, day: b.day), born > today
      else { return nil }
      let first = b.date(in: year + 1, leap: c.leapBirthday)
      return Diagnostic(
        .warning, c.meta.location,
        "\(c.name)'s birthday \(born) is after today (\(today)), so the first birthday shown is \(first)",
        hint: "if the year is mistyped, correct it in \(c.meta.path); a baby on the way can stay")
    }
  }

  /// Every reminder point of an occasion on `date`, past or not: `leadDays` before, the day
  /// before and the day itself, each at `time` local (a time a DST change skips moves
  /// forward by the gap). A lead of 0 or 1 adds no extra point; a negative lead counts as 0
  /// and one of more than ten years (3,660 days) as 3,660. In time order.
  public static func reminderPoints(
    for date: LocalDate, leadDays: Int, time: TimeOfDay, clock: LocalClock
  ) -> [Date] {
    Set([min(max(0, leadDays), 3_660), 1, 0]).sorted(by: >).map {
      clock.instant(date.adding(days: -$0), time)
    }
  }
}

extension UpcomingOccasion {
  /// An upcoming occasion with the gifts `OccasionGifts` picked for it.
  init(
    kind: Kind, id: String, title: String, contact: String?, date: LocalDate, daysUntil: Int,
    recurring: Bool, age: Int?, years: Int?, reminders: [Date], takesGifts: Bool,
    picked: OccasionGifts.Picked
  ) {
    self.init(
      kind: kind, id: id, title: title, contact: contact, date: date, daysUntil: daysUntil,
      recurring: recurring, age: age, years: years, reminders: reminders,
      takesGifts: takesGifts, gifts: Array(picked.ideas.prefix(OccasionGifts.limit)),
      bought: picked.bought)
  }
}
