extension Reports {
  /// The `occasions` report: every occasion and birthday within `horizon_days`, with days
  /// until, age, the reminder points still ahead (ISO 8601 instants with offset), the gifts
  /// already bought for it (so nothing is bought twice) and up to three gift ideas, as the
  /// shared analysis picked them (`UpcomingOccasion.bought` and `.gifts`, as on the site).
  public static func occasions(_ household: Household, analysis shared: HouseholdAnalysis) -> Report
  {
    let clock = shared.clock
    let settings = household.settings.occasions
    let upcoming = shared.upcoming
    let rows = upcoming.map { o -> [String] in
      [
        o.date.description, daysText(o.daysUntil), o.title,
        o.age.map(String.init) ?? o.years.map { "\($0) yrs" } ?? "",
        o.bought.map(\.title).joined(separator: ", "),
        o.gifts.map(\.title).joined(separator: ", "),
      ]
    }
    let table = ReportTable(
      title: "Upcoming occasions (next \(settings.horizonDays) days from \(clock.today))",
      headers: ["Date", "When", "Occasion", "Age", "Bought", "Gift ideas"],
      alignments: [.left, .left, .left, .right, .left, .left], rows: rows)
    let json = JSONValue.object([
      JSONField("today", .string(clock.today.description)),
      JSONField("horizon_days", .int(settings.horizonDays)),
      JSONField("lead_days", .int(settings.leadDays)),
      JSONField("reminder_time", .string(settings.reminderTime.description)),
      JSONField("occasions", .array(upcoming.map { occasionJSON($0, clock: clock) })),
    ])
    return Report(topic: "occasions", tables: [table], json: json)
  }

  private static func occasionJSON(_ o: UpcomingOccasion, clock: LocalClock) -> JSONValue {
    .object([
      JSONField("kind", .string(o.kind.rawValue)),
      JSONField("id", .string(o.id)),
      JSONField("title", .string(o.title)),
      JSONField("contact", .optional(o.contact.map(JSONValue.string))),
      JSONField("date", .string(o.date.description)),
      JSONField("days_until", .int(o.daysUntil)),
      JSONField("recurring", .bool(o.recurring)),
      JSONField("age", .optional(o.age.map(JSONValue.int))),
      JSONField("years", .optional(o.years.map(JSONValue.int))),
      JSONField("reminders", .array(o.reminders.map { .string(clock.isoText($0)) })),
      JSONField("gifts", .array(o.gifts.map(giftJSON))),
      JSONField("bought", .array(o.bought.map(giftJSON))),
    ])
  }

  /// A gift idea or a gift already bought, as JSON.
  private static func giftJSON(_ g: Gift) -> JSONValue {
    .object([
      JSONField("id", .string(g.id)),
      JSONField("title", .string(g.title)),
      JSONField("occasion", .optional(g.occasion.map { JSONValue.string($0.written) })),
      JSONField("price", .optional(g.price.map { .money($0, currency: g.currency) })),
      JSONField("currency", .string(g.currency)),
      JSONField("url", .optional(g.url.map(JSONValue.string))),
    ])
  }

  /// `today`, `tomorrow`, `in 3 days`.
  static func daysText(_ days: Int) -> String {
    switch days {
    case 0: "today"
    case 1: "tomorrow"
    default: "in \(days) days"
    }
  }
}
