import Foundation

/// Writes a generated household data folder of about `records` records, deterministically:
/// contacts and gifts as Markdown files, purchases, prices and results as monthly YAML
/// lists (most of the records, as in a household folder that grew for years), plus items,
/// games, occasions, shopping lists, budgets and reminders.
enum HouseholdFixture {
  /// Writes the folder; returns the number of records written.
  @discardableResult
  static func write(to root: URL, records: Int) throws -> Int {
    let fm = FileManager.default
    try? fm.removeItem(at: root)
    try fm.createDirectory(at: root, withIntermediateDirectories: true)
    var written = 0
    func file(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try file("vibekeeper.yml", "title: Bench\ntimezone: Europe/Berlin\ncurrency: EUR\n")
    let contacts = max(1, records / 20)
    let gifts = max(1, records / 10)
    let items = max(1, records / 100)
    let games = 3
    let occasions = max(1, records / 500)
    let lists = max(1, records / 1_000)
    let budgets = max(4, records / 2_500)
    let reminders = max(6, records / 2_500)
    let fixed = occasions + lists + budgets + reminders
    let remaining = max(0, records - contacts - gifts - items - games - fixed)
    let purchases = remaining / 2
    let prices = remaining / 6
    let results = remaining - purchases - prices
    for i in 0..<contacts {
      let month = i % 12 + 1
      let day = i % 28 + 1
      try file(
        "contacts/group\(i % 10)/person-\(i).md",
        """
        ---
        name: Person \(i)
        relationship: friend
        birthday: \(1950 + i % 60)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)
        tags: [friends, group\(i % 10)]
        ---
        Notes about person \(i), who likes *books* and [music](https://example.org/\(i)).

        """)
    }
    written += contacts
    for i in 0..<gifts {
      try file(
        "gifts/gift-\(i).md",
        """
        ---
        title: Gift idea \(i)
        for: group\(i % contacts % 10)/person-\(i % contacts)
        occasion: birthday
        price: \(10 + i % 90).\(i % 100 < 10 ? "0" : "")\(i % 100)
        status: \(["idea", "purchased", "given"][i % 3])\(i % 3 == 0 ? "" : "\npurchased: 2026-0\(i % 9 + 1)-1\(i % 10)")
        url: https://shop.example/item/\(i)
        tags: [idea, bench]
        ---
        A description of gift \(i) with **some** Markdown.

        """)
    }
    written += gifts
    for i in 0..<items {
      try file(
        "items/item-\(i).yml",
        "name: Item \(i)\nbrand: Brand \(i % 7)\ncategory: category-\(i % 7)\nunit: pack\n")
    }
    written += items
    for g in 0..<games { try file("games/game-\(g).md", "---\nname: Game \(g)\n---\n") }
    written += games
    for b in 0..<budgets {
      let month = b % 12 + 1
      let scope = b % 4 == 0 ? "gifts" : "category-\(b % 7)"
      try file(
        "budgets/\(2020 + b / 12)/b\(b).yml",
        "title: Budget \(b)\namount: 1000\nstart: \(2020 + b / 12)-\(month < 10 ? "0" : "")\(month)-01\nend: \(2020 + b / 12)-\(month < 10 ? "0" : "")\(month)-28\nscope: \(scope)\n"
      )
    }
    for r in 0..<reminders {
      try file(
        "reminders/r\(r).yml",
        "title: Reminder \(r)\ncategory: medication\nschedule: {time: \"\(String(format: "%02d", r % 16 + 6)):30\", days: [mon, wed, fri]}\n"
      )
    }
    for o in 0..<occasions {
      let month = o % 12 + 1
      try file(
        "occasions/o\(o).md",
        "---\ntitle: Occasion \(o)\ndate: 2019-\(month < 10 ? "0" : "")\(month)-\(10 + o % 18)\nrecurring: yearly\ncontact: group\(o % contacts % 10)/person-\(o % contacts)\n---\nNotes on occasion \(o).\n"
      )
    }
    for l in 0..<lists {
      var text = "title: List \(l)\nbudget: 80\ncompleted: \(l % 5 != 0)\nitems:\n"
      for k in 0..<5 { text += "  - {item: item-\((l * 5 + k) % items), quantity: \(1 + k % 3)}\n" }
      try file("shopping/list-\(l).yml", text)
    }
    written += fixed
    func monthly(_ kind: String, count: Int, perFile: Int, line: (Int) -> String) throws {
      var i = 0
      var fileIndex = 0
      while i < count {
        var text = ""
        for j in i..<min(count, i + perFile) { text += line(j) + "\n" }
        try file("\(kind)/\(2020 + fileIndex / 12)/\(fileIndex % 12 + 1).yml", text)
        i += perFile
        fileIndex += 1
      }
    }
    func date(_ n: Int) -> String {
      let d = Date(timeIntervalSince1970: Double(1_577_836_800 + (n % 2400) * 86_400))
      let c = Calendar(identifier: .gregorian).dateComponents(
        in: TimeZone(identifier: "UTC")!, from: d)
      return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
    try monthly("purchases", count: purchases, perFile: 200) { j in
      "- {date: \(date(j)), item: item-\(j % items), price: \(1 + j % 9).\(j % 100 < 10 ? "0" : "")\(j % 100), quantity: \(1 + j % 3), store: Store \(j % 4), expires: \(date(j + 10))}"
    }
    try monthly("prices", count: prices, perFile: 200) { j in
      "- {item: item-\(j % items), date: \(date(j)), price: \(2 + j % 7).49, store: Store \(j % 5)}"
    }
    try monthly("results", count: results, perFile: 200) { j in
      "- {game: game-\(j % games), at: \(date(j))T\(String(format: "%02d", j % 24)):\(String(format: "%02d", j % 60)), score: \"\(j % 6 + 1)/6\"}"
    }
    written += purchases + prices + results
    return written
  }
}
