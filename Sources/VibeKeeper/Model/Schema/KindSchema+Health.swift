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

  /// `doses/`: each occurrence of a reminder done or skipped (`vibekeeper done`).
  public static let doses = KindSchema(
    .doses, singular: "dose", holds: "health reminders done or skipped, one line each",
    titleField: "reminder", body: nil,
    fields: [
      FieldSchema(
        "reminder", .reference(.reminders), .required, example: "vitamin-d",
        meaning: "the reminder (a reminder id)"),
      FieldSchema(
        "due", .dateTime, example: "2026-11-22T08:00",
        meaning: "the scheduled occurrence it answers (local date-time)"),
      FieldSchema(
        "at", .dateTime, .required, example: "2026-11-22T08:05", fallback: .now,
        meaning: "when it was done or skipped"),
      FieldSchema(
        "status", .choice(Dose.Status.allCases.map(\.rawValue)), example: "done",
        meaning: "`done` (default) or `skipped`"),
      FieldSchema("note", .text, example: "half a tablet", meaning: "a short note"),
    ])

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
      FieldSchema(
        "notify", .words, example: "[ana]",
        meaning:
          "who gets its notifications: names from the channels' `for` (default: the household's channels); `[]` for nobody"
      ),
    ])
}
