/// Decodes `items/` records.
enum ItemDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let name = f.string("name")
    let brand = f.string("brand")
    let category = f.string("category")
    let unit = f.string("unit")
    guard let name else { return nil }
    var i = Item(meta: meta, name: name)
    i.brand = brand
    i.category = category?.lowercased()
    i.unit = unit
    i.notes = body
    return .item(i)
  }
}

/// Decodes `prices/` records (price observations without buying).
enum PriceDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let item = f.reference("item", to: .items)
    let date = f.date("date")
    let price = f.decimal("price")
    let store = f.string("store")
    let currency = CurrencyField.read(&f, default: context.settings.currency)
    guard let item, let date, let price else { return nil }
    var p = PriceObservation(meta: meta, item: item, date: date, price: price, currency: currency)
    p.store = store
    return .price(p)
  }
}

/// Decodes `games/` records.
enum GameDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let name = f.string("name")
    let url = URLField.read(&f, "url")
    let active = f.bool("active")
    let notify = f.has("notify") ? f.stringList("notify") : nil
    guard let name else { return nil }
    var g = Game(meta: meta, name: name)
    g.url = url
    g.active = active ?? true
    g.notify = notify
    g.notes = body
    return .game(g)
  }
}

/// Decodes `results/` records.
enum ResultDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let game = f.reference("game", to: .games)
    var when: ResultTime?
    if f.has("at") {
      if let dt = f.dateTime("at") {
        when = .instant(ScalarParsing.instant(dt, clock: context.clock))
      }
    } else if f.has("date") {
      when = f.date("date").map(ResultTime.day)
    } else {
      f.report(
        .error, at: f.recordLocation, "a result needs 'date' or 'at'",
        hint: "add e.g. `at: 2026-11-21T21:40`")
    }
    let completed = f.bool("completed")
    let score = f.scalar("score", what: "text").map { $0.1.text }
    if let score, let problem = GameScoring.impossible(score) {
      f.report(
        .warning, at: f.location(of: "score"), "'score' \(score) \(problem)",
        hint: "write the guesses it took (`4/6`), or `X/6` for a game lost")
    }
    let puzzle = f.integer("puzzle", in: 0...10_000_000)
    let player = f.string("player")
    guard let game, let when else { return nil }
    var r = GameResult(meta: meta, game: game, when: when)
    // A score of guesses that says lost (`X/6`) is a game not completed unless the
    // line says otherwise, so the streak and the score count it alike.
    r.completed =
      completed ?? (score.flatMap(GameScoring.guesses).map { $0.taken != nil } ?? true)
    r.score = score
    r.puzzle = puzzle
    r.player = player
    return .result(r)
  }
}
