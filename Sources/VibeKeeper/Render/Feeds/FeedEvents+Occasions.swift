import Foundation

extension FeedEvents {
  /// Birthdays and occasions as all-day events, one per year (last year to two years
  /// ahead) with its own UID so a known birth year can give the age ("Ana turns 34") and a
  /// yearly occasion of a contact its count of years ("Our anniversary (9 years)"); a
  /// one-off occasion once. Each has alarms `lead_days` before, the day before and on the
  /// day at `reminder_time`, and a visible lead-time event ("Gift for Ana: birthday in 10
  /// days") for calendars that ignore alarms in subscriptions. 29 February birthdays follow
  /// the contact's `leap_birthday`; yearly 29 February occasions fall on 28 February.
  public static func occasions(_ inputs: FeedInputs) -> [FeedEvent] {
    birthdays(inputs) + occasionRecords(inputs)
  }

  /// Each contact's birthday per year, with its lead-time event.
  static func birthdays(_ inputs: FeedInputs) -> [FeedEvent] {
    let h = inputs.household
    var out: [FeedEvent] = []
    let byRecipient = OccasionGifts.byRecipient(h.gifts)
    for contact in h.contacts where contact.birthday != nil {
      let gifts = OccasionGifts.forBirthday(of: contact.id, in: byRecipient[contact.id] ?? [])
      let stamp = inputs.stamps.stamp([contact.meta] + gifts.map(\.meta))
      let ideas = giftText(gifts, for: contact.name)
      for year in FeedEvents.years(inputs.clock.today) {
        guard let date = contact.birthdayDate(in: year) else { continue }
        let summary =
          contact.age(on: date).map { "\(contact.name) turns \($0)" }
          ?? "\(contact.name)'s birthday"
        var e = FeedEvent(
          kind: .birthday, id: contact.id, uid: inputs.uid("birthday", contact.id, String(year)),
          summary: summary, description: ideas,
          start: .allDay(date), stamp: stamp)
        e.url = inputs.url(.contacts, contact.id)
        e.categories = ["Birthday"]
        e.alarms = alarms(inputs, date, summary)
        out.append(e)
        out += lead(
          inputs, date, id: contact.id, uidKind: "gift-birthday", year: year,
          summary: "Gift for \(contact.name): birthday", ideas: ideas, url: e.url, stamp: stamp)
      }
    }
    return out
  }

  /// Each occasion record: once, or per year for a yearly one, with its lead-time event.
  static func occasionRecords(_ inputs: FeedInputs) -> [FeedEvent] {
    let h = inputs.household
    let years = FeedEvents.years(inputs.clock.today)
    var out: [FeedEvent] = []
    let byRecipient = OccasionGifts.byRecipient(h.gifts)
    for occasion in h.occasions {
      let gifts = OccasionGifts.forOccasion(occasion, in: h.gifts, byRecipient: byRecipient)
      let stamp = inputs.stamps.stamp([occasion.meta] + gifts.map(\.meta))
      let contact = h.contact(occasion.contact)
      let ideas = giftText(gifts, for: contact?.name)
      let notes = occasion.notes.trimmingCharacters(in: .whitespacesAndNewlines)
      let dates: [(Int, LocalDate)] =
        occasion.recurring
        ? years.compactMap { y in occasion.date(in: y).map { (y, $0) } }
        : [(occasion.date.year, occasion.date)]
      for (year, date) in dates {
        // The count of years is for an occasion of a person (an anniversary), not for a
        // holiday written with the year it was first entered.
        let count = date.year - occasion.date.year
        let counted = occasion.recurring && count > 0 && contact != nil
        let summary = counted ? "\(occasion.title) (\(count) years)" : occasion.title
        var description = notes
        if !ideas.isEmpty { description += (description.isEmpty ? "" : "\n\n") + ideas }
        let suffix = occasion.recurring ? String(year) : nil
        var e = FeedEvent(
          kind: .occasion, id: occasion.id, uid: inputs.uid("occasion", occasion.id, suffix),
          summary: summary, description: description, start: .allDay(date), stamp: stamp)
        e.url = inputs.url(.occasions, occasion.id)
        e.categories = ["Occasion"]
        e.alarms = alarms(inputs, date, summary)
        out.append(e)
        let who = contact.map { "Gift for \($0.name): \(occasion.title)" } ?? occasion.title
        out += lead(
          inputs, date, id: occasion.id,
          uidKind: "gift-occasion", year: occasion.recurring ? year : nil, summary: who,
          ideas: ideas, url: e.url, stamp: stamp)
      }
    }
    return out
  }

  /// The alarms of an occasion on `date`: the analyses' reminder points (`lead_days`
  /// before, the day before, the day itself at `reminder_time`).
  static func alarms(_ inputs: FeedInputs, _ date: LocalDate, _ text: String) -> [FeedEvent.Alarm] {
    let s = inputs.household.settings.occasions
    return UpcomingOccasions.reminderPoints(
      for: date, leadDays: s.leadDays, time: s.reminderTime, clock: inputs.clock
    ).map { FeedEvent.Alarm(trigger: ICSFormat.trigger(at: $0), description: text) }
  }

  /// The visible lead-time event `lead_days` before (none for a lead of 0 or 1 day, which
  /// the day-before alarm already covers): "SUMMARY in N days", listing the gift ideas
  /// (`ideas`, the `giftText` of the gifts).
  static func lead(
    _ inputs: FeedInputs, _ date: LocalDate, id: String, uidKind: String, year: Int?,
    summary: String, ideas: String, url: String?, stamp: Date
  ) -> [FeedEvent] {
    let days = min(max(0, inputs.household.settings.occasions.leadDays), 3_660)
    guard days > 1 else { return [] }
    var e = FeedEvent(
      kind: .gift, id: id, uid: inputs.uid(uidKind, id, year.map(String.init)),
      summary: "\(summary) in \(days) days",
      description: ideas.isEmpty ? "No gift ideas yet." : ideas,
      start: .allDay(date.adding(days: -days)), stamp: stamp)
    e.url = url
    e.categories = ["Gift"]
    return [e]
  }

  /// "Gift ideas for Ana:" and one line per idea (with its price when known); empty when
  /// there are none.
  static func giftText(_ gifts: [Gift], for name: String?) -> String {
    guard !gifts.isEmpty else { return "" }
    let lines = gifts.map { g in
      "- " + g.title + (g.price.map { " (" + Currency.format($0, code: g.currency) + ")" } ?? "")
    }
    return ([name.map { "Gift ideas for \($0):" } ?? "Gift ideas:"] + lines)
      .joined(separator: "\n")
  }
}
