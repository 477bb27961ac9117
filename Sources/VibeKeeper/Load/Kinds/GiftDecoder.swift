/// Decodes `gifts/` records.
enum GiftDecoder: KindDecoder {

  static func decode(
    _ f: inout RecordFields, meta: RecordMeta, body: String, context: DecodeContext
  ) -> LoadedRecord? {
    let title = f.string("title", aliases: ["idea"])
    let recipient = f.reference("for", aliases: ["recipient"], to: .contacts)
    let occasion = giftOccasion(&f)
    let price = f.decimal("price")
    let currency = CurrencyField.read(&f, default: context.settings.currency)
    let status = f.choice("status", GiftStatus.allCases.map { ($0.rawValue, $0) })
    let purchased = f.date("purchased")
    let given = f.date("given")
    let url = URLField.read(&f, "url")
    let photo = MediaPathField.read(&f, "photo")
    let tags = f.stringList("tags")
    let created = f.date("created")
    if let given, let purchased, given < purchased {
      f.report(
        .warning, at: f.location(of: "given"),
        "the gift was given (\(given)) before it was bought (\(purchased))",
        hint: "correct one of the two dates")
    }
    guard let title else { return nil }
    var g = Gift(meta: meta, title: title, currency: currency)
    g.recipient = recipient
    g.occasion = occasion
    g.price = price
    // One rule everywhere: a gift with a `given:` date and no status is given, one with a
    // `purchased:` date purchased.
    g.status = status ?? (given != nil ? .given : purchased != nil ? .purchased : .idea)
    g.purchased = purchased
    g.given = given
    g.url = url
    g.photo = photo
    g.tags = tags
    g.created = created
    g.description = body
    return .gift(g)
  }

  /// An occasion id, or `birthday` for the recipient's birthday.
  private static func giftOccasion(_ f: inout RecordFields) -> GiftOccasion? {
    if let (_, s) = f.scalar("occasion", what: "an occasion id or birthday"),
      s.text.trimmedBlanks().lowercased() == "birthday"
    {
      if !f.has("for", aliases: ["recipient"]) {
        f.error(
          "occasion", "'occasion: birthday' needs the recipient in 'for'",
          hint: "add `for: CONTACT-ID`")
      }
      return .birthday
    }
    return f.reference("occasion", to: .occasions).map(GiftOccasion.occasion)
  }
}

/// `currency:`: a three-letter ISO 4217 code.
enum CurrencyField {
  /// The record's currency, upper-cased, or the default.
  static func read(_ f: inout RecordFields, default fallback: String) -> String {
    guard let text = f.string("currency") else { return fallback }
    let code = text.uppercased()
    guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
      f.error(
        "currency", "'currency' must be a three-letter ISO 4217 code such as EUR, not '\(text)'")
      return fallback
    }
    warnIfUnknown(code, &f)
    return code
  }

  /// A warning when `code` (three letters, upper-cased) is no ISO 4217 code: `EURO` is
  /// refused as no code, but `EUT` would silently be a currency of its own, whose records
  /// no budget in euros counts.
  static func warnIfUnknown(_ code: String, _ f: inout RecordFields) {
    guard !ISO4217.isKnown(code) else { return }
    let guess = ISO4217.closest(to: code)
    f.report(
      .warning, at: f.location(of: "currency"),
      "'\(code)' is not an ISO 4217 currency code"
        + (guess.map { " (did you mean '\($0)'?)" } ?? ""),
      hint: "write the three-letter code of the currency, such as EUR, USD or GBP")
  }
}

/// `url:`: only http and https links are kept.
enum URLField {
  /// The URL when it is an absolute http(s) URL, else an error and nil.
  static func read(_ f: inout RecordFields, _ key: String) -> String? {
    guard let text = f.string(key) else { return nil }
    let lower = text.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8,
      !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
    else {
      f.error(
        key, "'\(key)' must be an http or https link, not '\(text)'",
        hint: "write the full address, e.g. https://shop.example/item")
      return nil
    }
    return text
  }
}

/// `photo:`: a relative path under `media/` that cannot leave it.
enum MediaPathField {
  /// The path inside `media/` (a leading `media/` is accepted), or an error and nil.
  static func read(_ f: inout RecordFields, _ key: String) -> String? {
    guard let text = f.string(key) else { return nil }
    var path = text
    if path.hasPrefix("media/") { path.removeFirst(6) }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !path.contains("\\"), !path.contains(":"),
      !segments.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
    else {
      f.error(
        key, "'\(key)' must be a path inside media/, not '\(text)'",
        hint: "put the image in data/media/ and write e.g. `photo: gifts/lamp.jpg`")
      return nil
    }
    return "media/" + path
  }
}
