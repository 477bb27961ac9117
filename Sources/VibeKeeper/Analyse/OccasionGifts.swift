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
    /// The gifts bought for it and not yet given (for a given day, also those naming it and
    /// given in the 300 days up to it), its own and then the recipient's gifts with no occasion: what is
    /// already there, so nothing is bought twice.
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
  /// occasion; with `date`, as they stand for the birthday on that day (see `pick`).
  public static func forBirthday(of contact: String, in index: Index, on date: LocalDate? = nil)
    -> Picked
  {
    pick(index.byRecipient[contact] ?? [], on: date) { gift in
      switch gift.occasion {
      case .birthday: 0
      case nil: 1
      default: nil
      }
    }
  }

  /// The gifts for an occasion: those naming it, then (with a contact) that contact's
  /// gifts with no occasion; with `date`, as they stand for its occurrence on that day.
  public static func forOccasion(_ occasion: Occasion, in index: Index, on date: LocalDate? = nil)
    -> Picked
  {
    let own = index.byOccasion[occasion.id] ?? []
    let theirs = occasion.contact.map { index.byRecipient[$0] ?? [] } ?? []
    return pick(own + theirs.filter { $0.occasion == nil }, on: date) { gift in
      gift.occasion == nil ? 1 : 0
    }
  }

  /// Whether gifts are given for an occasion: as its `gifts:` says, else for an
  /// anniversary and for an occasion a gift names (`named`). Birthdays always take gifts.
  public static func takesGifts(_ occasion: Occasion, named: Set<String>) -> Bool {
    occasion.gifts ?? (occasion.kind == .anniversary || named.contains(occasion.id))
  }

  /// Sorts the gifts a rank keeps (nil: not this occasion's) into ideas and bought ones.
  /// With the occurrence's `date`: a gift bought after it is not yet there for it, and one
  /// naming it and given in the 300 days up to it (handed over early) is what was got for it,
  /// so the occasion never reads "no gift ideas yet" and invites a second gift.
  private static func pick(_ gifts: [Gift], on date: LocalDate?, rank: (Gift) -> Int?) -> Picked {
    var out = Picked()
    // Ranks and places in `gifts`: a gift is copied once, into the answer.
    var ideas: [(rank: Int, at: Int)] = []
    var bought: [(rank: Int, at: Int)] = []
    for i in gifts.indices {
      guard let r = rank(gifts[i]) else { continue }
      if r == 0 { out.own += 1 }
      switch gifts[i].status {
      case .idea: ideas.append((r, i))
      case .purchased:
        if let date, let day = gifts[i].purchased, day > date { continue }
        bought.append((r, i))
      case .given:
        // Only a gift that names the occasion: one given with none was for something else.
        // Within the 300 days up to it: a gift handed over a day late for last year's
        // occurrence is not this year's.
        guard r == 0, let date, let given = gifts[i].given, given <= date,
          given > date.adding(days: -300)
        else { continue }
        bought.append((r, i))
      }
    }
    func order(_ list: [(rank: Int, at: Int)]) -> [Gift] {
      list.sorted { a, b in a.rank != b.rank ? a.rank < b.rank : gifts[a.at].id < gifts[b.at].id }
        .map { gifts[$0.at] }
    }
    out.ideas = order(ideas)
    out.bought = order(bought)
    return out
  }
}
