import Foundation
import TemplateEngine
import TestHelpers
import Testing
import VibeBasics

@testable import VibeKeeper

/// `watch` and `serve` keep what a render made (`RenderMemory`: gift and contact values,
/// search index entries) for the next build in the process. Whatever the edit,
/// the site is byte for byte the one a full build without any memory publishes.
@Suite struct RenderMemoryTests {
  typealias Fixture = IncrementalBuildTests.Fixture

  /// Builds `f` into its incremental output keeping `kept` (as `watch` does), and a full
  /// build without any memory into the other; the two must publish the same bytes.
  @discardableResult
  static func compare(
    _ f: Fixture, kept: inout SiteBuild.Kept, now: Date = IncrementalBuildTests.now,
    changed: [String]? = nil
  ) throws -> SiteBuild.Outcome {
    var build = SiteBuild(
      data: f.data, dataDisplay: "data", templates: f.templates, templatesDisplay: "templates",
      output: f.incremental)
    build.keep(kept)
    build.changedFiles = changed.map { $0.map { f.root.appendingPathComponent($0).path } }
    let outcome = build.run { LocalClock(now: now, timeZone: $0.timeZone) }
    #expect(outcome.failure == nil)
    kept.update(from: outcome)
    _ = try f.build(into: f.full, full: true, now: now)
    try f.expectSameOutputs()
    return outcome
  }

