import Foundation

/// Turns records and their analyses into the values templates see: plain maps with
/// snake_case keys, every absent field present as `none`, links between records as small
/// references (`{id, name, url}`), Markdown bodies already rendered to safe HTML.
struct SiteValues: Sendable {
  let household: Household
  let analysis: HouseholdAnalysis
  let links: Permalinks
  let markdown: MarkdownOptions
  /// Image sizes of media files by path (`media/gifts/lamp.png`).
  let mediaSizes: [String: (width: Int, height: Int)]
  /// The gifts of each recipient, in household order (built once, not per contact).
  let gifts: OccasionGifts.Index
  /// The occasions some gift names.
  let giftNamed: Set<String>
  /// The occasions of each contact, in household order.
  let occasionsByContact: [String: [Occasion]]
  /// The links to records that values share.
  let refs: Refs
  /// `{id, name, url}` of every contact, by id (one value shared by every link to it).
  var contactRefs: [String: TemplateValue] { refs.contacts }
  /// `{id, name, url}` of every item, by id.
  var itemRefs: [String: TemplateValue] { refs.items }
  /// `{id, name, url}` of every occasion, by id (a gift's occasion).
  var occasionRefs: [String: TemplateValue] { refs.occasions }

  /// `{id, name, url, kind}` of every contact, item and occasion, by id: one value shared by
  /// every link to the record, and kept from build to build in a process while it is the
  /// same (so comparing a gift's inputs with the last build's finds the very same value).
  struct Refs: Sendable {
    var contacts: [String: TemplateValue] = [:]
    var items: [String: TemplateValue] = [:]
    var occasions: [String: TemplateValue] = [:]
    /// Whether the contact and occasion links are all the last build's, for the same ids
    /// (so a gift's or contact's links are the last build's when its ids are).
    var allTaken = false
  }

  /// The values of a household and its analyses; the lookups records share are built here.
  /// A link in `last` (the last build's in this process) that is the same is taken.
  init(
    household: Household, analysis: HouseholdAnalysis, links: Permalinks,
    markdown: MarkdownOptions, mediaSizes: [String: (width: Int, height: Int)],
    reusing last: Refs? = nil
  ) {
    self.household = household
    self.analysis = analysis
    self.links = links
    self.markdown = markdown
    self.mediaSizes = mediaSizes
    gifts = analysis.gifts
    giftNamed = gifts.named
    var occasions: [String: [Occasion]] = [:]
    for o in household.occasions {
      if let contact = o.contact { occasions[contact, default: []].append(o) }
    }
    occasionsByContact = occasions
    let contacts = SiteValues.refs(
      .contacts, household.contacts.map { ($0.id, $0.name) }, links, last?.contacts)
    let occasionRefs = SiteValues.refs(
      .occasions, household.occasions.map { ($0.id, $0.title) }, links, last?.occasions)
    refs = Refs(
      contacts: contacts.refs,
      items: SiteValues.refs(.items, household.items.map { ($0.id, $0.name) }, links, last?.items)
        .refs,
      occasions: occasionRefs.refs, allTaken: contacts.allTaken && occasionRefs.allTaken)
  }

  /// The reference of each record by id (the first of a repeated id, as look-ups find);
  /// one in `last` that is the same is taken. `allTaken`: every one was, and `last` has
  /// no other id (the table is the last one, value for value).
  private static func refs(
    _ kind: RecordKind, _ records: [(id: String, name: String)], _ links: Permalinks,
    _ last: [String: TemplateValue]?
  ) -> (refs: [String: TemplateValue], allTaken: Bool) {
    var refs: [String: TemplateValue] = [:]
    refs.reserveCapacity(records.count)
    var allTaken = last != nil
    for r in records where refs[r.id] == nil {
      let made = SiteValues.ref(kind, r.id, r.name, links: links)
      if let kept = last?[r.id], kept.isSame(as: made) {
        refs[r.id] = kept
      } else {
        refs[r.id] = made
        allTaken = false
      }
    }
    return (refs, allTaken && refs.count == last?.count)
  }

  /// A map from optional values (nil becomes `none`).
  static func map(_ pairs: [(String, TemplateValue?)]) -> TemplateValue {
    var d: [String: TemplateValue] = [:]
    d.reserveCapacity(pairs.count)
    for (k, v) in pairs { d[k] = v ?? .null }
    return .dictionary(d)
  }

  /// A text value, or none.
  static func text(_ s: String?) -> TemplateValue? { s.map(TemplateValue.string) }
  /// A decimal value, or none.
  static func number(_ d: Decimal?) -> TemplateValue? { d.map(TemplateValue.decimal) }
  /// A date value, or none.
  static func date(_ d: LocalDate?) -> TemplateValue? { d.map(TemplateValue.date) }
  /// A list of texts.
  static func texts(_ list: [String]) -> TemplateValue { .array(list.map(TemplateValue.string)) }

  /// Rendered Markdown, safe to print; none for an empty body.
  func html(_ markdownText: String) -> TemplateValue {
    markdownText.isEmpty
      ? .null : .safe(Markdown.html(markdownText, options: markdown, headingLevels: 2))
  }

  /// `{id, name, url}` for a link to a record's page.
  func ref(_ kind: RecordKind, _ id: String?, _ name: String?) -> TemplateValue {
    guard let id else { return .null }
    return SiteValues.ref(kind, id, name, links: links)
  }

  private static func ref(_ kind: RecordKind, _ id: String, _ name: String?, links: Permalinks)
    -> TemplateValue
  {
    SiteValues.map([
      ("id", .string(id)), ("name", SiteValues.text(name ?? id)),
      ("url", SiteValues.text(links.url(kind, id))), ("kind", .string(kind.folder)),
    ])
  }

  /// A link to a contact.
  func contactRef(_ id: String?) -> TemplateValue {
    if let id, let known = contactRefs[id] { return known }
    return ref(.contacts, id, household.contact(id)?.name)
  }

  /// A link to an item.
  func itemRef(_ id: String?) -> TemplateValue {
    if let id, let known = itemRefs[id] { return known }
    return ref(.items, id, household.item(id)?.name)
  }
}
