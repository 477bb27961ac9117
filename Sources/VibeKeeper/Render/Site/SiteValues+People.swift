import Foundation
import VibeBasics

extension SiteValues {
  /// Everything a contact's value is made of besides the Markdown options: the contact,
  /// its page's address, its link (which its gifts and occasions show too), its picture,
  /// its gifts and occasions with their addresses, today and the settings currency.
  struct ContactInputs: Sendable {
    let contact: Contact
    let url: String?
    let ref: TemplateValue
    let photo: TemplateValue
    let gifts: [Gift]
    let giftURLs: [String?]
    let occasions: [Occasion]
    let occasionURLs: [String?]
    let today: LocalDate
    let currency: String

    /// Whether `other` is surely the same inputs, so the value made of them is the same.
    func isSame(as other: ContactInputs) -> Bool {
      contact.isSame(as: other.contact) && today == other.today
        && currency.isSameText(as: other.currency) && url.isSameText(as: other.url)
        && ref.isSame(as: other.ref) && photo.isSame(as: other.photo)
        && gifts.count == other.gifts.count && occasions.count == other.occasions.count
        && gifts.indices.allSatisfy { gifts[$0].isSame(as: other.gifts[$0]) }
        && zip(giftURLs, other.giftURLs).allSatisfy { $0.isSameText(as: $1) }
        && occasions.indices.allSatisfy { occasions[$0].isSame(as: other.occasions[$0]) }
        && zip(occasionURLs, other.occasionURLs).allSatisfy { $0.isSameText(as: $1) }
    }
  }

  /// What the value of contact `c` is made of.
  func contactInputs(_ c: Contact) -> ContactInputs {
    let gifts = self.gifts.byRecipient[c.id] ?? []
    let occasions = occasionsByContact[c.id] ?? []
    return ContactInputs(
      contact: c, url: links.url(.contacts, c.id), ref: contactRef(c.id), photo: picture(c.photo),
      gifts: gifts, giftURLs: gifts.map { links.url(.gifts, $0.id) }, occasions: occasions,
      occasionURLs: occasions.map { links.url(.occasions, $0.id) }, today: analysis.clock.today,
      currency: household.settings.currency)
  }

  /// Whether contact `c`'s inputs are `known`, given page addresses and links that are
  /// those `known` was made with (`ValueMemory.sharesAll(with:)`): the same contact, the
  /// very same gifts, the same occasions and picture, today and currency. Its page's
  /// address, its link and those of its gifts and occasions follow from their ids.
  func sameContactInputs(_ c: Contact, as known: ContactInputs) -> Bool {
    guard known.contact.isSame(as: c), known.today == analysis.clock.today,
      known.currency.isSameText(as: household.settings.currency),
      picture(c.photo).isSame(as: known.photo)
    else { return false }
    let gifts = self.gifts.byRecipient[c.id] ?? []
    let occasions = occasionsByContact[c.id] ?? []
    return gifts.count == known.gifts.count && occasions.count == known.occasions.count
      && zip(gifts, known.gifts).allSatisfy { $0.isIdentical(to: $1) }
      && zip(occasions, known.occasions).allSatisfy { $0.isSame(as: $1) }
  }

  /// A contact with birthday facts, gift ideas by status and planned spend.
  func contact(_ c: Contact) -> TemplateValue { contact(contactInputs(c)) }

