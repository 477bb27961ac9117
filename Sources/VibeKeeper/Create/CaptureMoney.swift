import Foundation

/// Finds a price and its currency in a capture sentence: `$35`, `35$`, `~25€`, `80 euros`,
/// `EUR 80`, `£120`, `about 80`, `under 50`, and (unsure) a bare number at the end.
enum CaptureMoney {
  /// A price read from the sentence.
  struct Match {
    let price: Captured<Decimal>
    let currency: Captured<String>
    let range: Range<String.Index>
  }

  /// Currency words and signs, lower-case, with their code and how sure the word is.
  static let currencies: [String: (code: String, confidence: Double)] = [
    "€": ("EUR", 0.95), "eur": ("EUR", 0.95), "euro": ("EUR", 0.95), "euros": ("EUR", 0.95),
    "$": ("USD", 0.85), "us$": ("USD", 0.95), "usd": ("USD", 0.95), "dollar": ("USD", 0.85),
    "dollars": ("USD", 0.85), "bucks": ("USD", 0.8),
    "£": ("GBP", 0.95), "gbp": ("GBP", 0.95), "pound": ("GBP", 0.9), "pounds": ("GBP", 0.9),
    "quid": ("GBP", 0.9),
    "¥": ("JPY", 0.8), "jpy": ("JPY", 0.95), "yen": ("JPY", 0.95),
    "chf": ("CHF", 0.95), "francs": ("CHF", 0.75),
    "sek": ("SEK", 0.95), "nok": ("NOK", 0.95), "dkk": ("DKK", 0.95),
    "kr": ("SEK", 0.55), "kronor": ("SEK", 0.9), "krona": ("SEK", 0.9), "kroner": ("NOK", 0.6),
    "krone": ("DKK", 0.6),
    "pln": ("PLN", 0.95), "czk": ("CZK", 0.95), "cad": ("CAD", 0.95), "aud": ("AUD", 0.95),
    "inr": ("INR", 0.95),
  ]

  /// An amount: thousands grouped by `,` (`1,234.56`), by `.` (`1.234,56`), by a space or
  /// `'` (`1 234`, `1'234.50`), or none (`80`, `12,50`); never followed by more of a number
  /// (`€1` is not read out of `€1.234,56`).
  private static let number =
    #"(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?"#
    + #"|\d{1,3}(?:[ \u{A0}\u{202F}']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d]|[.,']\d)"#
  private static let qualifier =
    #"(?:(about|around|approx\.?|approximately|roughly|circa|ca\.|under|below|less than|max\.?|up to|at most|~|≈)\s*)?"#
  private static var signs: String {
    let words = currencies.keys.sorted { ($0.count, $0) > ($1.count, $1) }
    return "(" + words.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
      + ")"
  }

