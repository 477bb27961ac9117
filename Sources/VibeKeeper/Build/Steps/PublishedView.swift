/// What of a household may be published: without the records marked `private: true`, the
/// kinds the settings keep private (`private: [reminders, doses]`), what is about a hidden
/// record (a hidden item's purchases, a hidden occasion's gifts, a private person's gifts),
/// and the media only those records point at. `build` and `serve` render this; reports use
/// the whole household.
struct PublishedView {
  /// The household as published.
  let household: Household
  /// The media files only private records point at.
  let hiddenMedia: Set<String>
  /// Whether anything was left out.
  let leftOut: Bool

  /// The published view of `household`.
  init(_ full: Household) {
    struct Filter: RecordListVisitor {
      let kinds: Set<RecordKind>
      var removed = false
      mutating func visit<R: HouseholdRecord>(_ records: inout [R]) {
        let hide = kinds.contains(R.kind)
        // Looked at before anything is removed: removing from the shared list would copy
        // every record of it, for nothing in the usual household without private records.
        guard !records.isEmpty, hide || records.contains(where: \.meta.isPrivate) else { return }
        records.removeAll { hide || $0.meta.isPrivate }
        removed = true
      }
    }
    var h = full
    var filter = Filter(kinds: full.settings.privateKinds)
    h.visitLists(&filter)
    leftOut = filter.removed
    guard filter.removed else {
      household = full
      hiddenMedia = []
      return
    }
    // References to what is gone are dropped, so no page links to it. A gift for a hidden
    // occasion is part of it (the present for a surprise): it is hidden too, never shown
    // as an idea for another occasion. An occasion whose contact is hidden keeps its kind
    // (an anniversary still counts its years and takes gifts).
    // What names a hidden item is about it (its purchases, prices and list lines): hidden
    // with it, as the item's id would show on every page and feed that lists them.
    let hiddenItems = full.ids(of: .items).subtracting(h.ids(of: .items))
    if !hiddenItems.isEmpty {
      h.purchases.removeAll { $0.item.map(hiddenItems.contains) ?? false }
      h.prices.removeAll { hiddenItems.contains($0.item) }
      for i in h.shopping.indices {
        h.shopping[i].entries.removeAll { $0.item.map(hiddenItems.contains) ?? false }
      }
    }
    let contacts = h.ids(of: .contacts)
    let hiddenOccasions = full.ids(of: .occasions).subtracting(h.ids(of: .occasions))
    // A gift for a person marked `private: true` is about them (an idea for a child kept
    // off the site): hidden too. With the whole kind private, gifts stay, without a name.
    let privateContacts = Set(full.contacts.filter(\.meta.isPrivate).map(\.id))
    h.gifts.removeAll { g in
      g.occasion?.occasionID.map { hiddenOccasions.contains($0) } ?? false
        || g.recipient.map { privateContacts.contains($0) } ?? false
    }
    for i in h.gifts.indices {
      if let r = h.gifts[i].recipient, !contacts.contains(r) { h.gifts[i].recipient = nil }
    }
    for i in h.occasions.indices {
      if let c = h.occasions[i].contact, !contacts.contains(c) {
        h.occasions[i].type = h.occasions[i].type ?? h.occasions[i].kind
        h.occasions[i].contact = nil
      }
    }
    h.indexRecords()
    func photos(_ h: Household) -> Set<String> {
      Set(h.gifts.compactMap(\.photo) + h.contacts.compactMap(\.photo))
    }
    hiddenMedia = photos(full).subtracting(photos(h))
    household = h
  }
}
