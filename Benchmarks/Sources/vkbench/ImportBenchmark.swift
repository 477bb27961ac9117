import Foundation

/// `vkbench import [CONTACTS] [ROWS]`: `vibekeeper import` on generated exports: a vCard
/// file of CONTACTS cards (10,000 by default) and a bank CSV of ROWS purchases (100,000),
/// each at a tenth and at full size (memory should stay flat while the input grows
/// tenfold), then the same import again (which adds nothing). Wall time, CPU and peak memory
/// per run, from `/usr/bin/time`.
enum ImportBenchmark {
  static func run(arguments: [String]) throws {
    let contacts = arguments.first.flatMap { Int($0) } ?? 10_000
    let rows = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let tool = CompareBenchmark.defaultVibekeeper()
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vkbench-import-\(getpid())")
    defer { try? FileManager.default.removeItem(at: base) }
    say("vibekeeper import (\(tool))")
    say("case".padding(toLength: 36, withPad: " ", startingAt: 0) + "    wall s     CPU s    peak")
    for n in [contacts / 10, contacts] {
      let dir = base.appendingPathComponent("vcard-\(n)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      try vcard(n).write(
        to: dir.appendingPathComponent("contacts.vcf"), atomically: false, encoding: .utf8)
      try initData(tool, dir)
      let args = [
        tool, "import", "vcard", "contacts.vcf", "--data", "data", "--now", "2026-11-24", "-q",
      ]
      row("vcard, \(n) cards", try Measurement.run(args, in: dir))
      row("vcard again (adds nothing)", try Measurement.run(args, in: dir))
    }
    for n in [rows / 10, rows] {
      let dir = base.appendingPathComponent("csv-\(n)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      try csv(n).write(
        to: dir.appendingPathComponent("bank.csv"), atomically: false, encoding: .utf8)
      try mapping.write(
        to: dir.appendingPathComponent("bank.yml"), atomically: false, encoding: .utf8)
      try initData(tool, dir)
      let args = [
        tool, "import", "purchases-csv", "bank.csv", "--mapping", "bank.yml", "--data", "data",
        "--now", "2026-11-24", "-q",
      ]
      row("purchases-csv, \(n) rows", try Measurement.run(args, in: dir))
      row("purchases-csv again (adds nothing)", try Measurement.run(args, in: dir))
    }
  }

  static func row(_ name: String, _ m: Measurement) {
    say(name.padding(toLength: 36, withPad: " ", startingAt: 0) + " " + m.text)
  }

  static func initData(_ tool: String, _ dir: URL) throws {
    _ = try Measurement.run(
      [tool, "init", "data", "--time-zone", "Europe/Berlin", "--currency", "EUR", "--quiet"],
      in: dir)
  }

  /// `n` vCard 3.0 cards with names, birthdays, some anniversaries, notes and categories.
  static func vcard(_ n: Int) -> String {
    var out = ""
    out.reserveCapacity(n * 200)
    for i in 0..<n {
      let month = i % 12 + 1
      let day = i % 28 + 1
      out += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bench-\(i)\r\nFN:Person \(i) Müller\r\n"
      out += "N:Müller;Person \(i);;;\r\n"
      out += String(format: "BDAY:%04d-%02d-%02d\r\n", 1950 + i % 60, month, day)
      if i % 5 == 0 {
        out += String(format: "ANNIVERSARY:%04d%02d%02d\r\n", 1990 + i % 30, month, day)
      }
      out += "NOTE:Met at the \(i % 7 == 0 ? "climbing gym\\, Tuesdays" : "office")\r\n"
      out += "CATEGORIES:\(["Family", "Friends", "Work"][i % 3])\r\nEND:VCARD\r\n"
    }
    return out
  }

  /// A bank CSV of `n` rows over four years: spending negative, a salary now and then.
  static func csv(_ n: Int) -> String {
    var out = "Buchungstag;Empfänger;Verwendungszweck;Betrag\n"
    out.reserveCapacity(n * 60)
    let stores = ["REWE", "Lidl", "Aldi Nord", "dm", "Bäckerei Müller", "Netflix"]
    for i in 0..<n {
      let day = i * 1460 / max(n, 1)
      let year = 2022 + day / 365
      let month = day % 365 / 31 + 1
      let dom = day % 31 % 28 + 1
      let amount = i % 50 == 0 ? "2.500,00" : "-\(i % 90 + 1),\(String(format: "%02d", i % 100))"
      out += String(format: "%02d.%02d.%04d", dom, month, year)
      out += ";\(stores[i % stores.count]);Einkauf \(i);\(amount)\n"
    }
    return out
  }

  static let mapping = """
    separator: ";"
    date_format: DD.MM.YYYY
    decimal: comma
    spending: negative
    columns: {date: Buchungstag, amount: Betrag, description: Verwendungszweck, store: Empfänger}
    rules:
      - {match: "^Einkauf 1", category: groceries}

    """
}
