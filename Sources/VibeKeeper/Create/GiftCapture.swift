/// Quick capture of a gift idea from one sentence ("Mom would love a pottery class for her
/// birthday, about 80 euros"): rule-based, offline and deterministic, with a confidence for
/// every field so the caller can confirm the unsure ones.
public enum GiftCapture {
  /// Reads the recipient, the idea, the occasion, a date and the price from `text`, using
  /// the household's contacts, occasions and currency; "now" (for dates without a year,
  /// weekdays and `tomorrow`) comes from `clock`.
  ///
  /// The order matters: price and date are taken first (so their numbers never end up in
  /// the title), then the recipient, then the occasion; what is left is the title.
  public static func parse(_ text: String, household: Household, clock: LocalClock)
    -> CaptureResult
  {
    var words = CaptureText(text)
    var result = CaptureResult()
    // A web address first: its digits are no price, its words no title.
    if let link = link(in: text) {
      let written = String(text[link])
      result.link = written.lowercased().hasPrefix("www.") ? "https://" + written : written
      words.use(link)
    }
    if let money = CaptureMoney.find(in: words, defaultCurrency: household.settings.currency) {
      result.price = money.price
      result.currency = money.currency
      words.use(money.range)
    }
    if let date = CaptureDate.find(in: words, today: clock.today) {
      result.date = date.date
      words.use(date.range)
    }
    if let who = CaptureRecipient.find(in: words, contacts: household.contacts) {
      // A name that fits several contacts names none of them for sure.
      if who.choices.isEmpty { result.recipient = who.recipient }
      result.recipientChoices = who.choices
      for range in who.ranges { words.use(range) }
    }
    if let what = CaptureOccasion.find(
      in: words, occasions: household.occasions, contacts: household.contacts,
      recipient: result.recipient?.value, date: result.date?.value)
    {
      result.occasion = what.occasion
      if let range = what.range { words.use(range) }
      if let note = what.note { result.notes.append(note) }
    }
    result.title = CaptureTitle.make(from: words.remainder)
    return result
  }

  /// The first web address in `text` (`https://…`, `www.…`), without the punctuation that
  /// ends the sentence around it.
  static func link(in text: String) -> Range<String.Index>? {
    guard let regex = try? Regex(#"(?:https?://|www\.)[^\s<>"]+"#).ignoresCase(),
      let match = text.firstMatch(of: regex)
    else { return nil }
    var end = match.range.upperBound
    while end > match.range.lowerBound {
      let last = text[text.index(before: end)]
      // A closing bracket the address opened stays (`…/Dune_(novel)`).
      if last == ")" || last == "]" {
        let link = text[match.range.lowerBound..<end]
        let opening: Character = last == ")" ? "(" : "["
        if link.filter({ $0 == opening }).count >= link.filter({ $0 == last }).count { break }
      } else if !".,;:!?'’”".contains(last) {
        break
      }
      end = text.index(before: end)
    }
    return match.range.lowerBound..<end
  }

  /// A note for each gift the household already has with the same title (by name key)
  /// for the same recipient: capturing an idea twice is most often a slip.
  public static func repeatNotes(_ result: CaptureResult, household: Household) -> [String] {
    guard let title = result.title?.value, let recipient = result.recipient?.value else {
      return []
    }
    let key = Household.nameKey(title)
    return household.gifts.filter {
      $0.recipient == recipient && Household.nameKey($0.title) == key
    }.map {
      "\(recipient) already has '\($0.title)' (\($0.status.rawValue)) at \($0.meta.location.file):\($0.meta.location.line); this writes a second one"
    }
  }
}
