extension KindSchema {
  /// `games/`: daily games you keep streaks for.
  public static let games = KindSchema(
    .games, singular: "game", holds: "daily games you keep streaks for", titleField: "name",
    body: "notes",
    fields: [
      FieldSchema("name", .text, .required, example: "Wordle", meaning: "the game"),
      FieldSchema(
        "url", .link, example: "https://www.nytimes.com/games/wordle",
        meaning: "where to play it"),
      FieldSchema("active", .bool, example: "true", meaning: "`true` (default) or `false`"),
      FieldSchema(
        "notify", .words, example: "[ana]",
        meaning:
          "who gets its streak nudges: names from the channels' `for` (default: each player's own, see notifications.md); `[]` for nobody"
      ),
    ])

  /// `results/`: your game results.
  public static let results = KindSchema(
    .results, singular: "result", holds: "your game results", titleField: "game", body: nil,
    fields: [
      FieldSchema(
        "game", .reference(.games), .required, example: "wordle",
        meaning: "the game (a game id)"),
      FieldSchema(
        "date", .date, .requiredUnless(["at"]), example: "2026-11-22",
        meaning: "the day you played, when you do not know the time"),
      FieldSchema(
        "at", .dateTime, .requiredUnless(["date"]), example: "2026-11-22T08:15", fallback: .now,
        meaning: "when you played: a date-time"),
      FieldSchema(
        "completed", .bool, example: "true",
        meaning:
          "`true` or `false` for a game you did not finish or lost; without it, a score of guesses that says lost (`X/6`) is `false`, any other `true`"
      ),
      FieldSchema("score", .text, example: "4/6", meaning: "free text: `\"4/6\"`, `\"1:42\"`"),
      FieldSchema("puzzle", .number, example: "1620", meaning: "the puzzle's number"),
      FieldSchema(
        "player", .text, example: "ana",
        meaning: "who played, when several people play (each has their own streaks)"),
    ])
}
