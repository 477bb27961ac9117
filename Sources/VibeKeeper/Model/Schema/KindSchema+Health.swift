extension KindSchema {
  /// A repeating reminder's `schedule:`.
  public static let schedule: [FieldSchema] = [
    FieldSchema(
      "time", .time, .required, example: "08:30", fallback: .fixed("09:00"),
      meaning: "time of day, `HH:MM`"),
    FieldSchema(
      "days", .days, .required, example: "[mon, wed, fri]", fallback: .fixed("daily"),
      meaning:
        "`daily`, or a list of weekdays `mon`, `tue`, `wed`, `thu`, `fri`, `sat`, `sun`, or a list of numbers 1-7 where **1 is Sunday** (2 Monday, ..., 7 Saturday)"
    ),
    FieldSchema(
      "starts", .date, example: "2026-11-22",
      meaning: "the first date it applies (default: from the first day it could)"),
    FieldSchema(
      "until", .date, example: "2026-12-31",
      meaning: "the last date it applies, inclusive (default: forever)"),
  ]

  /// `reminders/`: health routines.
  public static let reminders = KindSchema(
    .reminders, singular: "reminder",
    holds: "health routines: medication, treatment, therapy, check-ups", titleField: "title",
    body: "notes",
    fields: [
      FieldSchema("title", .text, .required, example: "Vitamin D", meaning: "what to do"),
      FieldSchema(
        "note", .text, example: "with breakfast", meaning: "a short line shown with the reminder"),
      FieldSchema(
        "category", .choice(["medication", "treatment", "therapy", "checkup", "other"]),
        example: "medication",
        meaning: "`medication`, `treatment`, `therapy`, `checkup` or `other` (default)"),
      FieldSchema(
        "enabled", .bool, example: "true",
        meaning:
          "`true` (default) or `false`: a disabled reminder is shown but never scheduled"),
      FieldSchema(
        "at", .dateTime, .requiredUnless(["schedule"]), example: "2026-12-03T14:15",
        meaning: "for a one-time reminder: a date-time"),
      FieldSchema(
        "schedule", .mapping(schedule), .requiredUnless(["at"]), example: "",
        meaning: "for a repeating reminder: see below"),
      FieldSchema(
        "done", .date, example: "2026-11-22", meaning: "the date you last marked it done"),
      FieldSchema(
        "created", .date, example: "2026-11-22", fallback: .today,
        meaning:
          "the day you wrote it; a repeating reminder without `starts` begins here in the feeds"),
    ])
}
