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

  /// Prepares the skip decisions: the globals' digests are worked out once per distinct
  /// (name, reads) pair, on `jobs` workers, instead of once per page. `pageNames` are the
  /// names a page's own context may bind (never taken from the globals).
  init(
    fingerprints: PageFingerprint, lastBuild: PageRecord?, published: [String: ContentHash],
    globals: [String: TemplateValue], pageNames: Set<String>, jobs: Int
  ) {
    self.fingerprints = fingerprints
    let last = lastBuild?.environment == fingerprints.environment ? lastBuild : nil
    self.last = last
    self.published = published
    guard let last else {
      globalDigests = []
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
    let digests = Parallel.map(members.count, jobs: jobs) { i in
      PageFingerprint.digest(of: members[i].reads, globals[members[i].name])
    }
    let byMember = Dictionary(zip(members, digests), uniquingKeysWith: { a, _ in a })
    globalDigests = last.reads.map { reads in reads.context.members.map { byMember[$0] } }
  }

  /// The page's record entry, its reads and their number in the last record when the
  /// published page can stay; nil when the page must be rendered. `value` gives the page's
  /// variables, `names` all their names.
  func unchanged(
    _ page: SitePlan.Page, value: (String) -> TemplateValue?, names: () -> [String]
  ) -> (fingerprint: Fingerprint, entry: PageRecord.Entry, reads: RenderReads)? {
    guard let last, let entry = last.entries[page.path], published[page.path] == entry.output
    else { return nil }
    let known = globalDigests[entry.readsIndex]
    let reads = last.reads[entry.readsIndex]
    let fingerprint = fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { i, m in
        (i < known.count ? known[i] : nil) ?? PageFingerprint.digest(of: m.reads, value(m.name))
      },
      names: names)
    guard fingerprint == entry.fingerprint else { return nil }
    return (fingerprint, entry, reads)
  }

  /// The fingerprint of a page just rendered with `reads`.
  func fingerprint(
    of page: SitePlan.Page, reads: RenderReads, value: (String) -> TemplateValue?,
    names: () -> [String]
  ) -> Fingerprint {
    fingerprints.of(
      template: page.template, path: page.path, reads: reads,
      member: { PageFingerprint.digest(of: $1.reads, value($1.name)) }, names: names)
  }
}
