/// What kind of day an occasion is, which decides whether its years are counted.
public enum OccasionType: String, CaseIterable, Hashable, Sendable {
  /// A wedding anniversary, a jubilee: the years are counted ("9 years"), gifts are taken.
  case anniversary
  /// A holiday (Christmas Eve, Halloween): no count of years.
  case holiday
  /// A party, a play, a trip: no count of years.
  case event
}

/// A dated occasion (an anniversary, a party), one-off or yearly.
public struct Occasion: Hashable, Sendable {
  public var meta: RecordMeta
  public var title: String
  public var date: LocalDate
  /// Repeats every year on the same day (29 February falls on 28 February in common years).
  public var recurring: Bool = false
  /// A floating yearly date ("second Sunday of May"): the day in each year, instead of
  /// `date`'s month and day. `date` is then the first year's day.
  public var rule: YearlyRule?
  /// The last day a yearly occasion may fall on (from a calendar's `UNTIL` or `COUNT`).
  public var until: LocalDate?
  /// The contact it belongs to (a contact id).
  public var contact: String?
  /// What kind of day it is, as written (`type:`); see `kind` for the one in effect.
  public var type: OccasionType?
  /// Whether gifts are given for it, as written (`gifts: true`); see
  /// `OccasionGifts.takesGifts` for the rule in effect.
  public var gifts: Bool?
  /// Markdown notes (the body).
  public var notes: String = ""

  public var id: String { meta.id }

  /// The kind in effect: as written, else an anniversary for a yearly occasion of a
  /// contact, a holiday for another yearly one, an event for a one-off.
  public var kind: OccasionType {
    type ?? (recurring ? (contact == nil ? .holiday : .anniversary) : .event)
  }

  /// Whether its years are counted ("Our anniversary (9 years)"): anniversaries only.
  public var countsYears: Bool { recurring && kind == .anniversary }

  /// Creates an occasion.
  public init(meta: RecordMeta, title: String, date: LocalDate) {
    self.meta = meta
    self.title = title
    self.date = date
  }
}
