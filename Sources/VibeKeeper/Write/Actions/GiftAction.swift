import Foundation

/// `vibekeeper gift GIFT --bought [--price P] [--at DATE]` and `--given [--price P]
/// [--at DATE]`: the gift's status and dates change in its own file, nothing else.
public struct GiftAction: DataAction {
  /// Bought or given.
  public enum Step: Sendable {
    case bought(price: Decimal?)
    /// Given; a gift never marked bought is bought that day, at `price` when given.
    case given(price: Decimal?)
  }

  /// The gift's id or title.
  public var gift: String
  public var step: Step
  /// The day (`YYYY-MM-DD`; default today).
  public var date: String?

  /// A change of `gift`.
  public init(gift: String, step: Step) {
    self.gift = gift
    self.step = step
  }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let g = try c.find(Gift.self, gift, title: \.title)
    let date = try c.day(self.date)
    let day = date.description
    var fields: [(key: String, value: String)]
    let summary: String
    switch step {
    case .bought(let price):
      guard g.status == .idea else {
        throw DataWriter.Problem(
          description: "'\(g.title)' is already \(g.status.rawValue) (\(g.meta.location))")
      }
      fields = [("status", "purchased"), ("purchased", day)]
      if let price { fields.append(("price", ActionContext.amount(price))) }
      let paid = (price ?? g.price).map { " " + Currency.format($0, code: g.currency) } ?? ""
      summary = "Bought gift \(g.title)\(paid)"
    case .given(let price):
      guard g.status != .given else {
        throw DataWriter.Problem(description: "'\(g.title)' is already given")
      }
      if let bought = g.purchased, bought > date {
        throw DataWriter.Problem(
          description:
            "'\(g.title)' was bought on \(bought), after \(day); give the day it was given with --at"
        )
      }
      fields = [("status", "given"), ("given", day)]
      // Given without being marked bought: bought that day, at the price given.
      if g.purchased == nil {
        fields.append(("purchased", day))
        if let price { fields.append(("price", ActionContext.amount(price))) }
      } else if let price, price != g.price {
        throw DataWriter.Problem(
          description:
            "'\(g.title)' was bought on \(g.purchased?.description ?? "")"
            + (g.price.map { " for " + Currency.format($0, code: g.currency) } ?? "")
            + "; --price is what was paid when it was bought: change `price:` in \(g.meta.path)")
      }
      if let id = g.recipient { c.records.read(.contacts, id: id) }
      let to = c.household.contact(g.recipient).map { " to \($0.name)" } ?? ""
      summary = "Gave \(g.title)\(to)"
    }
    return ActionPlan(changes: [try c.editing(g.meta, kind: .gifts, set: fields)], summary: summary)
  }
}
