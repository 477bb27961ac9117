/// Which gifts belong to an occasion or birthday, and whether it takes gifts at all.
///
/// A gift belongs to the occasion its `occasion` names (`birthday` for the recipient's
/// birthday). A gift idea for a contact with no occasion is a suggestion for each of that
/// contact's gift-taking occasions. A gift meant for another occasion is never suggested
/// (Mum's Christmas ideas are not shown on her birthday).
public enum OccasionGifts {
  /// How many ideas an upcoming occasion shows at most.
  public static let limit = 3

  /// The gifts of one occasion or birthday.
  public struct Picked: Hashable, Sendable {
    /// The ideas (status `idea`): its own first, then the suggestions, by id within each.
    public var ideas: [Gift] = []
    /// The gifts bought for it and not yet given, its own and then the recipient's gifts
    /// with no occasion: what is already there, so nothing is bought twice.
    public var bought: [Gift] = []
    /// How many gifts name it, whatever their status.
    public var own = 0
  }

  /// The gifts by recipient and by the occasion they name, built once per household.
  public struct Index: Sendable {
    /// Each contact's gifts, in household order.
    public var byRecipient: [String: [Gift]] = [:]
    /// The gifts naming each occasion id, in household order.
    public var byOccasion: [String: [Gift]] = [:]

    /// Indexes `gifts`.
    public init(_ gifts: [Gift]) {
      for gift in gifts {
        if let recipient = gift.recipient { byRecipient[recipient, default: []].append(gift) }
        if let id = gift.occasion?.occasionID { byOccasion[id, default: []].append(gift) }
      }
    }

    /// The ids of the occasions some gift names.
    public var named: Set<String> { Set(byOccasion.keys) }
  }

  /// The gifts for the contact's birthday: theirs for `birthday`, then theirs with no
  /// occasion.
  public static func forBirthday(of contact: String, in index: Index) -> Picked {
    pick(index.byRecipient[contact] ?? []) { gift in
      switch gift.occasion {
      case .birthday: 0
      case nil: 1
      default: nil
      }
    }
  }

  /// The gifts for an occasion: those naming it, then (with a contact) that contact's
  /// gifts with no occasion.
  public static func forOccasion(_ occasion: Occasion, in index: Index) -> Picked {
    let own = index.byOccasion[occasion.id] ?? []
    let theirs = occasion.contact.map { index.byRecipient[$0] ?? [] } ?? []
    return pick(own + theirs.filter { $0.occasion == nil }) { gift in
      gift.occasion == nil ? 1 : 0
    }
  }

  /// Whether gifts are given for an occasion: as its `gifts:` says, else for an
  /// anniversary and for an occasion a gift names (`named`). Birthdays always take gifts.
  public static func takesGifts(_ occasion: Occasion, named: Set<String>) -> Bool {
    occasion.gifts ?? (occasion.kind == .anniversary || named.contains(occasion.id))
  }

  /// Sorts the gifts a rank keeps (nil: not this occasion's) into ideas and bought ones.
  private static func pick(_ gifts: [Gift], rank: (Gift) -> Int?) -> Picked {
    var out = Picked()
    var ideas: [(Int, Gift)] = []
    var bought: [(Int, Gift)] = []
    for gift in gifts {
      guard let r = rank(gift) else { continue }
      if r == 0 { out.own += 1 }
      switch gift.status {
      case .idea: ideas.append((r, gift))
      case .purchased: bought.append((r, gift))
      case .given: break
      }
    }
    func order(_ list: [(Int, Gift)]) -> [Gift] {
      list.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.id < b.1.id }.map(\.1)
    }
    out.ideas = order(ideas)
    out.bought = order(bought)
    return out
  }
}
