import Foundation

extension FeedEvents {
  /// Birthdays and occasions as all-day events, one per year (last year to two years
  /// ahead) with its own UID so a known birth year can give the age ("Ana turns 34") and an
  /// anniversary its count of years ("Our anniversary (9 years)"); a one-off occasion
  /// once. Each has one alarm, the day before at `reminder_time`. Birthdays and occasions
  /// that take gifts also get a visible lead-time event `lead_days` before ("Gift for Ana:
  /// birthday in 10 days", with its own alarm the day before it) listing the ideas and
  /// what is already bought. 29 February birthdays follow the contact's `leap_birthday`;
  /// yearly 29 February occasions fall on 28 February.
  public static func occasions(_ inputs: FeedInputs) -> [FeedEvent] {
    var lines = GiftLines(reusing: inputs.giftLines)
    return occasions(inputs, lines: &lines)
  }

  /// The birthdays and occasions, each gift's line made in `lines`.
  static func occasions(_ inputs: FeedInputs, lines: inout GiftLines) -> [FeedEvent] {
    let index = inputs.analysis.gifts
    return birthdays(inputs, index, &lines) + occasionRecords(inputs, index, &lines)
  }

  /// Each gift's line in the events' descriptions ("- Lamp (20.50 EUR)"), made once
  /// however many years and occasions list it (gift ids are unique in a household), and
  /// taken from the last build in the process for a gift that is the same.
  struct GiftLines: Sendable {
    private var byID: [String: (gift: Gift, line: String)] = [:]
    /// The last build's lines in this process.
    private let last: [String: (gift: Gift, line: String)]

    /// No line made yet; `last` (the last build's lines in the process) is taken from.
    init(reusing last: GiftLines? = nil) { self.last = last?.byID ?? [:] }

    /// The line of `gift`.
    mutating func line(_ gift: Gift) -> String {
      if let known = byID[gift.id] { return known.line }
      let made: String
      if let kept = last[gift.id], kept.gift.isSame(as: gift) {
        made = kept.line
      } else {
        made =
          "- " + gift.title
          + (gift.price.map { " (" + Currency.format($0, code: gift.currency) + ")" } ?? "")
      }
      byID[gift.id] = (gift, made)
      return made
    }
  }

  /// Each contact's birthday per year, with its lead-time event.
  static func birthdays(
    _ inputs: FeedInputs, _ index: OccasionGifts.Index, _ lines: inout GiftLines
  ) -> [FeedEvent] {
    let h = inputs.household
    var out: [FeedEvent] = []
    for contact in h.contacts where contact.birthday != nil {
      // Each year's gifts as they stand for it (a gift handed over early is that year's).
      let dated = FeedEvents.years(inputs.clock.today).compactMap { year in
        contact.birthdayDate(in: year).map {
          (year, $0, OccasionGifts.forBirthday(of: contact.id, in: index, on: $0))
        }
      }
      for (year, date, picked) in dated {
        // Each year's stamp from what that year's events show.
        let stamp = inputs.stamps.stamp(contact.meta, gifts: picked.ideas, picked.bought)
        let gifts = giftText(picked, for: contact.name, lines: &lines)
        let summary =
          contact.age(on: date).map { "\(contact.name) turns \($0)" }
          ?? "\(contact.name)'s birthday"
        var e = FeedEvent(
          kind: .birthday, id: contact.id, uid: inputs.uid("birthday", contact.id, String(year)),
          summary: summary, description: gifts,
          start: .allDay(date), stamp: stamp)
        e.url = inputs.url(.contacts, contact.id)
        e.categories = ["Birthday"]
        e.alarms = [alarm(inputs, summary)]
        out.append(e)
        out += lead(
          inputs, date, id: contact.id, uidKind: "gift-birthday", year: year,
          summary: "Gift for \(contact.name): birthday", gifts: gifts, url: e.url, stamp: stamp)
      }
    }
    return out
  }

