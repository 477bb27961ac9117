import Foundation

/// Renders every page of the site from a household and its analysis: a pure function of
/// its inputs (the same data, templates and clock give the same bytes).
public struct SiteRenderer: Sendable {
  /// The household.
  public let household: Household
  /// The analyses of `household` at the build's "now" (its gift index is the site's and
  /// the feeds'); only a check that renders no page may pass the whole household's.
  public let analysis: HouseholdAnalysis
  /// The templates.
  public let library: TemplateLibrary
  /// Undefined variables are errors.
  public let strict: Bool
  /// Every media file, by path inside the data folder (`media/x.png`).
  public let media: [String: MediaFile]
  /// When records last changed (the DTSTAMP of their calendar events).
  public let feedStamps: FeedStamps
  /// What the previous build's feeds published (for SEQUENCE), when known.
  public let previousFeedState: FeedState?

  /// How many pages are rendered at once (default: one per processor).
  public var jobs = Parallel.defaultJobs
  /// How the published site's pages were rendered, for skipping unchanged pages (nil:
  /// render every page).
  public var lastBuild: PageRecord?
  /// The hashes of the published site's files (its manifest); a page is only left as
  /// published when the file there is still the one `lastBuild` describes.
  public var publishedFiles: [String: ContentHash] = [:]
  /// Names the program that renders (its version or binary); pages rendered by another
  /// are rendered again.
  public var codeIdentity = ""
  /// Whether the dashboard may show secret feed addresses (a local build).
  public var showsSecretAddresses = false
  /// Whether renders record what they read and pages get fingerprints, for the next
  /// build to skip unchanged pages (false: `check`, whose pages are never kept).
  public var recordsReads = true
  /// Whether pages made of built-in templates alone are rendered (false: `check`, which
  /// renders only what the user's templates reach; the built-in templates are held to
  /// every record kind by the tests, so their renders would report nothing).
  public var rendersBuiltInPages = true
  /// What the last render in this process made (`watch`, `serve`): what is the same is
  /// taken from it. Nil: keep nothing (`Output.memory` stays nil).
  public var memory: RenderMemory?

  /// Creates a renderer.
  public init(
    household: Household, analysis: HouseholdAnalysis, library: TemplateLibrary, strict: Bool,
    media: [String: MediaFile], feedStamps: FeedStamps = FeedStamps(),
    previousFeedState: FeedState? = nil
  ) {
    self.household = household
    self.analysis = analysis
    self.library = library
    self.strict = strict
    self.media = media
    self.feedStamps = feedStamps
    self.previousFeedState = previousFeedState
  }

  /// What rendering produced.
  public struct Output: Sendable {
    /// The files of the site, in path order.
    public var files: [OutputFile] = []
    /// Template warnings and errors, missing media.
    public var diagnostics: [Diagnostic] = []
    /// HTML pages rendered.
    public var pages = 0
    /// Calendar feeds rendered.
    public var feeds = 0
    /// Whether any template failed (then the site must not be published).
    public var failed = false
    /// Pages and feeds rendered, and left as published because nothing they read changed.
    public var rendered = 0
    public var skipped = 0
    /// How this site's pages were rendered.
    public var record = PageRecord(environment: Fingerprint(high: 0, low: 0))
    /// What its feeds published (for SEQUENCE numbers next time); nil without feeds.
    public var feedState: FeedState?
    /// How long each part of the render took (`build --verbose`).
    public var steps = StepTimes()
    /// What this render made, for the next one in the process (when `memory` was given).
    public var memory: RenderMemory?
  }

