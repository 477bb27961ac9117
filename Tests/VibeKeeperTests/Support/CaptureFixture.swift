import Foundation

@testable import VibeKeeper

/// A small household for capture tests: family with relationships, a diacritic name, a
/// nickname, two friends, a colleague without a birthday, and occasions including a
/// housewarming, Christmas and two anniversaries. Currency EUR, zone Europe/Berlin.
enum CaptureFixture {
  static let files: [String: String] = [
    "vibekeeper.yml": "timezone: Europe/Berlin\ncurrency: EUR\n",
    "contacts/family/mom.md":
      "---\nname: Ngozi Okafor\nrelationship: mom\nbirthday: 1958-12-03\n---\n",
    "contacts/family/dad.md":
      "---\nname: Emeka Okafor\nrelationship: dad\nbirthday: 1955-04-17\n---\n",
    "contacts/family/sister.md":
      "---\nfirst_name: Adaeze\nlast_name: Okafor\nrelationship: sister\nbirthday: 1990-01-04\n---\n",
    "contacts/family/niece.md":
      "---\nname: Ifeoma \"Ify\" Okafor\nrelationship: niece\nbirthday: 2018-09-27\n---\n",
    "contacts/partner.md":
      "---\nname: Zoë Lindqvist\nrelationship: partner\nbirthday: 1991-03-15\n---\n",
    "contacts/friends/sam.md":
      "---\nname: Sam Carter\nrelationship: friend\nbirthday: --07-04\n---\n",
    "contacts/friends/priya.md": "---\nname: Priya Raman\nrelationship: friend\n---\n",
    "contacts/friends/tomas.md":
      "---\nname: Tomás Herrera\nrelationship: friend\nbirthday: 1996-02-29\n---\n",
    "contacts/work/lena.md": "---\nname: Lena Vogel\nrelationship: colleague\n---\n",
    "occasions/housewarming-sam.md":
      "---\ntitle: Sam's housewarming\ndate: 2026-12-12\ncontact: friends/sam\n---\n",
    "occasions/holidays.yml":
      "- id: christmas\n  title: Christmas Day\n  date: 2020-12-25\n  recurring: yearly\n- id: new-year\n  title: New Year's Day\n  date: 2021-01-01\n  recurring: yearly\n",
    "occasions/anniversary.md":
      "---\ntitle: Our anniversary\ndate: 2017-05-20\nrecurring: yearly\ncontact: partner\n---\n",
    "occasions/parents-anniversary.md":
      "---\ntitle: Mum and Dad's wedding anniversary\ndate: 1986-12-20\nrecurring: yearly\ncontact: family/mom\n---\n",
    "occasions/summer-barbecue.md":
      "---\ntitle: Allotment summer barbecue\ndate: 2027-08-15\n---\n",
  ]

  /// The loaded fixture household.
  static func household() throws -> Household {
    let result = try load(files)
    precondition(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return result.household
  }

  /// A clock at a local time in Europe/Berlin.
  static func clock(_ text: String = "2026-11-22T10:00") -> LocalClock {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    return LocalClock(now: NowOption.parse(text, timeZone: zone)!, timeZone: zone)
  }
}
