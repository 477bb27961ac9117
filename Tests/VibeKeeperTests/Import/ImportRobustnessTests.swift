import Foundation
import Testing

@testable import VibeKeeper

/// Exports as they come: damaged components, large folded photos, old line ends, other
/// encodings, and files that end without a line end.
@Suite struct ImportRobustnessTests {
  /// An event whose alarm is never closed is closed by its own END, said at that line;
  /// the events after it are read.
  @Test func anUnclosedComponentDoesNotSwallowTheRest() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "cal.ics",
      """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:a\r
      SUMMARY:Broken alarm\r
      DTSTART;VALUE=DATE:20260501\r
      RRULE:FREQ=YEARLY\r
      BEGIN:VALARM\r
      TRIGGER:-PT15M\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:b\r
      SUMMARY:After broken alarm\r
      DTSTART;VALUE=DATE:20260502\r
      RRULE:FREQ=YEARLY\r
      END:VEVENT\r
      END:VTODO\r
      END:VCALENDAR\r

      """)
    let outcome = try f.run(.ical, [path])
    #expect(
      outcome.plan.notes.map(\.message).contains(
        "BEGIN:VALARM is never closed; END:VEVENT closes it here"))
    #expect(
      outcome.plan.notes.map(\.message).contains(
        "END:VTODO closes no open component, so it is left out"))
    #expect(
      f.loaded().household.occasions.map(\.title).sorted() == [
        "After broken alarm", "Broken alarm",
      ])
  }

  /// A photo folded over many lines is read in time proportional to its size (each line
  /// once used to copy all that was read before it: a 1 MB photo took 11 s).
  @Test func aLargeFoldedPhotoIsImported() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    // A PNG signature, then filler: 1 MB of image as base64, folded at 75 columns.
    var image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    image += (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let encoded = Data(image).base64EncodedString()
    var folded = "PHOTO;ENCODING=b;TYPE=PNG:"
    var rest = Substring(encoded)
    folded += rest.prefix(49)
    rest = rest.dropFirst(49)
    while !rest.isEmpty {
      folded += "\r\n " + rest.prefix(74)
      rest = rest.dropFirst(74)
    }
    let path = try f.source(
      "big.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big Photo\r\n\(folded)\r\nEND:VCARD\r\n")
    try f.run(.vcard, [path]) { $0.vcard.photos = true }
    let contact = try #require(f.loaded().household.contacts.first)
    let photo = try #require(contact.photo)
    let written = try Data(contentsOf: f.root.appendingPathComponent(photo))
    #expect([UInt8](written) == image)
  }

  /// Android's birthday event follows BDAY's rule: a birthday in a future year is left out.
  @Test func androidBirthdaysInTheFutureAreLeftOut() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let path = try f.source(
      "future.vcf",
      """
      BEGIN:VCARD\r
      VERSION:2.1\r
      N:Droid;Andy;;;\r
      X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2031-05-05;3;;;;;;;;;;;;;\r
      END:VCARD\r

      """)
    let outcome = try f.run(.vcard, [path])
    #expect(
      outcome.plan.notes.map(\.message).contains {
        $0.contains("birthday 2031-05-05 is in the future")
      })
    #expect(f.loaded().household.contacts.first?.birthday == nil)
  }

  /// A list file with Windows line ends, its last line without one, keeps its own line ends.
  @Test func appendingKeepsTheFilesLineEnds() throws {
    let f = try ImportFixture([
      "occasions/cal.yml":
        "- id: old\r\n  title: Old day\r\n  date: 2020-01-02\r\n  recurring: yearly"
    ])
    defer { f.cleanup() }
    let path = try f.source(
      "cal.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:n\r\nSUMMARY:New day\r\nDTSTART;VALUE=DATE:20260303\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    try f.run(.ical, [path])
    let text = f.text("occasions/cal.yml")
    #expect(
      text.hasPrefix(
        "- id: old\r\n  title: Old day\r\n  date: 2020-01-02\r\n  recurring: yearly\r\n"))
    #expect(
      !text.utf8.enumerated().contains { i, b in
        b == 0x0A && (i == 0 || Array(text.utf8)[i - 1] != 0x0D)
      })
    #expect(f.loaded().household.occasions.count == 2)
  }

  /// Old Mac exports end lines with CR alone; UTF-16 files are refused, saying why.
  @Test func carriageReturnLinesAndUTF16() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let mac = try f.source(
      "mac.vcf", "BEGIN:VCARD\rVERSION:3.0\rFN:Old Mac\rBDAY:1970-01-02\rEND:VCARD\r")
    try f.run(.vcard, [mac])
    #expect(f.loaded().household.contacts.map(\.name) == ["Old Mac"])
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "BEGIN:VCARD\r\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let wide = try f.source("wide.vcf", utf16)
    let refused = try f.run(.vcard, [wide])
    #expect(
      refused.plan.notes.map(\.message).contains {
        $0.hasSuffix("is UTF-16 text; export it again as UTF-8 (or save it as UTF-8 in an editor)")
      })
    #expect(refused.plan.changes.isEmpty)
  }

  /// A calendar cut off inside an event loses that event, and says so; text that is not
  /// UTF-8 is read as Windows-1252, and said.
  @Test func aCutOffOrMisencodedCalendarIsSaid() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let cut = try f.source(
      "cut.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Kept\r\nDTSTART;VALUE=DATE:20260501\r\n"
        + "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Cut\r\nDTSTART;VALUE=DATE:20260502\r\n")
    let notes = try f.run(.ical, [cut], dryRun: true).plan.notes.map(\.message)
    #expect(notes.contains { $0.hasPrefix("the file ends before END:VEVENT") }, "\(notes)")
    #expect(notes.contains { $0.hasPrefix("the file ends before END:VCALENDAR") }, "\(notes)")
    let latin = try f.source(
      "latin.ics",
      Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Velikono".utf8) + [0xE8]
        + Array(
          "ni ponedeljek\r\nDTSTART;VALUE=DATE:20260406\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8))
    let latinNotes = try f.run(.ical, [latin], dryRun: true).plan.notes.map(\.message)
    #expect(latinNotes.contains { $0.hasPrefix("text in this file is not UTF-8") }, "\(latinNotes)")
  }

  /// A vCard whose text its character set cannot read says which fields are left out.
  @Test func unreadableCardTextIsSaid() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let card = try f.source(
      "latin.vcf",
      Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Display;".utf8) + [0xC4]
        + Array("mi;;;\r\nFN:".utf8) + [0xC4]
        + Array("mi Display\r\nEND:VCARD\r\n".utf8))
    let notes = try f.run(.vcard, [card], dryRun: true).plan.notes.map(\.message)
    #expect(notes.contains { $0.contains("is not valid text") }, "\(notes)")
  }

  /// A mistyped Loop folder is said to be missing, not to be no Loop export.
  @Test func aMissingLoopFolderIsSaidToBeMissing() throws {
    let f = try ImportFixture()
    defer { f.cleanup() }
    let notes = try f.run(.loop, ["/nonexistent/loop-export"], dryRun: true).plan.notes
    #expect(
      notes.contains { $0.message == "there is no file or folder at /nonexistent/loop-export" })
  }
}
