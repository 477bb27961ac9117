/// Picks the gift ideas shown with an upcoming occasion or birthday.
public enum OccasionGifts {
  /// How many ideas an occasion shows at most.
  public static let limit = 3

  /// Up to three ideas (status `idea`) for the contact's birthday: gifts `for` the contact,
  /// those meant for the birthday first, then those with no occasion, then those meant for
  /// another occasion; by id within each group.
  public static func forBirthday(of contact: String, in gifts: [Gift]) -> [Gift] {
    pick(gifts.filter { $0.recipient == contact }) { gift in
      switch gift.occasion {
      case .birthday: 0
      case nil: 1
      default: 2
      }
    }
  }

  /// Up to three ideas (status `idea`) for an occasion. With a contact: the gifts `for` that
  /// contact, those whose `occasion` is this occasion first, then those with no occasion,
  /// then the rest; by id within each group. Without a contact: the gifts whose `occasion`
  /// is this occasion, by id.
  public static func forOccasion(_ occasion: Occasion, in gifts: [Gift]) -> [Gift] {
    guard let contact = occasion.contact else {
      return pick(gifts.filter { $0.occasion == .occasion(occasion.id) }) { _ in 0 }
    }
    return pick(gifts.filter { $0.recipient == contact }) { gift in
      gift.occasion == .occasion(occasion.id) ? 0 : gift.occasion == nil ? 1 : 2
    }
  }

  /// The gifts grouped by recipient, in their order: pass a contact's group to
  /// `forBirthday` or `forOccasion` (same result, without scanning every gift each time).
  public static func byRecipient(_ gifts: [Gift]) -> [String: [Gift]] {
    var groups: [String: [Gift]] = [:]
    for gift in gifts {
      if let recipient = gift.recipient { groups[recipient, default: []].append(gift) }
    }
    return groups
  }

  /// `forOccasion` with the gifts grouped by `byRecipient` (all gifts are still needed for
  /// an occasion without a contact).
  static func forOccasion(
    _ occasion: Occasion, in gifts: [Gift], byRecipient: [String: [Gift]]
  ) -> [Gift] {
    forOccasion(occasion, in: occasion.contact.map { byRecipient[$0] ?? [] } ?? gifts)
  }

  private static func pick(_ gifts: [Gift], rank: (Gift) -> Int) -> [Gift] {
    let ideas = gifts.filter { $0.status == .idea }.map { (rank($0), $0) }
    let sorted = ideas.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.id < b.1.id }
    return sorted.prefix(limit).map(\.1)
  }
}
