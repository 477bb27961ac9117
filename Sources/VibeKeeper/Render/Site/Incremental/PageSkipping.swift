/// Decides, page by page, whether the published copy of a page can stay: its fingerprint
/// (what its last render read, seen in today's values) is the one recorded, and the
/// published file is still the one the record describes.
struct PageSkipping: Sendable {
  /// Fingerprints for this build's environment and templates.
  let fingerprints: PageFingerprint
  /// The published site's record, when it was made in the same environment.
  let last: PageRecord?
  /// The published files' hashes.
  let published: [String: ContentHash]
  /// For each of the last record's distinct reads, its members' digests by position when
  /// the member is a global (nil: a page's own value, digested per page).
  private let globalDigests: [[Fingerprint?]]
  /// The digests of the globals the last record's pages read (for the next build).
  let globalsKnown: [ReadSet.Member: DigestMemory.Known]
  /// The digests the last build in this process worked out.
  private let memory: DigestMemory?
  /// The names a page's own context may bind.
  private let pageNames: Set<String>

  /// Prepares the skip decisions: the globals' digests are worked out once per distinct
  /// (name, reads) pair, on `jobs` workers, instead of once per page, or taken from
  /// `memory` where the value is the same. `pageNames` are the names a page's own context
  /// may bind (never taken from the globals).
  init(
    fingerprints: PageFingerprint, lastBuild: PageRecord?, published: [String: ContentHash],
    globals: [String: TemplateValue], pageNames: Set<String>, jobs: Int,
    memory: DigestMemory? = nil
  ) {
    self.fingerprints = fingerprints
    self.memory = memory
    self.pageNames = pageNames
    let last = lastBuild?.environment == fingerprints.environment ? lastBuild : nil
    self.last = last
    self.published = published
    guard let last else {
      globalDigests = []
      globalsKnown = [:]
      return
    }
    var wanted: [ReadSet.Member] = []
    var seen: Set<ReadSet.Member> = []
    for reads in last.reads {
      for m in reads.context.members where !pageNames.contains(m.name) && seen.insert(m).inserted {
        wanted.append(m)
      }
    }
    let members = wanted
    let known = Parallel.map(members.count, jobs: jobs) { i in
      DigestMemory.Known(
        members[i].reads, globals[members[i].name], knowing: memory?.globals[members[i]])
    }
    let byMember = Dictionary(zip(members, known), uniquingKeysWith: { a, _ in a })
    globalsKnown = byMember
    globalDigests = last.reads.map { reads in reads.context.members.map { byMember[$0]?.digest } }
  }

  /// The page's record entry, its reads and their number in the last record when the
  /// published page can stay; nil when the page must be rendered. `value` gives the page's
  /// variables, `names` all their names; `digests` gets the digests of the page's own values.
  func unchanged(
    _ page: SitePlan.Page, value: (String) -> TemplateValue?, names: () -> [String],
    digests: inout [String: DigestMemory.Known]
  ) -> (fingerprint: Fingerprint, entry: PageRecord.Entry, reads: RenderReads)? {
    guard let last, let entry = last.entries[page.path], published[page.path] == entry.output
    else { return nil }
    let known = globalDigests[entry.readsIndex]
    let reads = last.reads[entry.readsIndex]
    let fingerprint = fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { i, m in
        (i < known.count ? known[i] : nil) ?? own(m, of: page, value: value, into: &digests)
      },
      names: names)
    guard fingerprint == entry.fingerprint else { return nil }
    return (fingerprint, entry, reads)
  }

  /// The fingerprint of a page just rendered with `reads`; `digests` gets the digests of
  /// the page's own values.
  func fingerprint(
    of page: SitePlan.Page, reads: RenderReads, value: (String) -> TemplateValue?,
    names: () -> [String], digests: inout [String: DigestMemory.Known]
  ) -> Fingerprint {
    fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { _, m in
        if !pageNames.contains(m.name), let global = globalsKnown[m] { return global.digest }
        return own(m, of: page, value: value, into: &digests)
      }, names: names)
  }

  /// The digest of member `m` of the page's values, from the memory when it is the same.
  private func own(
    _ m: ReadSet.Member, of page: SitePlan.Page, value: (String) -> TemplateValue?,
    into digests: inout [String: DigestMemory.Known]
  ) -> Fingerprint {
    let known = DigestMemory.Known(
      m.reads, value(m.name), knowing: memory?.pages[page.path]?[m.name])
    if memory != nil { digests[m.name] = known }
    return known.digest
  }
}