  /// A contact's value, made of `inputs` (and the Markdown options) alone; the summary of
  /// a gift that `last` (an earlier value of the contact and the inputs it was made of)
  /// listed in the same place, the very same gift with the same links, is taken from there.
  func contact(
    _ inputs: ContactInputs, reusing last: (inputs: ContactInputs, value: TemplateValue)? = nil
  ) -> TemplateValue {
    let c = inputs.contact
    let today = inputs.today
    let gifts = inputs.gifts
    var lastSummaries: [TemplateValue] = []
    if let last, last.inputs.ref.isSame(as: inputs.ref), case .dictionary(let d) = last.value,
      case .array(let listed)? = d["gifts"], listed.count == last.inputs.gifts.count
    {
      lastSummaries = listed
    }
    // Every gift and occasion listed here names this contact: they show its link.
    let summaries = zip(gifts, inputs.giftURLs).enumerated().map { i, pair in
      let (g, url) = pair
      if i < lastSummaries.count, let was = last?.inputs, was.gifts[i].isIdentical(to: g),
        was.giftURLs[i].isSameText(as: url)
      {
        return lastSummaries[i]
      }
      return SiteValues.giftSummary(g, url: url, recipient: inputs.ref)
    }
    var byStatus: [String: TemplateValue] = [:]
    for status in GiftStatus.allCases {
      byStatus[status.rawValue] = .array(
        zip(gifts, summaries).filter { $0.0.status == status }.map(\.1))
    }
    // Planned spend in the settings currency; what is planned in others is kept beside it,
    // per currency (never converted, never dropped).
    let open = gifts.filter { $0.status != .given }
    let currency = inputs.currency
    let planned = open.filter { Currency.same($0.currency, currency) }.compactMap(\.price)
      .reduce(Decimal(0), +)
    var others: [String: Decimal] = [:]
    for g in open where !Currency.same(g.currency, currency) {
      if let p = g.price { others[Currency.normalized(g.currency), default: 0] += p }
    }
    let plannedOther = others.keys.sorted().map { code in
      SiteValues.map([("amount", .decimal(others[code] ?? 0)), ("currency", .string(code))])
    }
    let next = c.nextBirthday(onOrAfter: today)
    let occasions = zip(inputs.occasions, inputs.occasionURLs).map { o, url in
      SiteValues.occasionSummary(o, url: url, contact: inputs.ref, today: today)
    }
    return SiteValues.map([
      ("id", .string(c.id)), ("name", .string(c.name)),
      ("url", SiteValues.text(inputs.url)),
      ("first_name", SiteValues.text(c.firstName)), ("last_name", SiteValues.text(c.lastName)),
      ("relationship", SiteValues.text(c.relationship)), ("tags", SiteValues.texts(c.tags)),
      ("notes", html(c.notes)), ("photo", inputs.photo),
      ("birthday", c.birthday.map { b in birthdayValue(b, c, next: next, today: today) }),
      ("gifts", .array(summaries)), ("gifts_by_status", .dictionary(byStatus)),
      ("planned_spend", .decimal(planned)), ("planned_other", .array(plannedOther)),
      ("currency", .string(currency)),
      ("occasions", .array(occasions)),
    ])
  }

  private func birthdayValue(_ b: Birthday, _ c: Contact, next: LocalDate?, today: LocalDate)
    -> TemplateValue
  {
    SiteValues.map([
      ("month", .int(b.month)), ("day", .int(b.day)), ("year", b.year.map(TemplateValue.int)),
      (
        "date",
        b.year.flatMap { LocalDate(year: $0, month: b.month, day: b.day) }.map(TemplateValue.date)
      ),
      ("next", SiteValues.date(next)), ("days_until", next.map { .int(today.days(to: $0)) }),
      ("turns", next.flatMap { c.age(on: $0) }.map(TemplateValue.int)),
      ("age", c.completedYears(on: today).map(TemplateValue.int)),
      ("leap", .bool(b.month == 2 && b.day == 29)), ("leap_rule", .string(c.leapBirthday.rawValue)),
    ])
  }

  /// A picture in `media/` (`src`, `width`, `height`), none when the file is missing.
  func picture(_ path: String?) -> TemplateValue {
    guard let p = path, household.media.contains(p) else { return .null }
    let size = mediaSizes[p]
    return SiteValues.map([
      ("src", .string(Permalinks.encode(p))), ("width", size.map { .int($0.width) }),
      ("height", size.map { .int($0.height) }),
    ])
  }

  /// Everything a gift's value is made of besides the Markdown options: the gift, its
  /// page's address, its recipient and occasion as links, and its picture.
  struct GiftInputs: Sendable {
    let gift: Gift
    let url: String?
    let recipient: TemplateValue
    let occasion: TemplateValue
    let photo: TemplateValue

    /// Whether `other` is surely the same inputs, so the value made of them is the same.
    func isSame(as other: GiftInputs) -> Bool {
      gift.isSame(as: other.gift) && url.isSameText(as: other.url)
        && recipient.isSame(as: other.recipient) && occasion.isSame(as: other.occasion)
        && photo.isSame(as: other.photo)
    }
  }

  /// The occasion of a gift for a birthday (one value every such gift shares).
  static let birthdayRef = SiteValues.map([
    ("id", .string("birthday")), ("name", .string("Birthday")), ("url", .null),
  ])

  /// What the value of gift `g` is made of.
  func giftInputs(_ g: Gift) -> GiftInputs {
    var occasion: TemplateValue = .null
    switch g.occasion {
    case .birthday: occasion = SiteValues.birthdayRef
    case .occasion(let o):
      occasion = occasionRefs[o] ?? ref(.occasions, o, household.occasion(o)?.title)
    case nil: break
    }
    return GiftInputs(
      gift: g, url: links.url(.gifts, g.id), recipient: contactRef(g.recipient),
      occasion: occasion, photo: picture(g.photo))
  }

  /// A gift idea with its recipient and occasion as links.
  func gift(_ g: Gift) -> TemplateValue { gift(giftInputs(g)) }