  /// Renders the site; `progress` is told after each page (done, total).
  public func render(progress: (@Sendable (Int, Int) -> Void)? = nil) -> Output {
    let links = Permalinks(household, reusing: memory?.links)
    let addresses = FeedAddresses(settings: household.settings)
    let rendering = SiteRenderer.renderedTemplates(library, builtInPages: rendersBuiltInPages)
    if let rendering, rendering.isEmpty {
      let (pages, clashes, templateLeftOut) = plan(
        SiteModel(outline: values(links)), links, addresses)
      var out = Output()
      out.failed = templateLeftOut
      out.diagnostics = clashes + missingPhotos()
      out.countUnrendered(pages)
      return out
    }
    var steps = StepTimes()
    // The values are made for the prelude alone: the pages keep only what it made.
    let prelude = self.prelude(values(links), links)
    steps.finish("values")
    let environment = RenderEnvironment(
      clock: analysis.clock, currency: household.settings.currency, strict: strict,
      markdown: prelude.markdown)
    let (planned, clashes, templateLeftOut) = plan(prelude.model, links, addresses)
    steps.finish("plan")
    let pages = rendering.map { names in planned.filter { names.contains($0.template) } } ?? planned
    var globals = prelude.model.globals
    for (k, v) in prelude.feedValues { globals[k] = v }
    if case .dictionary(var site) = globals["site"] {
      site["feeds"] = SiteFeeds.value(
        library, addresses: addresses, shown: showsSecretAddresses)
      globals["site"] = .dictionary(site)
    }
    let pageNames = SitePlan.contextNames.union(["search_index"])
    var skipping = PageSkipping(
      fingerprints: PageFingerprint(
        environment: environment, library: library, codeIdentity: codeIdentity),
      lastBuild: lastBuild, published: publishedFiles, globals: globals, pageNames: pageNames,
      jobs: jobs, elements: memory?.elementDigests ?? [:], previous: memory?.skipBasis)
    if let memory { skipping.recordDigests = memory.pageDigests }
    steps.finish("globals")
    let results = renderPages(
      pages, globals: globals, searchIndex: prelude.searchIndex, environment: environment,
      skipping: skipping, progress: progress)
    steps.finish("pages")
    var out = collect(
      pages, results, record: PageRecord(environment: skipping.fingerprints.environment))
    if memory != nil {
      var kept = RenderMemory()
      kept.values = prelude.model.valueMemory ?? ValueMemory()
      kept.search = prelude.searchMemory ?? SearchMemory()
      kept.pageDigests = SiteRenderer.recordDigests(pages, results)
      kept.links = links
      kept.elementDigests = skipping.elementDigests
      kept.recordPages = SitePlan.RecordPages(planned, links: links.identity)
      kept.skipBasis = skipping.basis
      if clashes.isEmpty, !templateLeftOut {
        kept.clashFree = SitePlan.ClashFree(paths: planned.map(\.path), reserved: reservedPaths)
      }
      kept.giftLines = prelude.giftLines
      out.memory = kept
    }
    out.failed = out.failed || templateLeftOut
    out.steps = steps
    if let rendering {
      // `check`: the pages not rendered are counted, and nothing is kept.
      out.countUnrendered(planned.filter { !rendering.contains($0.template) })
      out.diagnostics += clashes + missingPhotos()
      out.steps.finish("files")
      return out
    }
    out.diagnostics += clashes
    let index = Array(prelude.searchIndex.utf8)
    out.files.append(OutputFile(path: "search-index.json", bytes: index))
    // The same index as a script the search page loads (fetch is blocked from file://),
    // written into room for all of it (megabytes at 10,000 records).
    var script = Array("window.vibekeeperSearchIndex = ".utf8)
    script.reserveCapacity(script.count + index.count + 2)
    script += index
    script += [UInt8(ascii: ";"), UInt8(ascii: "\n")]
    out.files.append(OutputFile(path: "search-index.js", bytes: script))
    if pages.contains(where: { $0.path.hasSuffix(".ics") }) { out.feedState = prelude.feedState }
    for path in media.keys.sorted() {
      guard let file = media[path], let hash = file.hash else { continue }
      out.files.append(.copy(path: path, from: file.fullPath, hash: hash))
    }
    out.diagnostics += missingPhotos()
    out.files.sort { $0.path < $1.path }
    out.steps.finish("files")
    return out
  }

