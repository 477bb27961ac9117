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
}
