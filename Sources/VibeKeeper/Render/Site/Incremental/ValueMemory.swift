import TemplateEngine

/// The gift and contact values one build made, each with everything it was made of
/// (`SiteValues.GiftInputs`, `SiteValues.ContactInputs`), for the next build in the same
/// process: a value whose inputs are surely the same is taken as it was. Gifts and
/// contacts are the records a household has by the thousand, each with a page; what is
/// kept is checked against the inputs every time (or against what surely gives the same
/// inputs, below), so it is never stale.
///
/// Values are kept in the household's order and found by position (a table by id is made
/// only when records moved). When the links the values share are the last build's
/// (`Shared`), a gift that is the very record kept (`Gift.isIdentical(to:)`) with the same
/// picture is taken without working out its inputs: those are its record, its page's
/// address, its recipient's and occasion's links and its picture, and every one is then
/// the same.
struct ValueMemory: Sendable {
  /// One value and what it was made of (a reference: the memory of 10,000 gifts is
  /// looked up and carried to the next build without copying any gift).
  final class Made<Inputs: Sendable>: Sendable {
    let inputs: Inputs
    let value: TemplateValue

    init(inputs: Inputs, value: TemplateValue) {
      self.inputs = inputs
      self.value = value
    }
  }

  /// What every gift's and contact's value shares with the others: the page addresses
  /// (`Permalinks.identity`) and the Markdown options. With the same addresses and every
  /// contact and occasion link taken from the last build (`SiteValues.Refs.allTaken`),
  /// a record's links are the last build's whenever its own ids are.
  struct Shared: Sendable {
    let links: Permalinks.Identity
    let markdown: MarkdownOptions
  }

  /// What the values were made with.
  var shared: Shared?
  /// Gift values in the household's order.
  var gifts: [Made<SiteValues.GiftInputs>] = []
  /// Contact values in the household's order.
  var contacts: [Made<SiteValues.ContactInputs>] = []
  /// The links to records the values were made with.
  var refs: SiteValues.Refs?

  /// Finds the kept values of one kind by position, else by id (the table is made on the
  /// first miss).
  struct Finder<Inputs: Sendable> {
    let kept: [Made<Inputs>]
    /// The id of a kept value's record (read through the reference, not copied out).
    let id: (Made<Inputs>) -> String
    private var byID: [String: Int]?

    init(_ kept: [Made<Inputs>], id: @escaping (Made<Inputs>) -> String) {
      self.kept = kept
      self.id = id
    }

    /// The kept value at `position`, when its record has `wanted` as id; else the one
    /// kept for that id anywhere.
    mutating func find(_ wanted: String, at position: Int) -> Made<Inputs>? {
      if position < kept.count, id(kept[position]).isSameText(as: wanted) {
        return kept[position]
      }
      if byID == nil {
        var table: [String: Int] = [:]
        table.reserveCapacity(kept.count)
        for (i, made) in kept.enumerated() where table[id(made)] == nil { table[id(made)] = i }
        byID = table
      }
      return byID?[wanted].map { kept[$0] }
    }
  }

  /// Whether this memory's values were made with what `v` makes them with, so a record's
  /// links and options are surely the same when its ids are.
  func sharesAll(with v: SiteValues) -> Bool {
    guard let shared, shared.links === v.links.identity, shared.markdown == v.markdown else {
      return false
    }
    return v.refs.allTaken
  }

  /// The value of gift `g` (`known` being what was kept for its id): the kept one when it
  /// was made of the same inputs (`taken`), else made; recorded in `kept` either way (when
  /// there is one). `sharesAll`: `sharesAll(with: v)`.
  func gift(
    _ g: Gift, known: Made<SiteValues.GiftInputs>?, _ v: SiteValues, sharesAll: Bool,
    into kept: inout ValueMemory?
  ) -> (value: TemplateValue, taken: Bool) {
    let (made, taken) = take(
      known, v, sharesAll: sharesAll,
      surely: { $0.gift.isIdentical(to: g) && v.picture(g.photo).isSame(as: $0.photo) },
      inputs: { v.giftInputs(g) }, same: { $0.isSame(as: $1) }, make: { v.gift($0) })
    kept?.gifts.append(made)
    return (made.value, taken)
  }

  /// The value of contact `c`, as `gift(_:known:_:sharesAll:into:)`: taken without working
  /// out its inputs when it is the same contact with the very gifts, the same occasions
  /// and picture, on the same day in the same currency.
  func contact(
    _ c: Contact, known: Made<SiteValues.ContactInputs>?, _ v: SiteValues, sharesAll: Bool,
    into kept: inout ValueMemory?
  ) -> (value: TemplateValue, taken: Bool) {
    let (made, taken) = take(
      known, v, sharesAll: sharesAll, surely: { v.sameContactInputs(c, as: $0) },
      inputs: { v.contactInputs(c) }, same: { $0.isSame(as: $1) },
      make: { v.contact($0, reusing: known.map { ($0.inputs, $0.value) }) })
    kept?.contacts.append(made)
    return (made.value, taken)
  }

  /// `known` when, the links shared, `surely` says its inputs are the record's (taken
  /// without working them out), or when it was made of the same `inputs` with the same
  /// Markdown options; else a value made of `inputs`.
  private func take<Inputs>(
    _ known: Made<Inputs>?, _ v: SiteValues, sharesAll: Bool, surely: (Inputs) -> Bool,
    inputs: () -> Inputs, same: (Inputs, Inputs) -> Bool, make: (Inputs) -> TemplateValue
  ) -> (Made<Inputs>, taken: Bool) {
    if sharesAll, let known, surely(known.inputs) { return (known, true) }
    let inputs = inputs()
    // The same inputs: the kept one is taken whole (its inputs are these).
    if shared?.markdown == v.markdown, let known, same(known.inputs, inputs) {
      return (known, true)
    }
    return (Made(inputs: inputs, value: make(inputs)), false)
  }
}