  /// The values of the records, their analyses and the media.
  private func values(_ links: Permalinks) -> SiteValues {
    var sizes: [String: (width: Int, height: Int)] = [:]
    for (path, file) in media { sizes[path] = ImageSize.of(file.header) }
    let settings = household.settings
    return SiteValues(
      household: household, analysis: analysis, links: links,
      markdown: MarkdownOptions(
        allowRawHTML: settings.markdown.unsafeHTML,
        smartPunctuation: settings.markdown.smartPunctuation),
      mediaSizes: sizes, reusing: memory?.values.refs)
  }

  /// The site's pages, without those that clash, and an error for each clash.
  private func plan(_ model: SiteModel, _ links: Permalinks, _ addresses: FeedAddresses) -> (
    [SitePlan.Page], [Diagnostic], Bool
  ) {
    SitePlan.withoutClashes(
      SitePlan.pages(
        library: library, model: model, links: links, feeds: addresses,
        last: memory?.recordPages),
      reserved: reservedPaths, library: library, last: memory?.clashFree)
  }

  /// The outputs that are not pages: the search index and the media files.
  private var reservedPaths: Set<String> {
    Set(["search-index.json", "search-index.js"] + media.keys)
  }

  /// What the pages share, made before any page: the record values, the feeds and the
  /// search index (independent, so built at once).
  private func prelude(_ values: SiteValues, _ links: Permalinks) -> Prelude {
    let parts = Parallel.map(3, jobs: jobs) { part -> PreludePart in
      switch part {
      case 0:
        return .model(SiteModel(values: values, memory: memory?.values))
      case 1:
        var inputs = FeedInputs(
          household: household, analysis: analysis, stamps: feedStamps, links: links)
        inputs.giftLines = memory?.giftLines
        let feeds = Feeds(inputs, previous: previousFeedState)
        return .feeds(feeds.templateValues, feeds.state, feeds.giftLines)
      default:
        // `search-index.json`, and the script the search page loads (fetch of a local file
        // is blocked from file://); JSONValue escapes <, > and & so it is safe in a script.
        var kept = memory.map { _ in SearchMemory() }
        let text = SearchIndex.text(
          household, links: links, jobs: jobs, memory: memory?.search, kept: &kept)
        return .search(text, kept)
      }
    }
    var prelude = Prelude(markdown: values.markdown)
    for part in parts {
      switch part {
      case .model(let model): prelude.model = model
      case .feeds(let values, let state, let lines):
        (prelude.feedValues, prelude.feedState, prelude.giftLines) = (values, state, lines)
      case .search(let index, let kept): (prelude.searchIndex, prelude.searchMemory) = (index, kept)
      }
    }
    return prelude
  }

  /// Renders (or keeps as published) every page, in page order. Each worker turns its page
  /// into bytes at once, so the text is freed as it goes; the largest outputs (feeds, list
  /// pages) start first, so no worker is left alone with one of them at the end.
  private func renderPages(
    _ pages: [SitePlan.Page], globals: [String: TemplateValue], searchIndex: String,
    environment: RenderEnvironment, skipping: PageSkipping,
    progress: (@Sendable (Int, Int) -> Void)?
  ) -> [Result<PageOutcome, TemplateError>] {
    let done = Counter()
    let reads = ReadsInterner()
    let heavy = pages.indices.filter { SiteRenderer.isHeavy(pages[$0].path) }
    let order = heavy + pages.indices.filter { !SiteRenderer.isHeavy(pages[$0].path) }
    let unordered = Parallel.map(order.count, jobs: jobs) { k in
      defer { progress?(done.increment(), pages.count) }
      return renderPage(
        pages[order[k]], globals: globals, searchIndex: searchIndex, environment: environment,
        skipping: skipping, reads: reads)
    }
    var rendered = unordered
    for (k, n) in order.enumerated() { rendered[n] = unordered[k] }
    return rendered
  }