  @Test func editsThroughOneProcessGiveTheFullBuildsBytes() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    let again = try Self.compare(f, kept: &kept)
    #expect(again.rendered == 0)
    // A gift's body, then its title.
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nWater it weekly.\n" }
    let body = try Self.compare(f, kept: &kept)
    #expect(body.rendered >= 1 && body.rendered <= 6)
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "title: Olive tree", with: "title: Lemon tree")
    }
    try Self.compare(f, kept: &kept)
    // The same title in another Unicode form prints other bytes (`==` calls them equal).
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "title: Lemon tree", with: "title: Lemon tr\u{E9}e")
    }
    try Self.compare(f, kept: &kept)
    // (Written as bytes: `String ==` would call the two texts equal.)
    let gift = f.data.appendingPathComponent("gifts/olive-tree.md")
    let precomposed = try Data(contentsOf: gift)
    let bytes = [UInt8](precomposed)
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if i + 1 < bytes.count, bytes[i] == 0xC3, bytes[i + 1] == 0xA9 {
        out += [0x65, 0xCC, 0x81]  // "e" and a combining acute accent
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    let decomposed = Data(out)
    #expect(decomposed != precomposed)
    try decomposed.write(to: gift)
    let form = try Self.compare(f, kept: &kept)
    #expect(form.rendered >= 1)
    // A price written with another precision prints otherwise.
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "price: 45.00", with: "price: 45.0")
    }
    try Self.compare(f, kept: &kept)
    // The recipient renamed: every gift for her shows the new name.
    try f.edit("data/contacts/friends/priya.md") {
      $0.replacingOccurrences(of: "name: Priya Raman", with: "name: Priya R.")
    }
    try Self.compare(f, kept: &kept)
    // An occasion renamed: the gifts naming it link to it by its title.
    try f.edit("data/occasions/housewarming-priya.md") {
      $0.replacingOccurrences(of: "title:", with: "title: New")
    }
    try Self.compare(f, kept: &kept)
    // A photo that appears, a gift added and one removed.
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(
        of: "tags: [plants, home]", with: "tags: [plants, home]\nphoto: media/gifts/olive.png")
    }
    try Self.compare(f, kept: &kept)
    let png = try Data(contentsOf: f.data.appendingPathComponent("media/gifts/wool-scarf.png"))
    try png.write(to: f.data.appendingPathComponent("media/gifts/olive.png"))
    try Self.compare(f, kept: &kept)
    try f.write(
      "data/gifts/lamp.md", "---\ntitle: Lamp\nfor: friends/priya\nprice: 30\n---\nA lamp.\n")
    try Self.compare(f, kept: &kept)
    try f.remove("data/gifts/pottery-course.md")
    try Self.compare(f, kept: &kept)
    // Settings that change how bodies and prices are shown.
    try f.edit("data/vibekeeper.yml") {
      $0.replacingOccurrences(of: "smart_punctuation: true", with: "smart_punctuation: false")
    }
    try Self.compare(f, kept: &kept)
    try f.edit("data/vibekeeper.yml") {
      $0.replacingOccurrences(of: "currency: EUR", with: "currency: USD")
    }
    try Self.compare(f, kept: &kept)
    // The next day (ages, days until), then a year later, across 29 February.
    try Self.compare(f, kept: &kept, now: IncrementalBuildTests.now.addingTimeInterval(86_400))
    try Self.compare(
      f, kept: &kept, now: IncrementalBuildTests.now.addingTimeInterval(86_400 * 460))
  }

  /// The record pages' digests are kept (`PageDigestMemory`) and taken for a value taken
  /// as it was; a template that reads more of the same value still gets its page rendered
  /// again, with the full build's bytes.
  @Test func recordPageDigestsAreKeptAndTakenOnlyForTheSameReads() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    let gifts = kept.renderMemory.values.gifts.count
    #expect(gifts > 0)
    // The first build of the process had no memory to take the values from; the second
    // takes them, and its pages' digests.
    try Self.compare(f, kept: &kept)
    let digests = kept.renderMemory.pageDigests.pages
    #expect(digests.keys.count { $0.hasPrefix("gifts/") } == gifts)
    #expect(digests.values.allSatisfy { !$0.digests.isEmpty })
    // Same values, another template reading another field of them.
    try f.write(
      "templates/gifts/record.html",
      "{{ gift.title }} {{ record.price }} {{ gift.recipient.name }}\n")
    let changed = try Self.compare(f, kept: &kept)
    #expect(changed.rendered >= gifts)
    try f.write("templates/gifts/record.html", "{{ gift.title }} {{ gift.status }}\n")
    try Self.compare(f, kept: &kept)
    try f.edit("data/gifts/olive-tree.md") {
      $0.replacingOccurrences(of: "price: 45.00", with: "price: 46.00")
    }
    let again = try Self.compare(f, kept: &kept)
    #expect(again.rendered >= 1)
  }

  /// A record page taken whole from the last build keeps its fingerprint only while the
  /// globals it reads are the same (`PageSkipping.Basis`): the site's title, on every page,
  /// renders every page again in the same process, and a rebuild after that renders none.
  @Test func recordPagesTakenWholeFollowTheGlobalsTheyRead() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    try Self.compare(f, kept: &kept)
    let gifts = kept.renderMemory.values.gifts.count
    let calm = try Self.compare(f, kept: &kept, changed: [])
    #expect(calm.rendered == 0)
    try f.edit("data/vibekeeper.yml") {
      $0.replacingOccurrences(of: "title: The Okafor-Lindqvist household", with: "title: Home")
    }
    let retitled = try Self.compare(f, kept: &kept, changed: ["data/vibekeeper.yml"])
    #expect(retitled.rendered >= gifts)
    // Back again: the pages' fingerprints are the ones recorded two builds ago, not taken.
    try f.edit("data/vibekeeper.yml") {
      $0.replacingOccurrences(of: "title: Home", with: "title: The Okafor-Lindqvist household")
    }
    let back = try Self.compare(f, kept: &kept, changed: ["data/vibekeeper.yml"])
    #expect(back.rendered >= gifts)
    let after = try Self.compare(f, kept: &kept, changed: [])
    #expect(after.rendered == 0)
  }

  /// A plan found without a clash is not checked again while its paths are the same
  /// (`SitePlan.ClashFree`); a record whose page would clash, added in the same process, is
  /// still found and left out, as a build with no memory leaves it out.
  @Test func aClashAddedInTheSameProcessIsFound() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    try Self.compare(f, kept: &kept, changed: [])
    #expect(kept.renderMemory.clashFree != nil)
    // Its page would go in a folder named as another gift's page.
    let added = "data/gifts/olive-tree.html/pot.md"
    try f.write(added, "---\ntitle: Pot\n---\n")
    let clash = try Self.compare(f, kept: &kept, changed: [added])
    #expect(
      clash.diagnostics.contains { $0.message.contains("would write gifts/olive-tree.html/") })
    #expect(kept.renderMemory.clashFree == nil)
    try f.remove(added)
    let fixed = try Self.compare(f, kept: &kept, changed: [added])
    #expect(!fixed.diagnostics.contains { $0.message.contains("would write") })
  }

  /// The manifests and build state kept between builds (`PublishMemory`) are taken only
  /// while the files beside the output are theirs: a build by another process in between
  /// (`vibekeeper build` in a terminal while `serve` runs) is read from disk.
  @Test func anotherProcessPublishingInBetweenIsReadFromDisk() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nWater it weekly.\n" }
    try Self.compare(f, kept: &kept, changed: ["data/gifts/olive-tree.md"])
    // Another process, with no memory, publishes an edit into the same output.
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nAnd feed it in May.\n" }
    var other = SiteBuild(
      data: f.data, dataDisplay: "data", templates: f.templates, templatesDisplay: "templates",
      output: f.incremental)
    other.keep(nil)
    #expect(
      other.run { LocalClock(now: IncrementalBuildTests.now, timeZone: $0.timeZone) }.failure
        == nil)
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nRepot it.\n" }
    let after = try Self.compare(f, kept: &kept, changed: ["data/gifts/olive-tree.md"])
    #expect(after.rendered >= 1)
    // The spare tree's manifest list removed by hand: the kept one is not taken for it.
    let state = f.incremental.deletingLastPathComponent()
      .appendingPathComponent("." + f.incremental.lastPathComponent + ".vibekeeper")
    let lists = try FileManager.default.contentsOfDirectory(atPath: state.path)
      .filter { $0.hasSuffix(".manifest") }
    #expect(lists.count == 2)
    for name in lists {
      let tree = try String(
        contentsOf: f.incremental.appendingPathComponent(SiteManifest.fileName), encoding: .utf8)
      if !tree.contains(name.replacingOccurrences(of: ".manifest", with: "")) {
        try FileManager.default.removeItem(at: state.appendingPathComponent(name))
      }
    }
    try f.edit("data/gifts/olive-tree.md") { $0 + "\nPrune it.\n" }
    try Self.compare(f, kept: &kept, changed: ["data/gifts/olive-tree.md"])
  }

  /// Seeded random edits through one process, every other build told which files changed (as
  /// `serve`'s watcher tells it), or every build: ids, references and values alike.
  @Test(arguments: [false, true]) func randomEditsKeepingTheMemory(everyBuildNamed: Bool) throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    var rng = SeededGenerator(seed: everyBuildNamed ? 77 : 21)
    for round in 0..<(everyBuildNamed ? 10 : 6) {
      let edited = try f.editSomeAtRandom(round: round, using: &rng)
      try Self.compare(
        f, kept: &kept, now: IncrementalBuildTests.now + Double(round) * 7_200,
        changed: everyBuildNamed || round.isMultiple(of: 2) ? edited : nil)
    }
  }

  /// Told which files changed, as `serve` is, a rebuild patches the last household with
  /// them (`HouseholdPatch`) where it can and loads whole where it cannot; the site is the
  /// full build's either way.
  @Test func namedEditsGiveTheFullBuildsBytes() throws {
    let f = try Fixture()
    defer { f.cleanup() }
    var kept = SiteBuild.Kept()
    try Self.compare(f, kept: &kept)
    let gift = "data/gifts/olive-tree.md"
    try f.edit(gift) { $0 + "\nWater it weekly.\n" }
    let body = try Self.compare(f, kept: &kept, changed: [gift])
    #expect(body.decodedFiles == 1)
    #expect(kept.loadCache.assembled?.positions != nil)
    try f.edit(gift) {
      $0.replacingOccurrences(of: "title: Olive tree", with: "title: Lemon tree")
    }
    try Self.compare(f, kept: &kept, changed: [gift])
    let contact = "data/contacts/friends/priya.md"
    try f.edit(contact) {
      $0.replacingOccurrences(of: "name: Priya Raman", with: "name: Priya R.")
    }
    try Self.compare(f, kept: &kept, changed: [contact])
    let occasion = "data/occasions/housewarming-priya.md"
    try f.edit(occasion) { $0.replacingOccurrences(of: "title:", with: "title: New") }
    try Self.compare(f, kept: &kept, changed: [occasion])
    try f.write(
      "data/gifts/lamp.md", "---\ntitle: Lamp\nfor: friends/priya\nprice: 30\n---\nA lamp.\n")
    try Self.compare(f, kept: &kept, changed: ["data/gifts/lamp.md"])
    try f.edit("data/gifts/lamp.md") { $0.replacingOccurrences(of: "price: 30", with: "price: 31") }
    try Self.compare(f, kept: &kept, changed: ["data/gifts/lamp.md"])
    try f.remove("data/gifts/pottery-course.md")
    try Self.compare(f, kept: &kept, changed: ["data/gifts/pottery-course.md"])
    // A watcher that lost events names the folder itself: every file is looked at, and an
    // edit no event named is seen.
    try f.edit(gift) { $0.replacingOccurrences(of: "title: Lemon tree", with: "title: Fig tree") }
    let lost = try Self.compare(f, kept: &kept, changed: ["data"])
    #expect(lost.decodedFiles >= 1)
    #expect(lost.household.gifts.contains { $0.title.hasPrefix("Fig tree") })
  }

  /// A value kept from the last build is taken as it was when its inputs are the same, and
  /// made again when any input differs.
  @Test func valuesAreTakenOnlyWhenTheirInputsAreTheSame() {
    let household = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    )
    .load().household
    let clock = LocalClock(now: IncrementalBuildTests.now, timeZone: household.settings.timeZone)
    func values(_ h: Household, today: LocalClock = clock) -> SiteValues {
      SiteValues(
        household: h, analysis: HouseholdAnalysis(h, clock: today), links: Permalinks(h),
        markdown: MarkdownOptions(), mediaSizes: [:])
    }
    let first = SiteModel(values: values(household), memory: ValueMemory())
    let second = SiteModel(values: values(household), memory: first.valueMemory)
    let a = first.records[.gifts] ?? []
    let b = second.records[.gifts] ?? []
    #expect(!a.isEmpty && a.count == b.count)
    for (x, y) in zip(a, b) { #expect(sameBits(x.value, y.value)) }
    var renamed = household
    let her = household.gifts.compactMap(\.recipient).first ?? ""
    guard let n = renamed.contacts.firstIndex(where: { $0.id == her }) else {
      Issue.record("no contact with gifts")
      return
    }
    renamed.contacts[n].name += " Jr."
    let third = SiteModel(values: values(renamed), memory: second.valueMemory)
    let theirs = Set(household.gifts.filter { $0.recipient == her }.map(\.id))
    #expect(!theirs.isEmpty)
    for (x, y) in zip(b, third.records[.gifts] ?? []) {
      #expect(sameBits(x.value, y.value) != theirs.contains(x.id))
    }
  }

  /// With the page addresses and links of the last build (`ValueMemory.sharesAll`), a gift
  /// that is the very record kept is taken without its inputs worked out, and a contact with
  /// the very same gifts; anything else is made again or compared input by input, and every
  /// value is the one made without any memory.
  @Test func valuesTakenByIdentityNeedTheSameRecordsAndLinks() {
    let household = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    )
    .load().household
    var clock = LocalClock(now: IncrementalBuildTests.now, timeZone: household.settings.timeZone)
    var links = Permalinks(household)
    var memory = ValueMemory()
    var markdown = MarkdownOptions()
    var sizes: [String: (width: Int, height: Int)] = [:]
    /// The model of `h` kept from the last one, checked value for value against one made
    /// without memory; the ids of the gifts and contacts taken.
    func model(_ h: Household) -> (gifts: Set<String>, contacts: Set<String>, shares: Bool) {
      links = Permalinks(h, reusing: links)
      let v = SiteValues(
        household: h, analysis: HouseholdAnalysis(h, clock: clock), links: links,
        markdown: markdown, mediaSizes: sizes, reusing: memory.refs)
      let shares = memory.sharesAll(with: v)
      let made = SiteModel(values: v, memory: memory)
      let fresh = SiteModel(
        values: SiteValues(
          household: h, analysis: HouseholdAnalysis(h, clock: clock), links: Permalinks(h),
          markdown: markdown, mediaSizes: sizes))
      for kind in [RecordKind.gifts, .contacts] {
        let a = made.records[kind] ?? []
        let b = fresh.records[kind] ?? []
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) { #expect(x.value.isSame(as: y.value), "\(kind) \(x.id)") }
      }
      memory = made.valueMemory ?? ValueMemory()
      func taken(_ kind: RecordKind) -> Set<String> {
        Set((made.records[kind] ?? []).filter(\.isTaken).map(\.id))
      }
      return (taken(.gifts), taken(.contacts), shares)
    }
    let gifts = Set(household.gifts.map(\.id))
    let contacts = Set(household.contacts.map(\.id))
    #expect(model(household).gifts.isEmpty)
    let again = model(household)
    #expect(again.shares && again.gifts == gifts && again.contacts == contacts)
    // One gift edited: it and its recipient are made again, nothing else.
    var edited = household
    guard let g = edited.gifts.firstIndex(where: { $0.recipient != nil }),
      let her = edited.gifts[g].recipient
    else {
      Issue.record("no gift with a recipient")
      return
    }
    edited.gifts[g].title += " (blue)"
    let one = model(edited)
    #expect(one.shares)
    #expect(one.gifts == gifts.subtracting([edited.gifts[g].id]))
    #expect(one.contacts == contacts.subtracting([her]))
    // Her name changed: the links differ, so every gift is compared input by input, and
    // hers are made again.
    guard let n = edited.contacts.firstIndex(where: { $0.id == her }) else {
      Issue.record("no recipient")
      return
    }
    edited.contacts[n].name += " Jr."
    let renamed = model(edited)
    #expect(!renamed.shares)
    let hers = Set(edited.gifts.filter { $0.recipient == her }.map(\.id))
    #expect(renamed.gifts == gifts.subtracting(hers))
    // A gift removed: addresses assigned anew, kept values found by id.
    edited.gifts.remove(at: 0)
    let removed = model(edited)
    #expect(!removed.shares)
    #expect(removed.gifts == Set(edited.gifts.map(\.id)))
    #expect(model(edited).shares)
    // A picture's size known: the very same gift showing it is made again.
    guard let pictured = edited.gifts.first(where: { $0.photo != nil }), let photo = pictured.photo
    else {
      Issue.record("no gift with a photo")
      return
    }
    sizes[photo] = (width: 40, height: 30)
    let sized = model(edited)
    #expect(sized.shares)
    #expect(sized.gifts == Set(edited.gifts.map(\.id)).subtracting([pictured.id]))
    // The next day and another currency: every contact is made again (ages, days until,
    // planned spend), every gift taken.
    clock = LocalClock(now: clock.now.addingTimeInterval(86_400), timeZone: clock.timeZone)
    let nextDay = model(edited)
    #expect(nextDay.shares && nextDay.contacts.isEmpty)
    #expect(nextDay.gifts == Set(edited.gifts.map(\.id)))
    edited.settings.currency = "USD"
    let dollars = model(edited)
    #expect(dollars.shares && dollars.contacts.isEmpty)
    // Other Markdown options: nothing is taken.
    markdown = MarkdownOptions(allowRawHTML: true, smartPunctuation: false)
    let options = model(edited)
    #expect(!options.shares && options.gifts.isEmpty && options.contacts.isEmpty)
  }

  /// The names pages bind themselves (`SitePlan.contextNames`, which the skip decisions
  /// never take from the globals) cover every planned page's own context.
  @Test func everyPagesOwnNamesAreKnown() throws {
    let household = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    ).load().household
    let clock = LocalClock(now: IncrementalBuildTests.now, timeZone: household.settings.timeZone)
    let links = Permalinks(household)
    let model = SiteModel(
      values: SiteValues(
        household: household, analysis: HouseholdAnalysis(household, clock: clock), links: links,
        markdown: MarkdownOptions(), mediaSizes: [:]))
    let pages = SitePlan.pages(
      library: try TemplateLibrary(userFolder: nil, displayRoot: nil), model: model, links: links,
      feeds: FeedAddresses(settings: household.settings))
    #expect(pages.count { $0.record != nil } > 20)
    for page in pages {
      #expect(Set(page.context.keys).isSubset(of: SitePlan.contextNames), "\(page.path)")
    }
    // No global goes by one of those names (the skip decisions would digest it per page).
    #expect(SitePlan.contextNames.isDisjoint(with: model.globals.keys))
  }

  @Test func sameValuesAreTheSameByteForByte() {
    let list: TemplateValue = .array([.string("a"), .decimal(Decimal(string: "1.5") ?? 0)])
    #expect(list.isSame(as: list))
    #expect(list.isSame(as: .array([.string("a"), .decimal(Decimal(string: "1.5") ?? 0)])))
    #expect(
      !TemplateValue.decimal(Decimal(string: "1.5") ?? 0).isSame(
        as: .decimal(Decimal(string: "1.6") ?? 0)))
    #expect(!TemplateValue.string("\u{E9}").isSame(as: .string("e\u{301}")))
    #expect(!TemplateValue.string("a").isSame(as: .safe("a")))
    let map: TemplateValue = ["a": 1, "b": ["c": "d"]]
    #expect(map.isSame(as: ["b": ["c": "d"], "a": 1]))
    #expect(!map.isSame(as: ["a": 1, "b": ["c": "e"]]))
    #expect(!map.isSame(as: ["a": 1]))
    #expect(TemplateValue.null.isSame(as: .null))
    #expect(!TemplateValue.null.isSame(as: .bool(false)))
    // Keys equal only by Unicode equivalence print otherwise.
    let precomposed: TemplateValue = .dictionary(["caf\u{E9}": 1])
    #expect(!precomposed.isSame(as: .dictionary(["cafe\u{301}": 1])))
  }

  /// The field-by-field comparisons of records compare every field the types have: one
  /// left out would keep a value made of an older record.
  @Test func recordComparisonsCoverEveryField() throws {
    let household = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    ).load().household
    let gift = try #require(household.gifts.first)
    let contact = try #require(household.contacts.first)
    let occasion = try #require(household.occasions.first)
    // Counted by the fields `SameRecord.swift` compares; a new field must be added there.
    #expect(Mirror(reflecting: gift).children.count == 14)
    #expect(Mirror(reflecting: contact).children.count == 10)
    #expect(Mirror(reflecting: occasion).children.count == 10)
    #expect(Mirror(reflecting: gift.meta).children.count == 6)
    #expect(gift.isSame(as: gift) && contact.isSame(as: contact) && occasion.isSame(as: occasion))
    var g = gift
    g.title = gift.title.precomposedStringWithCanonicalMapping == gift.title ? gift.title + "!" : ""
    #expect(!g.isSame(as: gift))
    g = gift
    g.description += " "
    #expect(!g.isSame(as: gift))
    g = gift
    g.tags.append("x")
    #expect(!g.isSame(as: gift))
    g = gift
    g.meta.isPrivate.toggle()
    #expect(!g.isSame(as: gift))
    var e = gift
    e.title = "Caf\u{E9}"
    var d = gift
    d.title = "Cafe\u{301}"
    #expect(e.title == d.title && !e.isSame(as: d))
    var c = contact
    c.notes += "."
    #expect(!c.isSame(as: contact))
    var o = occasion
    o.recurring.toggle()
    #expect(!o.isSame(as: occasion))
  }

  /// Search entries kept from the last build are taken only for the same document and
  /// address: the index is the one written without any memory.
  @Test func searchEntriesKeptGiveTheSameIndex() {
    var household = DataLoader(
      root: repositoryRoot.appendingPathComponent("data"), displayRoot: "data"
    ).load().household
    var kept: SearchMemory? = SearchMemory()
    let first = SearchIndex.text(
      household, links: Permalinks(household), jobs: 2, memory: nil, kept: &kept)
    #expect(first == SearchIndex.text(household, links: Permalinks(household)))
    household.gifts[0].title += " (red)"
    household.contacts[0].tags.append("caf\u{E9}")
    let memory = kept
    let second = SearchIndex.text(
      household, links: Permalinks(household), jobs: 2, memory: memory, kept: &kept)
    #expect(second == SearchIndex.text(household, links: Permalinks(household)))
    #expect(second != first)
    #expect(second.contains("(red)"))
  }

  /// Over several runs of entries: a gift taken by its identity, runs taken whole, and
  /// records changed, renamed, removed and moved give a fresh index's bytes.
  @Test func searchIndexRunsAreTakenOnlyWhereTheirEntriesAre() throws {
    var files = ["vibekeeper.yml": "currency: eur\n", "contacts/ana.md": "---\nname: Ana\n---\n"]
    for n in 0..<600 {
      files["gifts/g\(1000 + n).md"] = "---\ntitle: Gift \(n)\nfor: ana\n---\n"
    }
    let folder = try TempFolder(files)
    defer { folder.cleanup() }
    var household = DataLoader(root: folder.url, displayRoot: "data").load().household
    #expect(household.gifts.count == 600)
    var kept: SearchMemory? = SearchMemory()
    func check(_ comment: Comment) {
      let memory = kept
      let links = Permalinks(household)
      let text = SearchIndex.text(household, links: links, jobs: 2, memory: memory, kept: &kept)
      #expect(text == SearchIndex.text(household, links: links), comment)
      #expect(kept?.entries.count == household.gifts.count + household.contacts.count, comment)
    }
    check("the first index")
    check("nothing changed")
    household.gifts[300].title = "Teapot"
    check("a title")
    household.contacts[0].name = "Ana Lima"
    check("the recipient renamed")
    household.gifts.remove(at: 10)
    check("a gift removed")
    household.gifts.removeLast()
    check("the last gift removed")
    household.gifts.insert(household.gifts[5], at: 0)
    check("a gift twice")
  }
}
