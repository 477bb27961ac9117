extension KindSchema {
  /// `contacts/`: people, with birthdays.
  public static let contacts = KindSchema(
    .contacts, singular: "contact", holds: "people, with birthdays", titleField: "name",
    body: "notes",
    fields: [
      FieldSchema(
        "name", .text, .requiredUnless(["first_name", "last_name"]), example: "Ngozi Okafor",
        meaning: "the display name"),
      FieldSchema(
        "first_name", .text, example: "Ngozi",
        meaning: "the first part of the name (shown as \"first last\")"),
      FieldSchema(
        "last_name", .text, example: "Okafor",
        meaning: "the last part of the name"),
      FieldSchema(
        "relationship", .text, example: "friend",
        meaning: "free text: `mom`, `partner`, `friend`, `colleague`, `niece`, ..."),
      FieldSchema(
        "birthday", .birthday, example: "1990-05-14",
        meaning: "`YYYY-MM-DD`, or `--MM-DD` when you do not know the year"),
      FieldSchema(
        "leap_birthday", .choice(["feb28", "mar1"]), example: "feb28",
        meaning:
          "`feb28` (default) or `mar1`: where a 29 February birthday falls in common years"),
      FieldSchema("tags", .words, example: "[family]", meaning: "a list of words"),
      FieldSchema(
        "photo", .mediaPath, example: "contacts/%.jpg",
        meaning:
          "an image in `media/`, written from the top of the data folder: `media/contacts/ana.jpg`"
      ),
    ])

  /// `occasions/`: anniversaries, holidays, parties.
  public static let occasions = KindSchema(
    .occasions, singular: "occasion", holds: "anniversaries, holidays, parties",
    titleField: "title", body: "notes",
    fields: [
      FieldSchema("title", .text, .required, example: "Wedding anniversary", meaning: "what it is"),
      FieldSchema(
        "date", .date, .required, example: "2026-06-14", fallback: .today,
        meaning: "the date; for a yearly occasion, any year it happened (the first, say)"),
      FieldSchema(
        "recurring", .text, example: "yearly",
        meaning:
          "`yearly` or `none` (default `none`; `true` means yearly), or a floating yearly day: "
          + "`second Sunday of May`, `last Monday of May`, `fourth Thursday of November`"),
      FieldSchema(
        "until", .date, example: "2030-12-31",
        meaning: "the last day a yearly occasion may fall on (default: it goes on)"),
      FieldSchema(
        "contact", .reference(.contacts), example: "family/mom",
        meaning: "the person it is about (a contact id)"),
      FieldSchema(
        "type", .choice(OccasionType.allCases.map(\.rawValue)), example: "anniversary",
        meaning:
          "`anniversary` (its years are counted), `holiday` or `event`; by default an "
          + "anniversary when yearly with a `contact`, a holiday when yearly without, else an event"
      ),
      FieldSchema(
        "gifts", .bool, example: "true",
        meaning:
          "whether gifts are given for it; by default yes for anniversaries and for occasions "
          + "a gift names"),
    ])

  /// `gifts/`: gift ideas and gifts bought or given.
  public static let gifts = KindSchema(
    .gifts, singular: "gift", holds: "gift ideas and gifts bought or given", titleField: "title",
    body: "description",
    fields: [
      FieldSchema(
        "title", .text, .required, aliases: ["idea"], example: "Pottery class",
        meaning: "the gift"),
      FieldSchema(
        "for", .reference(.contacts), aliases: ["recipient"], example: "family/mom",
        meaning: "who it is for, a contact id"),
      FieldSchema(
        "occasion", .reference(.occasions, orWords: ["birthday"]), example: "birthday",
        meaning: "an occasion id, or `birthday` for the recipient's birthday"),
      FieldSchema("price", .number, example: "0.00", meaning: "what it costs"),
      .currency,
      FieldSchema(
        "status", .choice(["idea", "purchased", "given"]), example: "idea",
        meaning: "`idea` (default), `purchased` or `given`"),
      FieldSchema("purchased", .date, example: "2026-12-01", meaning: "the date you bought it"),
      FieldSchema("given", .date, example: "2026-12-24", meaning: "the date you gave it"),
      FieldSchema(
        "url", .link, example: "https://shop.example/item",
        meaning: "a shop link; `http://` or `https://` only"),
      FieldSchema(
        "photo", .mediaPath, example: "gifts/%.jpg",
        meaning:
          "an image in `media/`, written from the top of the data folder: `media/gifts/wool-scarf.png`"
      ),
      FieldSchema("tags", .words, example: "[experience]", meaning: "a list of words"),
      FieldSchema(
        "created", .date, example: "2026-11-22", fallback: .today,
        meaning: "the date you had the idea"),
    ])
}
