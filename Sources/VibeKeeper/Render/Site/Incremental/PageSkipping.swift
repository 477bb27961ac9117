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
  /// What the record pages of the last build in this process read of their records'
  /// values, digested (empty: a process's first build).
  var recordDigests = PageDigestMemory()
  /// The digests of the elements of the global lists the last record's pages read, for the
  /// next build in the process (`ReadSet.digest(of:reusing:)`).
  private(set) var elementDigests: [ReadSet.Member: ReadSet.ElementDigests] = [:]
  /// What this build's fingerprints are made from, for the next build in the process.
  private(set) var basis: Basis?
  /// For each of the last record's distinct reads, whether the globals it reads digest as
  /// they did in the last build in this process, with the same basis (`Basis`).
  private let sameGlobals: [Bool]

  /// What a build's page fingerprints are made from besides the page itself: the
  /// environment, the templates and the date (`PageFingerprint`), every global's name, and
  /// what each distinct reads saw of the globals. A page taken whole from the last build in
  /// the process (`SitePlan.Page.reused`), whose reads saw the same of the globals under the
  /// same basis, gets the fingerprint it got then, without hashing it again.
  struct Basis: Sendable {
    let fingerprints: PageFingerprint
    let globalNames: Set<String>
    let globalDigests: [RenderReads: [Fingerprint?]]
  }

  /// Prepares the skip decisions: the globals' digests are worked out once per distinct
  /// (name, reads) pair, on `jobs` workers, instead of once per page. `pageNames` are the
  /// names a page's own context may bind (never taken from the globals). The digests of
  /// global lists' elements that are the same as in `elements` (the last build's in the
  /// process) are taken from there; `previous` is the last build's `basis` in the process.
  init(
    fingerprints: PageFingerprint, lastBuild: PageRecord?, published: [String: ContentHash],
    globals: [String: TemplateValue], pageNames: Set<String>, jobs: Int,
    elements: [ReadSet.Member: ReadSet.ElementDigests] = [:], previous: Basis? = nil
  ) {
    self.fingerprints = fingerprints
    let last = lastBuild?.environment == fingerprints.environment ? lastBuild : nil
    self.last = last
    self.published = published
    guard let last else {
      globalDigests = []
      sameGlobals = []
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
    let made = Parallel.map(members.count, jobs: jobs) { i in
      members[i].reads.digest(of: globals[members[i].name], reusing: elements[members[i]])
    }
    let digests = made.map(\.0)
    for (member, (_, kept)) in zip(members, made) where kept.count > 0 {
      elementDigests[member] = kept
    }
    let byMember = Dictionary(zip(members, digests), uniquingKeysWith: { a, _ in a })
    globalDigests = last.reads.map { reads in reads.context.members.map { byMember[$0] } }
    let names = Set(globals.keys)
    let comparable =
      previous.map { $0.fingerprints == fingerprints && $0.globalNames == names } ?? false
    sameGlobals = zip(last.reads, globalDigests).map { reads, digests in
      comparable && previous?.globalDigests[reads] == digests
    }
    basis = Basis(
      fingerprints: fingerprints, globalNames: names,
      globalDigests: Dictionary(
        zip(last.reads, globalDigests), uniquingKeysWith: { a, _ in a }))
  }

  /// The page's record entry, its reads and their number in the last record when the
  /// published page can stay; nil when the page must be rendered. `value` gives the page's
  /// variables, `names` all their names. `digests` are what the page read of its record's
  /// value, digested, for the next build in the process.
  func unchanged(
    _ page: SitePlan.Page, value: (String) -> TemplateValue?, names: () -> [String]
  ) -> (
    fingerprint: Fingerprint, entry: PageRecord.Entry, reads: RenderReads,
    digests: [PageDigestMemory.Member]
  )? {
    guard let last, let entry = last.entries[page.path], published[page.path] == entry.output
    else { return nil }
    let known = globalDigests[entry.readsIndex]
    let reads = last.reads[entry.readsIndex]
    // A page taken whole, reading the same of the globals: its fingerprint is the one it
    // got in the last build (every input to it is the same), so it is not hashed again.
    if page.reused, sameGlobals[entry.readsIndex],
      let kept = recordDigests.pages[page.path], kept.fingerprint == entry.fingerprint
    {
      return (entry.fingerprint, entry, reads, kept.digests)
    }
    var digests: [PageDigestMemory.Member] = []
    let fingerprint = fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { i, m in
        if i < known.count, let global = known[i] { return global }
        if page.recordValueTaken, Self.holdsRecord(page, m.name),
          let digest = recordDigests.digest(m.name, path: page.path, fingerprint: entry.fingerprint)
        {
          digests.append(PageDigestMemory.Member(name: m.name, digest: digest))
          return digest
        }
        return Self.digest(page, m, value, into: &digests)
      },
      names: names)
    guard fingerprint == entry.fingerprint else { return nil }
    return (fingerprint, entry, reads, digests)
  }

  /// The fingerprint of a page just rendered with `reads`, and what it read of its
  /// record's value, digested.
  func fingerprint(
    of page: SitePlan.Page, reads: RenderReads, value: (String) -> TemplateValue?,
    names: () -> [String]
  ) -> (Fingerprint, digests: [PageDigestMemory.Member]) {
    var digests: [PageDigestMemory.Member] = []
    let fingerprint = fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { Self.digest(page, $1, value, into: &digests) }, names: names)
    return (fingerprint, digests)
  }

  /// The digest of what `member` read of its value; kept in `digests` when the value is
  /// the page's record.
  private static func digest(
    _ page: SitePlan.Page, _ member: ReadSet.Member, _ value: (String) -> TemplateValue?,
    into digests: inout [PageDigestMemory.Member]
  ) -> Fingerprint {
    let digest = PageFingerprint.digest(of: member.reads, value(member.name))
    if holdsRecord(page, member.name) {
      digests.append(PageDigestMemory.Member(name: member.name, digest: digest))
    }
    return digest
  }

  /// Whether the page's variable `name` holds its record's value (`record`, or the kind's
  /// singular name, `SitePlan.singular`).
  private static func holdsRecord(_ page: SitePlan.Page, _ name: String) -> Bool {
    guard let record = page.record else { return false }
    return name == "record" || name == SitePlan.singular(record.kind)
  }
}