  /// The first price in the free parts of `text`, with the settings currency as the
  /// default when none is written.
  static func find(in text: CaptureText, defaultCurrency: String) -> Match? {
    let patterns: [(String, Kind)] = [
      (
        qualifier + "(?:" + signs + #"\s?)?"# + number + #"(?:\s?"# + signs + ")?"
          + #"\s*(?:-|–|—|to)\s*"# + "(?:" + signs + #"\s?)?"# + number + #"(?:\s?"# + signs
          + #"(?![a-z]))?(?![\d])"#, .range
      ),
      (qualifier + signs + #"\s?"# + number + #"(?![\d])"#, .signFirst),
      (qualifier + number + #"\s?"# + signs + #"(?![a-z])"#, .signAfter),
      (
        #"(about|around|approx\.?|approximately|roughly|circa|ca\.|under|below|less than|max\.?|up to|at most|~|≈)\s*"#
          + number + #"(?=\s*(?:$|[,;.)!?]))"#, .qualifiedOnly
      ),
      (#"(?:^|[,;:–—]|\s-)\s*"# + number + #"\s*[.!]?\s*$"#, .bareAtEnd),
    ]
    for (pattern, kind) in patterns {
      guard let regex = try? Regex(pattern).ignoresCase() else { continue }
      for m in text.original.matches(of: regex) {
        guard !text.isUsed(m.range), kind == .bareAtEnd || startsCleanly(text.original, m.range)
        else { continue }
        if let match = make(kind, m, text: text.original, defaultCurrency: defaultCurrency) {
          return match
        }
      }
    }
    return nil
  }

  private enum Kind { case range, signFirst, signAfter, qualifiedOnly, bareAtEnd }

  /// A match must not start inside a word or a number (`234,56` of `1.234,56`), nor after a
  /// minus sign (`-5€`).
  private static func startsCleanly(_ s: String, _ r: Range<String.Index>) -> Bool {
    guard r.lowerBound > s.startIndex else { return true }
    let at = s.index(before: r.lowerBound)
    let before = s[at]
    if before.isLetter || before.isNumber { return false }
    // `-5€` is no price (a gift costs something): a minus sign before it, at the start or
    // after a space, leaves it to the title, where it is asked about.
    if before == "-" || before == "−" {
      return at > s.startIndex && !s[s.index(before: at)].isWhitespace
    }
    guard ".,'".contains(before), at > s.startIndex else { return true }
    return !s[s.index(before: at)].isNumber
  }

  private static func make(
    _ kind: Kind, _ m: Regex<AnyRegexOutput>.Match, text: String, defaultCurrency: String
  ) -> Match? {
    func group(_ i: Int) -> String? { m.output[i].substring.map(String.init) }
    let qualifier: String?
    let amountText: String?
    let sign: String?
    switch kind {
    case .range: return range(m, group, text: text, defaultCurrency: defaultCurrency)
    case .signFirst: (qualifier, sign, amountText) = (group(1), group(2), group(3))
    case .signAfter: (qualifier, amountText, sign) = (group(1), group(2), group(3))
    case .qualifiedOnly: (qualifier, amountText, sign) = (group(1), group(2), nil)
    case .bareAtEnd: (qualifier, amountText, sign) = (nil, group(1), nil)
    }
    guard let amountText, let amount = parseAmount(amountText) else { return nil }
    var priceConfidence: Double
    switch kind {
    case .range, .signFirst, .signAfter: priceConfidence = 0.95
    case .qualifiedOnly: priceConfidence = 0.75
    case .bareAtEnd: priceConfidence = 0.55
    }
    if let q = qualifier?.lowercased() {
      let upperBound = ["under", "below", "less than", "max", "max.", "up to", "at most"]
      priceConfidence -= upperBound.contains(q) ? 0.1 : 0.05
    }
    var range = m.range
    // Trim the leading separator and trailing spaces of the bare form from the used span.
    if kind == .bareAtEnd, let r = m.output[1].range { range = r }
    let source = String(text[range]).trimmingCharacters(in: .whitespaces)
    let currency: Captured<String>
    if let sign, let known = code(of: sign, home: defaultCurrency) {
      currency = Captured(known.code, confidence: known.confidence, source: sign)
    } else {
      currency = Captured(defaultCurrency, confidence: 0.75, source: "the settings currency")
    }
    return Match(
      price: Captured(amount, confidence: priceConfidence, source: source), currency: currency,
      range: range)
  }

  /// A price written as a range with a currency (`£20-30`, `20 to 30 euros`, `€20–€30`):
  /// its upper end, unsure (the user is asked), so the budget plans for the most it may
  /// cost. Nil without a currency (`2-3 candles`), with two (`€20-$30`), when the upper
  /// end is below the lower, or when the second number, without a currency of its own,
  /// goes on into the sentence (`€15 - 2 pairs of socks`, `£35 to 12 Dec`).
  private static func range(
    _ m: Regex<AnyRegexOutput>.Match, _ group: (Int) -> String?, text: String,
    defaultCurrency: String
  ) -> Match? {
    let written = [group(2), group(4), group(5), group(7)].compactMap { $0 }
    if group(5) == nil, group(7) == nil {
      let rest = text[m.range.upperBound...].drop { $0 == " " }
      guard rest.first.map({ ",;.!?)".contains($0) }) ?? true else { return nil }
    }
    // One currency, however often and however written (`€20–€30`, `20-30 euros`).
    let codes = Set(written.map { code(of: $0, home: defaultCurrency)?.code })
    guard let sign = written.first, codes.count == 1,
      let known = code(of: sign, home: defaultCurrency),
      let low = group(3).flatMap(parseAmount), let high = group(6).flatMap(parseAmount),
      low <= high
    else { return nil }
    let source = String(m.output[0].substring ?? "").trimmingCharacters(in: .whitespaces)
    return Match(
      price: Captured(high, confidence: 0.6, source: source),
      currency: Captured(known.code, confidence: known.confidence, source: sign), range: m.range)
  }

  /// The currency `sign` stands for in a household whose currency is `home`: `$` and the
  /// dollar words are its own dollar (a CAD household's `$35`), `kr` its own crown.
  static func code(of sign: String, home: String) -> (code: String, confidence: Double)? {
    let word = sign.lowercased()
    guard let known = currencies[word] else { return nil }
    if ["$", "dollar", "dollars", "bucks"].contains(word), ISO4217.dollars.contains(home) {
      return (home, 0.95)
    }
    if ["kr", "kronor", "kroner", "krona", "krone"].contains(word), ISO4217.crowns.contains(home) {
      return (home, 0.95)
    }
    return known
  }

  /// `1,200` → 1200, `1.234,56` → 1234.56, `1 234` → 1234, `12,50` → 12.50, `12.5` → 12.5.
  static func parseAmount(_ text: String) -> Decimal? {
    var t = text.filter { !" \u{A0}\u{202F}'".contains($0) }
    if t.range(of: #"^\d{1,3}(,\d{3})+(\.\d+)?$"#, options: .regularExpression) != nil {
      t = t.replacingOccurrences(of: ",", with: "")
    } else if t.range(of: #"^\d{1,3}(\.\d{3})+(,\d+)?$"#, options: .regularExpression) != nil {
      t = t.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
    } else {
      t = t.replacingOccurrences(of: ",", with: ".")
    }
    return ScalarParsing.decimal(t)
  }
}
