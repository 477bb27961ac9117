import Foundation
import Testing

@testable import VibeKeeper

/// `import vcard`: real exports of Apple, Google, Android, Outlook, Evolution, KDE, DAVx5,
/// khard and Thunderbird, checked field by field, plus fixtures for what they lack.
@Suite struct VCardImportTests {
  func contact(_ r: DataLoader.Result, _ name: String) -> Contact? {
    r.household.contacts.first { $0.name == name }
  }

  @Test(.enabled(if: ImportFixture.haveSamples))
  func realExportsFieldByField() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let s = ImportFixture.sample
    try f.run(
      .vcard,
      [
        s("vcard/outlook-2007.vcf"), s("vcard/rfc6350-author-example-vcard4.vcf"),
        s("vcard/thunderbird-cardbook-1604-no-param.vcf"),
        s("vcard/davx5-vcard4android-vcard4-yearless.vcf"),
        s("vcard/kde-kaddressbook-x-anniversary.vcf"), s("vcard/khard-vcard4-text-bday.vcf"),
        s("vcard/davx5-vcard4android-allfields-vcard3.vcf"), s("vcard/apple-ios5-iphone.vcf"),
        s("vcard/android-aosp-x-android-custom-event.vcf"),
        s("vcard/gmail-export-custom-dates.vcf"), s("vcard/windows-mobile-6.5-anniversary.vcf"),
        s("vcard/thunderbird-morefunctions-addon.vcf"),
      ])
    let r = f.loaded()
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(lines(r))")
    // Outlook 2007: basic-format BDAY and X-MS-ANNIVERSARY.
    let outlook = try #require(contact(r, "Mr. Michael Angstadt Jr."))
    #expect(outlook.birthday == Birthday(month: 3, day: 10, year: 1922))
    #expect(outlook.firstName == "Michael" && outlook.lastName == "Angstadt")
    let anniversary = try #require(r.household.occasions.first { $0.contact == outlook.id })
    #expect(anniversary.date == LocalDate(year: 2012, month: 8, day: 1))
    #expect(anniversary.recurring && anniversary.kind == .anniversary)
    // RFC 6350: --0203 has no year; an anniversary date-time with an offset.
    let simon = try #require(contact(r, "Simon Perreault"))
    #expect(simon.birthday == Birthday(month: 2, day: 3, year: nil))
    #expect(
      r.household.occasions.contains {
        $0.contact == simon.id && $0.date == LocalDate(year: 2009, month: 8, day: 8)
      })
    // CardBook writes the unknown year as 1604.
    let cardbook = try #require(contact(r, "Test bday without year Thunderbird CardBook"))
    #expect(cardbook.birthday == Birthday(month: 1, day: 1, year: nil))
    // DAVx5's --04-16; KDE's UTC date-time keeps its written date.
    #expect(contact(r, "VCard 4 Test")?.birthday == Birthday(month: 4, day: 16, year: nil))
    let heiko = try #require(contact(r, "Mustermann, Heiko"))
    #expect(heiko.birthday == Birthday(month: 7, day: 19, year: 1955))
    #expect(
      r.household.occasions.contains {
        $0.contact == heiko.id && $0.date == LocalDate(year: 1982, month: 7, day: 7)
      })
    // khard: a text birthday is no date; it is kept in the notes.
    let text = try #require(contact(r, "text birthday"))
    #expect(text.birthday == nil)
    #expect(text.notes.contains("Birthday: circa 1800"))
    // DAVx5 all fields: a date-time with an offset, ANNIVERSARY in a 3.0 card, categories.
    let ami = try #require(contact(r, "Ämi Display"))
    #expect(ami.birthday == Birthday(month: 4, day: 15, year: 1996))
    #expect(ami.tags == ["a", "bc"])
    #expect(ami.notes.contains("Co-worker: Ägidius"))
    // Apple iOS 5 (CR CR LF line ends): name and birthday.
    let apple = try #require(r.household.contacts.first { $0.name.hasPrefix("Mr. John Richter") })
    #expect(apple.birthday == Birthday(month: 6, day: 6, year: 2012))
    // Android's X-ANDROID-CUSTOM event of type 1 is the anniversary.
    let roid = try #require(contact(r, "Roid Ando"))
    #expect(
      r.household.occasions.contains {
        $0.contact == roid.id && $0.date == LocalDate(year: 1999, month: 7, day: 10)
          && $0.kind == .anniversary
      })
    // Google: the labelled anniversary is the anniversary; other dates keep their labels.
    let google = try #require(contact(r, "VCard Test"))
    let dates = r.household.occasions.filter { $0.contact == google.id }
    #expect(
      dates.filter { $0.kind == .anniversary }.map(\.date) == [
        LocalDate(year: 1930, month: 3, day: 20)
      ])
    #expect(
      Set(dates.map(\.title)) == [
        "VCard Test's anniversary", "VCard Test: other date", "VCard Test: CustomDateCategory",
      ])
    #expect(google.notes.contains("- Spouse: Name2"))
    #expect(google.notes.contains("- Domestic partner: Name15"))
    // Windows Mobile's ANNIVERSARY;VALUE=DATE; Thunderbird's X-ANNIVERSARY and X-SPOUSE.
    #expect(r.household.occasions.contains { $0.date == LocalDate(year: 2009, month: 10, day: 10) })
    let tb = try #require(contact(r, "John Doe"))
    #expect(tb.birthday == Birthday(month: 9, day: 21, year: 1970))
    #expect(tb.notes.contains("Spouse: TheSpouse"))
    #expect(
      r.household.occasions.contains {
        $0.contact == tb.id && $0.date == LocalDate(year: 1990, month: 4, day: 30)
      })
  }

  @Test(.enabled(if: ImportFixture.haveSamples))
  func androidQuotedPrintableAndNamelessCards() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let out = try f.run(
      .vcard, [ImportFixture.sample("vcard/android-2.1-quoted-printable-multi.vcf")])
    let nameless = out.plan.notes.filter { $0.message.contains("has no name") }
    #expect(nameless.map(\.location.line) == [1, 6])
    let names = Set(f.loaded().household.contacts.map(\.name))
    #expect(names.contains("Ñ Ñ Ñ Ñ"))
    #expect(names.contains("Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ"))
  }

  @Test(.enabled(if: ImportFixture.haveSamples))
  func everySampleImportsOnceAndAgainAddsNothing() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let files = try FileManager.default.contentsOfDirectory(
      atPath: ImportFixture.samples.appendingPathComponent("vcard").path
    ).filter { $0.hasSuffix(".vcf") }.sorted().map { ImportFixture.sample("vcard/" + $0) }
    #expect(files.count >= 19)
    let first = try f.run(.vcard, files)
    #expect(!first.plan.changes.isEmpty)
    #expect(!first.plan.notes.contains { $0.severity == .error }, "\(first.plan.notes)")
    #expect(f.loaded().diagnostics.filter { $0.severity != .note }.isEmpty, "\(lines(f.loaded()))")
    let before = f.snapshot()
    let again = try f.run(.vcard, files)
    #expect(again.plan.changes.isEmpty)
    #expect(f.snapshot() == before)
  }

  static let card = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:ana-1\r
    FN:Ana Lima\r
    N:Lima;Ana;;;\r
    BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-15\r
    item1.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-20\r
    item1.X-ABLabel:_$!<Anniversary>!$_\r
    CATEGORIES:Family,Book club\r
    NOTE:Likes tea\\, not coffee\\nand books.\r
    END:VCARD\r

    """

  @Test func appleOmitYearGoogleYearlessBOMAndEscapes() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let google = """
      BEGIN:VCARD
      VERSION:3.0
      FN:Bruno Costa
      BDAY:--11-30
      END:VCARD
      BEGIN:VCARD
      VERSION:3.0
      FN:Carla\\, the neighbour
      BDAY:19880229
      END:VCARD

      """
    let apple = try f.source("apple.vcf", [0xEF, 0xBB, 0xBF] + Array(Self.card.utf8))
    let g = try f.source("google.vcf", google)
    try f.run(.vcard, [apple, g]) { $0.vcard.categories = .folders }
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let ana = try #require(r.household.contacts.first { $0.name == "Ana Lima" })
    #expect(ana.id == "family/ana-lima")
    #expect(ana.birthday == Birthday(month: 3, day: 15, year: nil))
    #expect(ana.tags == ["book-club"])
    #expect(ana.notes == "Likes tea, not coffee\nand books.\n")
    #expect(ana.meta.source == "vcard:ana-1")
    let anniversary = try #require(r.household.occasions.first)
    // Without its year an anniversary cannot count years: a yearly event from this year.
    #expect(anniversary.date == LocalDate(year: 2026, month: 6, day: 20))
    #expect(anniversary.kind == .event && anniversary.recurring && anniversary.contact == ana.id)
    #expect(
      r.household.contacts.first { $0.name == "Bruno Costa" }?.birthday
        == Birthday(month: 11, day: 30, year: nil))
    #expect(
      r.household.contacts.first { $0.name == "Carla, the neighbour" }?.birthday
        == Birthday(month: 2, day: 29, year: 1988))
    #expect(
      f.text("contacts/family/ana-lima.md").hasPrefix(
        "---\nname: Ana Lima\nfirst_name: Ana\nlast_name: Lima\nbirthday: --03-15\ntags: [book-club]\nsource: vcard:ana-1\n---\n"
      ))
  }

  @Test func grownExportAddsOnlyTheNewCardAndHandTypedContactsAreKept() throws {
    let f = try ImportFixture([
      "contacts/family/mom.md": "---\nname: Ana Lima\nrelationship: mom\n---\nTyped by hand.\n"
    ])
    defer { f.cleanup() }
    let path = try f.source("all.vcf", Self.card)
    let first = try f.run(.vcard, [path])
    // Same name as a hand-typed contact: not imported again; its anniversary goes to her.
    #expect(first.plan.changes.map(\.path) == ["occasions/contacts.yml"])
    #expect(f.loaded().household.occasions.first?.contact == "family/mom")
    #expect(
      f.text("contacts/family/mom.md")
        == "---\nname: Ana Lima\nrelationship: mom\n---\nTyped by hand.\n")
    let grown = try f.source(
      "all.vcf",
      Self.card + "BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:d1\nFN:Dora\nBDAY:20010101\nEND:VCARD\n")
    let second = try f.run(.vcard, [grown])
    #expect(second.plan.changes.map(\.path) == ["contacts/dora.md"])
    #expect(try f.run(.vcard, [grown]).plan.changes.isEmpty)
  }

  /// Two people of one name are two contacts when their birthdays differ; two exports of
  /// one person (other UIDs, or one card without the birthday) are one, in any order.
  @Test func peopleOfOneNameAreToldApartByBirthday() throws {
    let f = try ImportFixture([
      "contacts/lea.md": "---\nname: Lea Muller\n---\n"
    ])
    defer { f.cleanup() }
    let cards = """
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:a0\nFN:Jo Ann Smith\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:a1\nFN:Jo-Ann Smith\nBDAY:19800101\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:a2\nFN:JoAnn Smith\nBDAY:19920202\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:b1\nFN:Léa Müller\nBDAY:19850303\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:c1\nFN:Alice Weber\nBDAY:19850402\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:c2\nFN:Alice Weber\nBDAY:19850402\nEND:VCARD
      BEGIN:VCARD\nVERSION:3.0\nFN:Sam Lee\nEND:VCARD
      BEGIN:VCARD\nVERSION:3.0\nFN:Sam Lee\nBDAY:1990-04-04\nEND:VCARD

      """
    let path = try f.source("all.vcf", cards)
    _ = try f.run(.vcard, [path])
    let contacts = f.loaded().household.contacts
    // The card without a birthday came first: the 1980 card is that person, and the 1992
    // one someone else.
    #expect(contacts.filter { $0.name.hasPrefix("Jo") }.count == 2)
    #expect(contacts.contains { $0.name == "JoAnn Smith" && $0.birthday?.year == 1992 })
    // Lea by hand has no birthday: the card with one is her.
    #expect(contacts.filter { $0.name.hasPrefix("L") }.count == 1)
    #expect(contacts.filter { $0.name == "Alice Weber" }.count == 1)
    #expect(contacts.filter { $0.name == "Sam Lee" }.count == 1)
    #expect(try f.run(.vcard, [path]).plan.changes.isEmpty)
    // A card found by its UID lends its birthday too: the next card of the name with
    // another birthday is someone else.
    let later = try f.source(
      "later.vcf",
      """
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:d1\nFN:Dee Park\nEND:VCARD

      """)
    _ = try f.run(.vcard, [later])
    let again = try f.source(
      "again.vcf",
      """
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:d1\nFN:Dee Park\nBDAY:19900101\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:d2\nFN:Dee Park\nBDAY:19850505\nEND:VCARD

      """)
    _ = try f.run(.vcard, [again])
    #expect(f.loaded().household.contacts.filter { $0.name == "Dee Park" }.count == 2)
  }

  /// A phone's card without a birthday, then the same person's card with one (Google's),
  /// in one run: the contact is written once, with the birthday, and the second card is
  /// counted as repeated in this import (not as already in the data folder).
  @Test func aLaterCardOfANewContactAddsItsBirthday() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let phone = try f.source(
      "phone.vcf", "BEGIN:VCARD\nVERSION:2.1\nN:Lima;Ana;;;\nFN:Ana Lima\nEND:VCARD\n")
    let google = try f.source(
      "google.vcf",
      "BEGIN:VCARD\nVERSION:3.0\nUID:g1\nFN:Ana Lima\nBDAY:1990-06-20\nEND:VCARD\n")
    let out = try f.run(.vcard, [phone, google])
    let contacts = f.loaded().household.contacts
    #expect(contacts.count == 1)
    #expect(contacts.first?.birthday == Birthday(month: 6, day: 20, year: 1990))
    #expect(
      f.text("contacts/ana-lima.md").hasPrefix(
        "---\nname: Ana Lima\nfirst_name: Ana\nlast_name: Lima\nbirthday: 1990-06-20\nsource: vcard:"
      ))
    #expect(out.plan.summary.contains("1 repeated in this import"), "\(out.plan.summary)")
    #expect(!out.plan.summary.contains("already in the data folder"), "\(out.plan.summary)")
    #expect(try f.run(.vcard, [phone, google]).plan.changes.isEmpty)
  }

  /// Values YAML would read as something else (`null`) are written quoted: a category
  /// `null` stays a tag, a card named `null` keeps its anniversary linked.
  @Test func yamlWordsInValuesAreQuoted() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "odd.vcf",
      """
      BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nCATEGORIES:null,true,friends\nEND:VCARD
      BEGIN:VCARD\nVERSION:4.0\nFN:null\nANNIVERSARY:20100505\nEND:VCARD

      """)
    let out = try f.run(.vcard, [path])
    #expect(out.plan.changes.count == 3, "\(out.plan.summary)")
    let r = f.loaded()
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(lines(r))")
    #expect(
      r.household.contacts.first { $0.name == "Ana Lima" }?.tags == ["null", "true", "friends"])
    let nobody = try #require(r.household.contacts.first { $0.name == "null" })
    #expect(r.household.occasions.first?.contact == nobody.id)
  }

  /// `--me` that names no card of the file says so (the relationships are then each
  /// card's own).
  @Test func meThatNamesNoCardIsSaid() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "fam.vcf",
      "BEGIN:VCARD\nVERSION:3.0\nFN:Mina Park\nRELATED;TYPE=spouse;VALUE=text:Jun Park\nEND:VCARD\n"
    )
    let out = try f.run(.vcard, [path]) { $0.vcard.me = "Nobody Here" }
    #expect(
      out.plan.notes.contains {
        $0.message.hasPrefix("--me 'Nobody Here' names no card of this file")
      })
  }

  /// A card's anniversary on the day its contact already has a yearly occasion is that
  /// occasion, whatever its title.
  @Test func anAnniversaryAlreadyWrittenIsNotAddedAgain() throws {
    let f = try ImportFixture([
      "contacts/family/mom.md": "---\nname: Ngozi Okafor\n---\n",
      "occasions/wedding.md":
        "---\ntitle: Mum and Dad's wedding anniversary\ndate: 1986-12-20\nrecurring: yearly\ntype: anniversary\ncontact: family/mom\n---\n",
    ])
    defer { f.cleanup() }
    let path = try f.source(
      "mom.vcf", "BEGIN:VCARD\nVERSION:4.0\nFN:Ngozi Okafor\nANNIVERSARY:19861220\nEND:VCARD\n")
    let out = try f.run(.vcard, [path])
    #expect(out.plan.changes.isEmpty, "\(out.plan.changes.map(\.path))")
    #expect(f.loaded().household.occasions.count == 1)
  }

  @Test func relatedNamesOfMyOwnCardBecomeRelationships() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "me.vcf",
      """
      BEGIN:VCARD
      VERSION:3.0
      FN:Zoe Park
      item1.X-ABRELATEDNAMES:Mina Park
      item1.X-ABLabel:_$!<Mother>!$_
      END:VCARD
      BEGIN:VCARD
      VERSION:3.0
      FN:Mina Park
      RELATED;TYPE=spouse;VALUE=text:Jun Park
      END:VCARD
      BEGIN:VCARD
      VERSION:3.0
      FN:Jun Park
      END:VCARD

      """)
    try f.run(.vcard, [path]) { $0.vcard.me = "Zoe Park" }
    let c = f.loaded().household.contacts
    #expect(c.first { $0.name == "Mina Park" }?.relationship == "mother")
    #expect(c.first { $0.name == "Jun Park" }?.relationship == "spouse of Mina Park")
    #expect(c.first { $0.name == "Zoe Park" }?.relationship == nil)
  }

  @Test func photosAreWrittenOnlyWhenAskedAndOnlyWhenTheyAreImages() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    let good = Data(png).base64EncodedString()
    let bad = Data("<script>alert(1)</script>".utf8).base64EncodedString()
    let path = try f.source(
      "p.vcf",
      """
      BEGIN:VCARD
      VERSION:3.0
      FN:Pia
      PHOTO;ENCODING=b;TYPE=PNG:\(good.prefix(10))
       \(good.dropFirst(10))
      END:VCARD
      BEGIN:VCARD
      VERSION:4.0
      FN:Quinn
      PHOTO:data:image/jpeg;base64,\(bad)
      END:VCARD

      """)
    let plain = try f.run(.vcard, [path], dryRun: true)
    #expect(!plain.plan.changes.contains { $0.path.hasPrefix("media/") })
    let out = try f.run(.vcard, [path]) { $0.vcard.photos = true }
    #expect(
      out.plan.notes.map(\.message).contains(
        "Quinn's photo is not a JPEG, PNG, GIF or WebP image, so it is left out"))
    let bytes = FileManager.default.contents(
      atPath: f.root.appendingPathComponent("media/contacts/pia.png").path)
    #expect(bytes.map([UInt8].init) == png)
    let r = f.loaded()
    #expect(r.household.contacts.first { $0.name == "Pia" }?.photo == "media/contacts/pia.png")
    #expect(r.household.contacts.first { $0.name == "Quinn" }?.photo == nil)
  }

  @Test func photosAtAWebAddressAreDownloadedWhenAsked() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let server = try FakeReceiver()
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46]
    server.answer(body: jpeg)
    let path = try f.source(
      "g.vcf",
      "BEGIN:VCARD\nVERSION:3.0\nFN:Gus\nPHOTO:\(server.url("photo/gus.jpg"))\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:3.0\nFN:Hal\nPHOTO:file:///etc/passwd\nEND:VCARD\n")
    let out = try f.run(.vcard, [path]) { $0.vcard.photos = true }
    #expect(server.requests.map(\.path) == ["/photo/gus.jpg"])
    let bytes = FileManager.default.contents(
      atPath: f.root.appendingPathComponent("media/contacts/gus.jpg").path)
    #expect(bytes.map([UInt8].init) == jpeg)
    #expect(
      out.plan.notes.map(\.message).contains {
        $0.hasPrefix("Hal's photo is at an address that is not http or https")
      })
    // An answer that is not an image is refused.
    server.answer(body: Array("<html>".utf8))
    let again = try f.source(
      "h.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Ivy\nPHOTO;VALUE=uri:\(server.url("x"))\nEND:VCARD\n")
    let refused = try f.run(.vcard, [again]) { $0.vcard.photos = true }
    #expect(
      refused.plan.notes.map(\.message) == [
        "Ivy's photo is not a JPEG, PNG, GIF or WebP image, so it is left out"
      ])
    // Imported again, Gus is skipped: his photo is not fetched again for nothing.
    let before = server.requests.count
    let second = try f.run(.vcard, [path]) { $0.vcard.photos = true }
    #expect(server.requests.count == before)
    #expect(second.plan.summary.contains("nothing new"), "\(second.plan.summary)")
  }

  @Test func hostileInputIsRefusedCleanly() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    // A name that climbs out, invalid UTF-8, a 50 MB line, a card with no end.
    var bytes = Array("BEGIN:VCARD\nVERSION:3.0\nFN:../../etc/passwd\nEND:VCARD\n".utf8)
    bytes +=
      Array("BEGIN:VCARD\nVERSION:3.0\nFN:".utf8) + [0xFF, 0xFE, 0x41] + Array("\nEND:VCARD\n".utf8)
    bytes +=
      Array("BEGIN:VCARD\nVERSION:3.0\nFN:Long\nNOTE:".utf8)
      + [UInt8](repeating: 0x61, count: 50 << 20) + Array("\nEND:VCARD\n".utf8)
    bytes += Array("BEGIN:VCARD\nVERSION:3.0\nFN:Open end\n".utf8)
    let path = try f.source("bad.vcf", bytes)
    let out = try f.run(.vcard, [path])
    let messages = out.plan.notes.map { "\($0.location.line): \($0.message)" }
    #expect(
      messages == [
        "5: this card's name is not valid text, so it is not imported",
        "12: the line is longer than 16 MB, so it is left out",
        "14: this card has no END:VCARD, so it is read to the end of the file",
      ])
    let r = f.loaded()
    #expect(r.diagnostics.isEmpty, "\(lines(r))")
    let ids = r.household.contacts.map(\.id).sorted()
    #expect(ids == ["etc-passwd", "long", "open-end"])
    #expect(
      !FileManager.default.fileExists(atPath: f.folder.url.appendingPathComponent("etc").path))
  }

  @Test func dryRunWritesNothingAndSaysWhatItWould() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source("a.vcf", Self.card)
    let before = f.snapshot()
    let out = try f.run(.vcard, [path], dryRun: true)
    #expect(f.snapshot() == before)
    #expect(!out.written)
    #expect(out.plan.summary.contains("would add 1 contact, 1 occasion"))
    #expect(out.plan.summary.contains("new file data/contacts/ana-lima.md (Ana Lima)"))
  }

  @Test func leapDayAnniversaryRepeatedUIDsAndAFileWithoutCards() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "l.vcf",
      "BEGIN:VCARD\nVERSION:4.0\nUID:x\nFN:Lea\nANNIVERSARY:--0229\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:4.0\nUID:x\nFN:Lea\nEND:VCARD\n")
    let out = try f.run(.vcard, [path])
    #expect(
      out.plan.summary.hasPrefix("\(path): added 1 contact, 1 occasion; 1 repeated in this import"))
    #expect(
      out.plan.summary.contains("skipped Lea: the same record as 'lea' earlier in this import"))
    let o = try #require(f.loaded().household.occasions.first)
    // The last leap year, so it falls on 29 February in leap years and the 28th in others.
    #expect(o.date == LocalDate(year: 2024, month: 2, day: 29))
    #expect(
      o.nextDate(onOrAfter: LocalDate(year: 2026, month: 11, day: 24)!)
        == LocalDate(year: 2027, month: 2, day: 28))
    #expect(
      o.nextDate(onOrAfter: LocalDate(year: 2027, month: 3, day: 1)!)
        == LocalDate(year: 2028, month: 2, day: 29))
    let empty = try f.source("e.ics", "hello\n")
    let none = try f.run(.ical, [empty])
    #expect(none.plan.notes.map(\.severity) == [.warning, .error])
    #expect(
      none.plan.notes.last?.message == "there is no calendar in this file (no BEGIN:VCALENDAR line)"
    )
  }
}
