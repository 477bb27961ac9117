import Foundation

/// `vibekeeper list LIST add ITEM [--qty Q]` and `vibekeeper list LIST done`: a line added
/// to a shopping list (an item already on it gets the quantity added), or the list closed.
public struct ListAction: DataAction {
  /// What to do with the list.
  public enum Step: Sendable {
    /// Add an item (an item id or name; a one-off name with `oneOff`), `quantity` of it.
    case add(String, quantity: Decimal?, oneOff: Bool)
    /// Close the list on the day.
    case done
  }

  /// The list's id or title.
  public var list: String
  public var step: Step
  /// The day the list is closed (`YYYY-MM-DD`; default today).
  public var date: String?

  /// An action on `list`.
  public init(list: String, step: Step) {
    self.list = list
    self.step = step
  }

  public func plan(_ c: inout ActionContext) throws(DataWriter.Problem) -> ActionPlan {
    let shopping = try c.find(ShoppingList.self, list, title: \.title)
    switch step {
    case .done:
      guard !shopping.completed.isDone else {
        throw DataWriter.Problem(description: "'\(shopping.title)' is already done")
      }
      let day = try c.day(date)
      let change = try c.editing(
        shopping.meta, kind: .shopping, set: [("completed", day.description)])
      let left = shopping.entries.filter { !$0.purchased.isDone }.count
      return ActionPlan(
        changes: [change],
        summary: "Closed \(shopping.title)"
          + (left > 0 ? " (\(left) line\(left == 1 ? "" : "s") not bought)" : ""))
    case .add(let typed, let quantity, let oneOff):
      try shopping.refuseChangesWhenDone()
      let item: Item? = oneOff ? nil : try c.find(Item.self, typed, title: \.name)
      let name = item?.name ?? typed.trimmingCharacters(in: .whitespaces)
      let key = item.map { "item:" + $0.id } ?? ShoppingEntry.nameKey(name)
      let qty = quantity ?? 1
      // More of a line not bought yet; a line already bought stays as it was paid.
      if let line = shopping.entries.first(where: { $0.mergeKey == key && !$0.purchased.isDone }) {
        // Lines listed twice are one entry to the list (their quantities added) but one
        // line to an edit: the sum written on one would count the other twice.
        guard line.lines == 1 else {
          throw DataWriter.Problem(
            description:
              "\(name) is listed \(line.lines) times on '\(shopping.title)' (\(line.location)); merge the lines into one first, then add to it"
          )
        }
        let now = line.quantity + qty
        let change = try c.editing(
          shopping.meta, kind: .shopping, set: [("quantity", ActionContext.amount(now))],
          entry: ("items", line.position))
        return ActionPlan(
          changes: [change],
          summary: "\(name) is on \(shopping.title): quantity now \(ActionContext.amount(now))")
      }
      var fields: [(key: String, value: String)] = [
        item.map { ("item", $0.id) } ?? ("name", YAMLText.flowScalar(name))
      ]
      if qty != 1 { fields.append(("quantity", ActionContext.amount(qty))) }
      let change = try c.appendingEntry(fields, to: "items", of: shopping.meta, kind: .shopping)
      return ActionPlan(
        changes: [change], summary: "Added \(name.lowercasedFirst) to \(shopping.title)")
    }
  }
}
