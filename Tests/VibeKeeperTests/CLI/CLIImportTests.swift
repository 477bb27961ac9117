import Foundation
import Testing

@testable import VibeKeeper

/// `vibekeeper import` through the real executable: the report, the problems on standard
/// error with their lines, the exit status, `--dry-run` and `--commit`.
@Suite struct CLIImportTests {
  @Test func reportProblemsExitStatusAndCommit() throws {
    let folder = try TempFolder([:])
    defer { folder.cleanup() }
    let made = try CLI.run(
      ["init", "data", "--time-zone", "Europe/Berlin", "--currency", "EUR", "--git"],
      cwd: folder.url)
    #expect(made.status == 0, "\(made.stderr)")
    try folder.write(
      "in/c.vcf",
      Data(
        "BEGIN:VCARD\nVERSION:3.0\nFN:Zoë Müller\nBDAY:--0704\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nEMAIL:x@example.org\nEND:VCARD\n"
          .utf8))
    let dry = try CLI.run(
      ["import", "vcard", "in/c.vcf", "--data", "data", "--dry-run"], cwd: folder.url)
    #expect(dry.status == 0)
    #expect(
      dry.stdout
        == "in/c.vcf: would add 1 contact; 1 problem listed above\n  new file data/contacts/zoe-muller.md (Zoë Müller)\n(dry run: nothing written)\n"
    )
    #expect(
      dry.stderr.contains("in/c.vcf:6:1: warning: this card has no name (FN and N are empty)"))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("data/contacts/zoe-muller.md").path))
    let real = try CLI.run(
      ["import", "vcard", "in/c.vcf", "--data", "data", "--commit"], cwd: folder.url)
    #expect(real.status == 0, "\(real.stderr)")
    #expect(real.stdout.contains("committed "))
    let log = try CLI.git(
      ["log", "-1", "--format=%s"], in: folder.url.appendingPathComponent("data"))
    #expect(log == "Import 1 contact from c.vcf\n")
    let again = try CLI.run(["import", "vcard", "in/c.vcf", "--data", "data"], cwd: folder.url)
    #expect(again.stdout.hasPrefix("in/c.vcf: nothing new; 1 already imported"))
    // A file that is not there: an error, exit 1, nothing written.
    let missing = try CLI.run(["import", "ical", "in/none.ics", "--data", "data"], cwd: folder.url)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("in/none.ics:1:1: error: cannot read in/none.ics"))
    // csv without a mapping is a usage error.
    let usage = try CLI.run(["import", "csv", "in/c.vcf", "--data", "data"], cwd: folder.url)
    #expect(usage.status == 2)
  }
}
