import TemplateEngine

/// The gift and contact values one build made, each with everything it was made of
/// (`SiteValues.GiftInputs`, `SiteValues.ContactInputs`), for the next build in the same
/// process: a value whose inputs are surely the same is taken as it was. Gifts and
/// contacts are the records a household has by the thousand, each with a page; what is
/// kept is checked against the inputs every time, so it is never stale.
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

  /// The Markdown options the values were made with (they render the bodies).
  var markdown: MarkdownOptions?
  /// Gift values by id.
  var gifts: [String: Made<SiteValues.GiftInputs>] = [:]
  /// Contact values by id.
  var contacts: [String: Made<SiteValues.ContactInputs>] = [:]
  /// The links to records the values were made with.
  var refs: SiteValues.Refs?

  /// The value of gift `g`: the kept one when it was made of the same inputs (`taken`),
  /// else made; recorded in `kept` either way (when there is one).
  func gift(_ g: Gift, _ v: SiteValues, into kept: inout ValueMemory?) -> (
    value: TemplateValue, taken: Bool
  ) {
    let (made, taken) = take(
      gifts[g.id], v.giftInputs(g), v, same: { $0.isSame(as: $1) }, make: { v.gift($0) })
    kept?.gifts[g.id] = made
    return (made.value, taken)
  }

  /// The value of contact `c`, as `gift(_:_:into:)`.
  func contact(_ c: Contact, _ v: SiteValues, into kept: inout ValueMemory?) -> (
    value: TemplateValue, taken: Bool
  ) {
    let (made, taken) = take(
      contacts[c.id], v.contactInputs(c), v, same: { $0.isSame(as: $1) },
      make: { v.contact($0) })
    kept?.contacts[c.id] = made
    return (made.value, taken)
  }

  /// `known` when it was made of the same inputs with the same Markdown options (taken),
  /// else a value made of `inputs`.
  private func take<Inputs>(
    _ known: Made<Inputs>?, _ inputs: Inputs, _ v: SiteValues, same: (Inputs, Inputs) -> Bool,
    make: (Inputs) -> TemplateValue
  ) -> (Made<Inputs>, taken: Bool) {
    // The same inputs: the kept one is taken whole (its inputs are these).
    if markdown == v.markdown, let known, same(known.inputs, inputs) { return (known, true) }
    return (Made(inputs: inputs, value: make(inputs)), false)
  }
}
