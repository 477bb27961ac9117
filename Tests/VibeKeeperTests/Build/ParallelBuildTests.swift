import Foundation
import Testing

@testable import VibeKeeper

/// The parallel pipeline: results in the original order, O(1) lookups that stay right
/// when the household changes, and a site byte-identical whatever the number of workers.
@Suite struct ParallelBuildTests {
  @Test func mapKeepsTheOrderForAnyNumberOfWorkers() {
    let expected = (0..<1_000).map { $0 * $0 }
    for jobs in [1, 2, 3, 8, 5_000] {
      #expect(Parallel.map(1_000, jobs: jobs) { $0 * $0 } == expected)
    }
    #expect(Parallel.map(0, jobs: 4) { $0 }.isEmpty)
    #expect(Parallel.map(1, jobs: 4) { $0 + 7 } == [7])
  }

  @Test func lookupsUseTheIndexAndSurviveChanges() {
    typealias F = MoneyFixture
    var h = Household()
    h.contacts = [
      Contact(meta: F.meta("contacts", "ana"), name: "Ana"),
      Contact(meta: F.meta("contacts", "ben"), name: "Ben"),
    ]
    h.items = [Item(meta: F.meta("items", "milk"), name: "Milk")]
    // Not indexed yet (a household built in code): still found.
    #expect(h.contact("ben")?.name == "Ben")
    h.indexRecords()
    #expect(h.contact("ana")?.name == "Ana")
    #expect(h.item("milk")?.name == "Milk")
    #expect(h.contact("zoe") == nil)
    #expect(h.contact(nil) == nil)
    // Changed after indexing: the stale positions are never trusted.
    h.contacts.removeFirst()
    h.contacts.append(Contact(meta: F.meta("contacts", "cem"), name: "Cem"))
    #expect(h.contact("ben")?.name == "Ben")
    #expect(h.contact("cem")?.name == "Cem")
    #expect(h.contact("ana") == nil)
  }

  @Test func oneWorkerAndManyGiveTheSameBytes() throws {
    let data = repositoryRoot.appendingPathComponent("data")
    var outputs: [[String: Data]] = []
    for jobs in [1, 2, 4] {
      let out = FileManager.default.temporaryDirectory.appendingPathComponent(
        "vk-parallel-\(jobs)-\(UUID().uuidString)")
      defer { SiteFixture.remove(out) }
      var build = SiteBuild(
        data: data, dataDisplay: "data", templates: nil, templatesDisplay: nil, output: out)
      build.jobs = jobs
      let outcome = build.run(clock: {
        LocalClock(now: SiteFixture.now, timeZone: $0.timeZone)
      })
      #expect(outcome.failure == nil)
      outputs.append(SiteFixture.files(out))
    }
    #expect(outputs[0].count > 50)
    #expect(outputs[1] == outputs[0])
    #expect(outputs[2] == outputs[0])
  }
}