  /// One page: left as published when nothing it read changed, else rendered.
  private func renderPage(
    _ page: SitePlan.Page, globals: [String: TemplateValue], searchIndex: String,
    environment: RenderEnvironment, skipping: PageSkipping, reads interner: ReadsInterner
  ) -> Result<PageOutcome, TemplateError> {
    let isSearch = page.template == "search.html"
    func value(_ name: String) -> TemplateValue? {
      if isSearch, name == "search_index" { return .safe(searchIndex) }
      return page.context[name] ?? globals[name]
    }
    func names() -> [String] {
      Set(globals.keys).union(page.context.keys).union(isSearch ? ["search_index"] : []).sorted()
    }
    if let kept = skipping.unchanged(page, value: value, names: names) {
      return .success(
        PageOutcome(
          file: .unchanged(path: page.path, hash: kept.entry.output), warnings: [],
          fingerprint: kept.fingerprint, reads: kept.reads, lastReadsIndex: kept.entry.readsIndex,
          recordDigests: kept.digests))
    }
    var context = globals
    for (k, v) in page.context { context[k] = v }
    if isSearch { context["search_index"] = .safe(searchIndex) }
    do throws(TemplateError) {
      let r = try library.render(
        page.template, context: context, environment: environment,
        recordingReads: recordsReads)
      // Hashed here, on the worker: the page record and the publisher need the hash.
      let file = OutputFile.hashing(path: page.path, bytes: r.bytes)
      // A page with warnings is rendered every time, so its warnings are always reported.
      guard let reads = r.reads.map(interner.intern), r.warnings.isEmpty else {
        return .success(
          PageOutcome(
            file: file, warnings: r.warnings, fingerprint: nil, reads: nil, lastReadsIndex: nil))
      }
      let (fingerprint, digests) = skipping.fingerprint(
        of: page, reads: reads, value: value, names: names)
      return .success(
        PageOutcome(
          file: file, warnings: [], fingerprint: fingerprint, reads: reads, lastReadsIndex: nil,
          recordDigests: digests))
    } catch {
      return .failure(error)
    }
  }

  /// The pages' files, warnings, counts and page record, in page order.
  private func collect(
    _ pages: [SitePlan.Page], _ results: [Result<PageOutcome, TemplateError>], record: PageRecord
  ) -> Output {
    var out = Output()
    out.record = record
    out.record.reserveCapacity(pages.count)
    out.files.reserveCapacity(pages.count + 2)
    // A record page that failed is the record's failure where its template rendered
    // another record's page, or has one record only (its data and the template cannot be
    // told apart: the record is left out, the site is published). A template that failed
    // for every one of two or more records is the template's own failure.
    var rendersRecords: Set<String> = []
    var failures: [String: Int] = [:]
    for (page, result) in zip(pages, results) where page.record != nil {
      switch result {
      case .success: rendersRecords.insert(page.template)
      case .failure: failures[page.template, default: 0] += 1
      }
    }
    for (template, n) in failures where n == 1 { rendersRecords.insert(template) }
    for (page, result) in zip(pages, results) {
      switch result {
      case .success(let outcome):
        out.diagnostics += outcome.warnings
        out.files.append(outcome.file)
        if let fingerprint = outcome.fingerprint, let reads = outcome.reads {
          let hash = outcome.file.knownHash ?? ContentHash(outcome.file.bytes)
          out.record.set(
            page.path, fingerprint: fingerprint, output: hash, reads: reads,
            numberInLast: outcome.lastReadsIndex)
        }
        if outcome.file.reused != nil { out.skipped += 1 } else { out.rendered += 1 }
        if page.path.hasSuffix(".html") { out.pages += 1 }
        if page.path.hasSuffix(".ics") { out.feeds += 1 }
      case .failure(let error):
        out.diagnostics.append(error.diagnostic)
        if let record = page.record, rendersRecords.contains(page.template) {
          // One record the template cannot show is left out, said at the record; the
          // rest of the site is published.
          out.diagnostics.append(
            Diagnostic(
              .warning, record.location,
              "the page of \(page.origin) is left out: it cannot be rendered (\(error.message))",
              hint: "the error names the template line; check this record's values"))
        } else {
          out.failed = true
        }
      }
    }
    return out
  }