  /// A gift's value, made of `inputs` (and the Markdown options) alone.
  func gift(_ inputs: GiftInputs) -> TemplateValue {
    let g = inputs.gift
    return SiteValues.map([
      ("id", .string(g.id)), ("title", .string(g.title)), ("url", SiteValues.text(inputs.url)),
      ("recipient", inputs.recipient), ("occasion", inputs.occasion),
      ("price", SiteValues.number(g.price)), ("currency", .string(g.currency)),
      ("status", .string(g.status.rawValue)), ("purchased", SiteValues.date(g.purchased)),
      ("given", SiteValues.date(g.given)),
      ("link", SiteValues.text(g.url)), ("photo", inputs.photo), ("tags", SiteValues.texts(g.tags)),
      ("created", SiteValues.date(g.created)), ("description", html(g.description)),
    ])
  }

  /// A gift without its description (for lists).
  func giftSummary(_ g: Gift) -> TemplateValue {
    SiteValues.giftSummary(g, url: links.url(.gifts, g.id), recipient: contactRef(g.recipient))
  }

  /// A gift without its description, with its page's address and its recipient's link.
  static func giftSummary(_ g: Gift, url: String?, recipient: TemplateValue) -> TemplateValue {
    SiteValues.map([
      ("id", .string(g.id)), ("title", .string(g.title)), ("url", SiteValues.text(url)),
      ("price", SiteValues.number(g.price)), ("currency", .string(g.currency)),
      ("status", .string(g.status.rawValue)), ("recipient", recipient),
    ])
  }

  /// An occasion with its next date, kind and gifts: `gifts` (the ideas: its own, then
  /// the contact's with no occasion), `bought` (not yet given), `gift_count` (the gifts
  /// naming it), and `years` for an anniversary.
  func occasion(_ o: Occasion) -> TemplateValue {
    let today = analysis.clock.today
    let next = o.nextDate(onOrAfter: today)
    var merged = occasionSummary(o)
    if case .dictionary(var d) = merged {
      let takes = OccasionGifts.takesGifts(o, named: giftNamed)
      let picked = takes ? OccasionGifts.forOccasion(o, in: gifts) : .init()
      d["notes"] = html(o.notes)
      d["takes_gifts"] = .bool(takes)
      d["gifts"] = .array(picked.ideas.map(giftSummary))
      d["bought"] = .array(picked.bought.map(giftSummary))
      d["gift_count"] = .int(picked.own)
      d["next_date"] = SiteValues.date(next) ?? .null
      d["days_until"] = next.map { .int(today.days(to: $0)) } ?? .null
      d["years"] = o.countsYears ? next.map { .int($0.year - o.date.year) } ?? .null : .null
      merged = .dictionary(d)
    }
    return merged
  }

  /// An occasion's basic facts.
  func occasionSummary(_ o: Occasion) -> TemplateValue {
    SiteValues.occasionSummary(
      o, url: links.url(.occasions, o.id), contact: contactRef(o.contact),
      today: analysis.clock.today)
  }

  /// An occasion's basic facts, with its page's address and its contact's link.
  static func occasionSummary(
    _ o: Occasion, url: String?, contact: TemplateValue, today: LocalDate
  ) -> TemplateValue {
    SiteValues.map([
      ("id", .string(o.id)), ("title", .string(o.title)), ("url", SiteValues.text(url)),
      ("date", .date(o.date)), ("recurring", .bool(o.recurring)),
      ("last_date", SiteValues.date(o.lastDate(onOrBefore: today))),
      ("rule", SiteValues.text(o.rule?.description)), ("until", SiteValues.date(o.until)),
      ("type", .string(o.kind.rawValue)), ("contact", contact),
    ])
  }

  /// An upcoming occasion or birthday, with its gift ideas and reminder points.
  func upcoming(_ u: UpcomingOccasion) -> TemplateValue {
    let page = u.kind == .birthday ? links.url(.contacts, u.contact) : links.url(.occasions, u.id)
    return SiteValues.map([
      ("kind", .string(u.kind.rawValue)), ("id", .string(u.id)), ("title", .string(u.title)),
      ("url", SiteValues.text(page)), ("contact", contactRef(u.contact)), ("date", .date(u.date)),
      ("days_until", .int(u.daysUntil)), ("recurring", .bool(u.recurring)),
      ("age", u.age.map(TemplateValue.int)), ("years", u.years.map(TemplateValue.int)),
      ("reminders", .array(u.reminders.map(TemplateValue.dateTime))),
      ("takes_gifts", .bool(u.takesGifts)), ("gifts", .array(u.gifts.map(giftSummary))),
      ("bought", .array(u.bought.map(giftSummary))),
    ])
  }
}