  /// Each occasion record: once, or per year for a yearly one, with its lead-time event
  /// when it takes gifts.
  static func occasionRecords(
    _ inputs: FeedInputs, _ index: OccasionGifts.Index, _ lines: inout GiftLines
  ) -> [FeedEvent] {
    let h = inputs.household
    let years = FeedEvents.years(inputs.clock.today)
    let named = index.named
    var out: [FeedEvent] = []
    for occasion in h.occasions {
      let takesGifts = OccasionGifts.takesGifts(occasion, named: named)
      let contact = h.contact(occasion.contact)
      let notes = occasion.notes.trimmingCharacters(in: .whitespacesAndNewlines)
      let dates: [(Int, LocalDate)] =
        occasion.recurring
        ? years.compactMap { y in occasion.date(in: y).map { (y, $0) } }
        : [(occasion.date.year, occasion.date)]
      // Each occurrence's gifts as they stand for it.
      let picks = dates.map { _, date in
        takesGifts ? OccasionGifts.forOccasion(occasion, in: index, on: date) : .init()
      }
      for ((year, date), picked) in zip(dates, picks) {
        let stamp = inputs.stamps.stamp(occasion.meta, gifts: picked.ideas, picked.bought)
        let gifts = giftText(picked, for: contact?.name, lines: &lines)
        // The count of years is for an anniversary, not for a holiday written with the
        // year it was first entered.
        let count = date.year - occasion.date.year
        let summary =
          occasion.countsYears && count > 0
          ? "\(occasion.title) (\(count) \(count == 1 ? "year" : "years"))" : occasion.title
        var description = notes
        if !gifts.isEmpty { description += (description.isEmpty ? "" : "\n\n") + gifts }
        let suffix = occasion.recurring ? String(year) : nil
        var e = FeedEvent(
          kind: .occasion, id: occasion.id, uid: inputs.uid("occasion", occasion.id, suffix),
          summary: summary, description: description, start: .allDay(date), stamp: stamp)
        e.url = inputs.url(.occasions, occasion.id)
        e.categories = ["Occasion"]
        e.alarms = [alarm(inputs, summary)]
        out.append(e)
        guard takesGifts else { continue }
        let who = contact.map { "Gift for \($0.name): \(occasion.title)" } ?? occasion.title
        out += lead(
          inputs, date, id: occasion.id,
          uidKind: "gift-occasion", year: occasion.recurring ? year : nil, summary: who,
          gifts: gifts, url: e.url, stamp: stamp)
      }
    }
    return out
  }

  /// The one alarm of an all-day event: the day before at `reminder_time`, relative to
  /// its start ("Tomorrow: Ana turns 34").
  static func alarm(_ inputs: FeedInputs, _ summary: String) -> FeedEvent.Alarm {
    FeedEvent.Alarm(
      trigger: ICSFormat.trigger(
        daysBefore: 1, at: inputs.household.settings.occasions.reminderTime),
      description: "Tomorrow: " + summary)
  }

  /// The visible lead-time event `lead_days` before (none for a lead of 0 or 1 day, which
  /// the day-before alarm already covers): "SUMMARY in N days", listing the gift ideas and
  /// what is bought (`gifts`, the `giftText`), with the usual alarm the day before it.
  static func lead(
    _ inputs: FeedInputs, _ date: LocalDate, id: String, uidKind: String, year: Int?,
    summary: String, gifts: String, url: String?, stamp: Date
  ) -> [FeedEvent] {
    let days = min(max(0, inputs.household.settings.occasions.leadDays), 3_660)
    guard days > 1 else { return [] }
    let title = "\(summary) in \(days) days"
    var e = FeedEvent(
      kind: .gift, id: id, uid: inputs.uid(uidKind, id, year.map(String.init)),
      summary: title, description: gifts.isEmpty ? "No gift ideas yet." : gifts,
      start: .allDay(date.adding(days: -days)), stamp: stamp)
    e.url = url
    e.categories = ["Gift"]
    e.alarms = [alarm(inputs, title)]
    return [e]
  }

  /// "Gift ideas for Ana:" and one line per idea (with its price when known), then
  /// "Already bought:" and one line per gift bought; empty when there are neither.
  static func giftText(
    _ picked: OccasionGifts.Picked, for name: String?, lines: inout GiftLines
  ) -> String {
    var parts: [String] = []
    let ideas = picked.ideas.prefix(OccasionGifts.limit)
    if !ideas.isEmpty {
      parts.append(
        ([name.map { "Gift ideas for \($0):" } ?? "Gift ideas:"] + ideas.map { lines.line($0) })
          .joined(separator: "\n"))
    }
    if !picked.bought.isEmpty {
      parts.append(
        (["Already bought:"] + picked.bought.map { lines.line($0) }).joined(separator: "\n"))
    }
    return parts.joined(separator: "\n\n")
  }
}