  /// What each record page read of its record's value, digested, with the fingerprint the
  /// page got: for the next build in the process (`PageDigestMemory`).
  private static func recordDigests(
    _ pages: [SitePlan.Page], _ results: [Result<PageOutcome, TemplateError>]
  ) -> PageDigestMemory {
    var memory = PageDigestMemory()
    for (page, result) in zip(pages, results) {
      guard case .success(let outcome) = result, let fingerprint = outcome.fingerprint,
        !outcome.recordDigests.isEmpty
      else { continue }
      memory.pages[page.path] = PageDigestMemory.Entry(
        fingerprint: fingerprint, digests: outcome.recordDigests)
    }
    return memory
  }

  /// A warning for each gift or contact whose photo is not among the media files.
  private func missingPhotos() -> [Diagnostic] {
    var out: [Diagnostic] = []
    func missing(_ photo: String, _ meta: RecordMeta, _ kind: String) {
      out.append(
        Diagnostic(
          .warning, meta.location, "the photo \(photo) of \(kind) '\(meta.id)' does not exist",
          hint: "put the image at data/\(photo), or correct the `photo:` path"))
    }
    // Only a record with a missing photo is looked at further.
    for g in household.gifts {
      if let photo = g.photo, media[photo] == nil { missing(photo, g.meta, "gift") }
    }
    for c in household.contacts {
      if let photo = c.photo, media[photo] == nil { missing(photo, c.meta, "contact") }
    }
    return out
  }
}

extension SiteRenderer.Output {
  /// Counts pages that were planned and not rendered (by `check`).
  mutating func countUnrendered(_ planned: [SitePlan.Page]) {
    skipped += planned.count
    pages += planned.count { $0.path.hasSuffix(".html") }
    feeds += planned.count { $0.path.hasSuffix(".ics") }
  }
}

extension SiteRenderer {
  /// The templates whose pages are rendered: all of them (nil), or without `builtInPages`
  /// only those that reach the user's templates (`TemplateLibrary.reachesUserTemplate`).
  static func renderedTemplates(_ library: TemplateLibrary, builtInPages: Bool) -> Set<String>? {
    builtInPages ? nil : Set(library.names.filter(library.reachesUserTemplate))
  }

  /// Whether an output usually holds every record or event (a feed, a list page).
  static func isHeavy(_ path: String) -> Bool {
    path.hasSuffix(".ics") || path.hasSuffix("index.html")
  }
}

/// One page's result: its file (or a reference to the published one), warnings, and what
/// the page record keeps of it (none when it must be rendered next time regardless).
private struct PageOutcome: Sendable {
  let file: OutputFile
  let warnings: [Diagnostic]
  let fingerprint: Fingerprint?
  let reads: RenderReads?
  /// For a page left as published: its reads' number in the last build's record.
  let lastReadsIndex: Int?
  /// What a record page read of its record's value, digested (`PageDigestMemory`).
  var recordDigests: [PageDigestMemory.Member] = []
}

/// What the pages share: the record values, the feeds and the search index.
private struct Prelude {
  var model = SiteModel.empty
  var feedValues: [String: TemplateValue] = [:]
  var feedState = FeedState()
  var searchIndex = ""
  /// The search index's entries, for the next build in the process.
  var searchMemory: SearchMemory?
  /// The gifts' lines in the feeds, for the next build in the process.
  var giftLines: FeedEvents.GiftLines?
  let markdown: MarkdownOptions

  init(markdown: MarkdownOptions) { self.markdown = markdown }
}

/// One of the three independent parts of the prelude.
private enum PreludePart: Sendable {
  case model(SiteModel)
  case feeds([String: TemplateValue], FeedState, FeedEvents.GiftLines)
  case search(String, SearchMemory?)
}

/// A count shared by the rendering workers (for progress).
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// Adds one; returns the new count.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
